import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryAuthoring
@testable import GalleryContent
import GalleryKit
@testable import GallerySupport

/// gallerygen's own recipe pages, imported back through their JSON-LD, give the same recipes.
@Suite struct RoundTripTests {
    static let recipes = [
        "shakshuka.md": """
            ---
            title: Shakshuka
            summary: Eggs poached in a spiced tomato sauce.
            tags: [breakfast, eggs]
            keywords: [one pan]
            category: Breakfast
            cuisine: North African
            servings: 4
            prep_time: 10 min
            cook_time: 25 min
            author: Test Kitchen
            date: 2024-04-02
            equipment: [Deep frying pan]
            suitable_for_diet: [vegetarian]
            nutrition: { calories: 320 kcal, protein: 18 g }
            source: { name: Grandma, url: "https://grandma.example/shakshuka" }
            video: https://www.youtube.com/watch?v=dQw4w9WgXcQ
            ingredients:
              - 2 tbsp olive oil
              - 1 [onion](https://example.com/onions), sliced
              - 800 g tinned tomatoes
              - 6 eggs
            ---
            A one-pan breakfast.

            ## Method

            1. Soften the onion in the oil.
            2. Add the tomatoes and simmer for 15 minutes.
            3. Crack in the eggs, cover and cook until set.
            """,
        "sour.md": """
            ---
            title: Whisky Sour
            yield: 1 coupe
            ingredients: ["50 ml whisky", "25 ml lemon juice", "15 ml sugar syrup"]
            directions:
              - group: Shake
                steps: [Dry shake everything., Shake again with ice.]
              - group: Serve
                steps: [Strain into a chilled coupe.]
            ---
            """,
    ]

    @Test func builtRecipePagesImportBackAsTheSameRecipes() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/site.yml", "title: Round trip\n")
        for (name, text) in Self.recipes { try folder.write("site/recipes/\(name)", text) }
        let site = folder.url.appendingPathComponent("site")
        let output = folder.url.appendingPathComponent("out")
        _ = try SiteBuilder(options: BuildOptions(siteDirectory: site, outputDirectory: output, themeDirectory: Repository.templates)).build()
        var source = ImportSource()
        source.read(output.appendingPathComponent("recipes/shakshuka/index.html"), display: "shakshuka.html", format: nil, slugStyle: .unicode)
        source.read(output.appendingPathComponent("recipes/sour/index.html"), display: "sour.html", format: nil, slugStyle: .unicode)
        #expect(source.diagnostics.isEmpty, "\(source.diagnostics)")
        let plan = ImportPlan(source.recipes, slugStyle: .unicode, fetch: nil)
        #expect(plan.diagnostics.isEmpty, "\(plan.diagnostics)")
        func parsed(_ text: String, _ name: String) throws -> Recipe {
            try #require(RecipeParser.parse(text, sourcePath: "recipes/\(name)", displayPath: name).0)
        }
        let files = Dictionary(uniqueKeysWithValues: plan.files.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) })
        let original = try parsed(Self.recipes["shakshuka.md"]!, "shakshuka.md")
        let back = try parsed(try #require(files["recipes/shakshuka.md"]), "shakshuka.md")
        #expect(back.title == original.title)
        #expect(back.summary == original.summary)
        #expect(back.ingredients.map { ImportedText.plain($0) } == ["2 tbsp olive oil", "1 onion, sliced", "800 g tinned tomatoes", "6 eggs"])
        #expect(back.method == [MethodGroup(title: nil, steps: ["Soften the onion in the oil.", "Add the tomatoes and simmer for 15 minutes.",
                                                                "Crack in the eggs, cover and cook until set."])])
        #expect(back.prepTime == original.prepTime && back.cookTime == original.cookTime)
        #expect(back.servings == original.servings)
        #expect(back.category == original.category && back.cuisine == original.cuisine)
        #expect(back.author == original.author && back.date == original.date)
        #expect(back.equipment == original.equipment && back.suitableForDiet == original.suitableForDiet)
        #expect(back.nutrition == original.nutrition)
        #expect(back.source?.url == original.source?.url)
        #expect(back.video?.kind == original.video?.kind, "the same YouTube video (its embed address)")
        // The page's JSON-LD lists the tags with the keywords (schema.org has no tags): they come back as keywords.
        #expect(back.keywords == original.tags + original.keywords)
        let sour = try parsed(try #require(files["recipes/whisky-sour.md"]), "whisky-sour.md")
        #expect(sour.yield == "1 coupe" || sour.servings?.countText == "1")
        #expect(sour.method == [MethodGroup(title: "Shake", steps: ["Dry shake everything.", "Shake again with ice."]),
                                MethodGroup(title: "Serve", steps: ["Strain into a chilled coupe."])])
        #expect(sour.ingredients == ["50 ml whisky", "25 ml lemon juice", "15 ml sugar syrup"])
    }
}
