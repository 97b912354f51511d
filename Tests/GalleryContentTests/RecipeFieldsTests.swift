import Foundation
import Testing
@testable import GalleryContent
@testable import GallerySupport

@Suite struct RecipeFieldsTests {
    func parse(_ frontMatter: String, body: String = "") -> (Recipe?, [Diagnostic]) {
        RecipeParser.parse("---\ntitle: Test\n" + frontMatter + "\n---\n" + body,
                           sourcePath: "recipes/test.md", displayPath: "recipes/test.md")
    }

    func messages(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.line):\($0.column): \($0.severity == .error ? "error" : "warning"): \($0.message)" }
    }

    @Test func packedFieldsTagsAndIngredientsReadBackAsWritten() {
        // Fields read one by one and lists read whole come out of one packed text; empty parts,
        // the first and the last included.
        var recipe = Recipe(slug: "negroni", title: "Negroni", sourcePath: "recipes/negroni.md", summary: "",
                            tags: ["bitter", "stirred", "classic"], glass: "rocks")
        recipe.ingredients = ["30 ml gin", "", "30 ml vermouth"]
        #expect(recipe.slug == "negroni" && recipe.title == "Negroni" && recipe.summary == "" && recipe.glass == "rocks")
        #expect(recipe.tags == ["bitter", "stirred", "classic"])
        #expect(recipe.ingredients == ["30 ml gin", "", "30 ml vermouth"])
        recipe.ingredients = ["ice", ""]
        recipe.tags = []
        #expect(recipe.tags == [] && recipe.ingredients == ["ice", ""] && recipe.title == "Negroni")
    }

    @Test func flatIngredientsAreOneUntitledGroup() throws {
        let (recipe, diagnostics) = parse("ingredients:\n  - 50 ml rum\n  - Ice")
        #expect(diagnostics.isEmpty)
        let value = try #require(recipe)
        #expect(value.ingredientGroups == [IngredientGroup(title: nil, items: ["50 ml rum", "Ice"])])
        #expect(value.ingredients == ["50 ml rum", "Ice"])
    }

    @Test func groupedIngredientsKeepHeadingsAndFlattenForRecipeIngredient() throws {
        let (recipe, diagnostics) = parse("""
            ingredients:
              - 1 egg
              - group: For the syrup
                items:
                  - 100 g sugar
                  - 100 ml water
              - group: To serve
                items: [Ice]
            """)
        #expect(diagnostics.isEmpty)
        let value = try #require(recipe)
        #expect(value.ingredientGroups == [IngredientGroup(title: nil, items: ["1 egg"]),
                                           IngredientGroup(title: "For the syrup", items: ["100 g sugar", "100 ml water"]),
                                           IngredientGroup(title: "To serve", items: ["Ice"])])
        #expect(value.ingredients == ["1 egg", "100 g sugar", "100 ml water", "Ice"])
    }

    @Test func malformedGroupsGetPositionedErrors() {
        let (recipe, diagnostics) = parse("""
            ingredients:
              - For the sauce:
              - group: Syrup
              - group: [a]
                items: [x]
              - group: Garnish
                items: lime
              - group: Ice
                items: [cubes]
                colour: blue
            """)
        #expect(recipe == nil)
        #expect(messages(diagnostics) == [
            "4:5: error: 'For the sauce:' in 'ingredients' looks like a group heading: write '- group: For the sauce' and list its ingredients under 'items:'",
            "5:5: error: the ingredient group 'Syrup' has no 'items:' list",
            "6:12: error: 'group' must be a heading such as 'For the syrup', found a list",
            "9:12: error: 'items' of an ingredient group must be a list of ingredients, found a scalar",
            "12:5: error: unknown key 'colour' in an ingredient group (a group has 'group:' and 'items:')",
        ])
    }

    @Test func explicitFieldsAreRead() throws {
        let (recipe, diagnostics) = parse("""
            category: Dessert
            cuisine: Thai
            keywords: sticky, sweet
            servings: 12 cookies
            total_time: 1 h
            equipment: [Wok]
            suitable_for_diet: [vegan, Gluten-free, HalalDiet]
            source: { name: Grandma, url: "https://example.com/r" }
            """)
        #expect(diagnostics.isEmpty)
        let value = try #require(recipe)
        #expect(value.category == "Dessert")
        #expect(value.cuisine == "Thai")
        #expect(value.keywords == ["sticky", "sweet"])
        #expect(value.servings?.count == 12)
        #expect(value.servings?.description == "12 cookies")
        #expect(value.totalTime?.seconds == 3600)
        #expect(value.equipment == ["Wok"])
        #expect(value.suitableForDiet == ["VeganDiet", "GlutenFreeDiet", "HalalDiet"])
        #expect(value.source == RecipeSource(name: "Grandma", url: "https://example.com/r"))
        #expect(parse("servings: 4").0?.servings?.description == "4")
    }

    @Test func badFieldValuesAreErrorsAtTheirValue() {
        let (_, diagnostics) = parse("""
            servings: some
            total_time: soon
            suitable_for_diet: [paleo]
            source: { url: "ftp://x" }
            video: https://example.com/page.html
            """)
        #expect(messages(diagnostics) == [
            "3:11: error: 'servings' must be a number with an optional unit, such as '4' or '12 cookies', found 'some'",
            "4:13: error: 'total_time' must be a duration such as '5 min' or '1 h 30 min', found 'soon'",
            "7:8: error: video 'https://example.com/page.html' must be a YouTube or Vimeo page or a video file (.mp4, .webm, .mov, .m4v, .ogv)",
            "5:21: error: 'paleo' is not a schema.org diet; use one of \(RestrictedDiet.values.joined(separator: ", ")) (or 'vegan', 'gluten-free' and so on)",
            "6:16: error: 'source.url' must be an http or https URL, found 'ftp://x'",
        ])
    }

    @Test func nutritionUnitsAreCheckedAndNormalised() throws {
        let (recipe, diagnostics) = parse("""
            nutrition:
              calories: 240
              fat: 12.5 g
              sodium: 300
              serving_size: 1 glass
              sugar: 3 cups
              fibre: 2 g
            """)
        #expect(messages(diagnostics) == [
            "8:10: error: 'nutrition.sugar' has the unit 'cups'; use g or mg",
            "9:3: warning: unknown key 'fibre' in 'nutrition' (ignored); known: \(NutritionFact.fields.map(\.key).joined(separator: ", "))",
        ])
        #expect(recipe == nil)
        let (valid, _) = parse("nutrition: { calories: 1000 kJ, fat: 12.5 g, sodium: 300, serving_size: 1 glass }")
        #expect(try #require(valid).nutrition.map { "\($0.property)=\($0.value)" }
                == ["servingSize=1 glass", "calories=239 calories", "fatContent=12.5 g", "sodiumContent=300 mg"])
    }

    @Test func videoURLsAreClassified() throws {
        let youTube = try #require(parse("video: https://youtu.be/dQw4w9WgXcQ").0?.video)
        #expect(youTube.kind == .youTube(id: "dQw4w9WgXcQ"))
        #expect(youTube.thumbnailURL == "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg")
        #expect(youTube.embedURL == "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")
        let watch = try #require(parse("video: https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3").0?.video)
        #expect(watch.kind == .youTube(id: "dQw4w9WgXcQ"))
        let (vimeoRecipe, vimeoDiagnostics) = parse("video: https://vimeo.com/76979871")
        #expect(vimeoRecipe?.video?.kind == .vimeo(id: "76979871"))
        // A missing thumbnail is a rich-result matter, told by RecipeRichResults, not by the parser.
        #expect(messages(vimeoDiagnostics).isEmpty)
        let file = try #require(parse("video: { url: https://cdn.example.com/v.mp4, thumbnail: https://cdn.example.com/v.jpg, upload_date: 2024-01-02 }").0?.video)
        #expect(file.kind == .file)
        #expect(file.uploadDate?.iso8601 == "2024-01-02")
        #expect(messages(parse("video: https://www.youtube.com/watch?v=short").1)
                == ["3:8: error: 'https://www.youtube.com/watch?v=short' is not the address of a YouTube video (like https://www.youtube.com/watch?v=…)"])
    }

    @Test func extraTakesAnyYAMLWithoutWarnings() throws {
        let (recipe, diagnostics) = parse("extra:\n  wine: Riesling\n  rating: 4.5\n  list: [1, true]")
        #expect(diagnostics.isEmpty)
        #expect(try #require(recipe).extra?.mapping?.count == 3)
    }
}
