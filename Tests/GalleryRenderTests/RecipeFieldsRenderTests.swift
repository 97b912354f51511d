import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryRender
import Mustache

@Suite struct RecipeFieldsRenderTests {
    func recipe(_ frontMatter: String, body: String = "") throws -> Recipe {
        let (recipe, diagnostics) = RecipeParser.parse("---\ntitle: Pad Thai\n" + frontMatter + "\n---\n" + body,
                                                       sourcePath: "recipes/pad-thai.md", displayPath: "recipes/pad-thai.md")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        return try #require(recipe)
    }

    func json(_ recipe: Recipe, config: SiteConfig = SiteConfig()) -> [String: Any] {
        let renderer = PageRenderer(site: Site(config: config, recipes: [recipe], images: [:]), theme: Theme(templates: [:], assets: [:]))
        let body = Markdown.recipeBody(recipe.body.heldText ?? "", allowRawHTML: false)
        let text = renderer.structuredData(recipe, root: "../../", steps: body.steps, sections: body.sections).script
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    @Test func headedOrderedListsBecomeHowToSections() {
        let body = "## Method\n\n### Syrup\n\n1. Boil.\n2. Cool.\n\n### Drink\n\n1. Shake.\n"
        #expect(Markdown.methodSections(body) == [Markdown.MethodSection(name: "Syrup", steps: ["Boil.", "Cool."]),
                                                  Markdown.MethodSection(name: "Drink", steps: ["Shake."])])
        #expect(Markdown.methodSections("## Method\n\n1. One.\n2. Two.\n").isEmpty)
    }

    @Test func jsonLDCarriesEveryField() throws {
        let value = try recipe("""
            tags: [thai, noodles]
            category: Main course
            cuisine: Thai
            keywords: [street food]
            ingredients:
              - group: Sauce
                items: [2 tbsp tamarind]
              - 200 g noodles
            servings: 4
            prep_time: 10 min
            cook_time: 10 min
            total_time: 30 min
            nutrition: { calories: 520, fat: 18 g }
            video: https://www.youtube.com/watch?v=dQw4w9WgXcQ
            equipment: [Wok]
            suitable_for_diet: [vegetarian]
            source: https://example.com/pad-thai
            date: 2024-05-01
            """, body: "### Sauce\n\n1. Mix.\n\n### Noodles\n\n1. Fry.\n")
        let object = json(value)
        #expect(object["recipeCategory"] as? String == "Main course")
        #expect(object["recipeCuisine"] as? String == "Thai")
        #expect(object["keywords"] as? String == "thai, noodles, street food")
        #expect(object["recipeIngredient"] as? [String] == ["2 tbsp tamarind", "200 g noodles"])
        #expect(object["recipeYield"] as? String == "4")
        #expect(object["totalTime"] as? String == "PT30M")
        #expect(object["nutrition"] as? [String: String] == ["@type": "NutritionInformation", "calories": "520 calories", "fatContent": "18 g"])
        let video = try #require(object["video"] as? [String: Any])
        #expect(video["@type"] as? String == "VideoObject")
        #expect(video["embedUrl"] as? String == "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")
        #expect(video["thumbnailUrl"] as? [String] == ["https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"])
        // The recipe's date is not the video's: no upload date is guessed (the rich-result check asks for one).
        #expect(video["uploadDate"] == nil)
        #expect(object["tool"] as? [[String: String]] == [["@type": "HowToTool", "name": "Wok"]])
        #expect(object["suitableForDiet"] as? [String] == ["https://schema.org/VegetarianDiet"])
        #expect(object["isBasedOn"] as? String == "https://example.com/pad-thai")
        let sections = try #require(object["recipeInstructions"] as? [[String: Any]])
        #expect(sections.map { $0["@type"] as? String } == ["HowToSection", "HowToSection"])
        #expect(sections.map { $0["name"] as? String } == ["Sauce", "Noodles"])
    }

    @Test func categoryFallsBackOnlyWhenAbsentAndTotalIsPrepPlusCook() throws {
        let tagged = try recipe("tags: [thai]\nglass: Mug\nprep_time: 5 min\ncook_time: 10 min")
        #expect(json(tagged)["recipeCategory"] as? String == "Drink")
        #expect(json(tagged)["totalTime"] as? String == "PT15M")
        #expect(json(tagged)["recipeCuisine"] == nil)
        var explicit = tagged
        explicit.category = "Hot drink"
        #expect(json(explicit)["recipeCategory"] as? String == "Hot drink")
        let yielded = try recipe("yield: 1 drink")
        #expect(json(yielded)["recipeYield"] as? String == "1 drink")
    }

    @Test func extraValuesAreTypedForTemplates() throws {
        let node = try #require(try YAMLParser.parse("a: 1\nb: 2.5\nc: true\nd: \"7\"\ne: [x, ~]\nf: { g: h }"))
        #expect(PageRenderer.templateValue(node) == .dictionary([
            "a": .int(1), "b": .double(2.5), "c": .bool(true), "d": .string("7"),
            "e": .array([.string("x"), .null]), "f": .dictionary(["g": .string("h")]),
        ]))
    }

    @Test func totalIsShownOnlyWhenItAddsSomething() throws {
        #expect(try recipe("prep_time: 5 min").shownTotalTime == nil)
        #expect(try recipe("cook_time: 10 min\ntotal_time: 10 min").shownTotalTime == nil)
        #expect(try recipe("prep_time: 5 min\ncook_time: 10 min").shownTotalTime?.seconds == 900)
        #expect(try recipe("prep_time: 5 min\ntotal_time: 1 h").shownTotalTime?.seconds == 3600)
    }
}

/// Inline Markdown in ingredients and a method written in the front matter: links on the page,
/// plain text in JSON-LD.
@Suite struct FrontMatterMethodRenderTests {
    @Test func ingredientLinksRenderOnThePageAndArePlainInJSONLD() throws {
        let tests = RecipeFieldsRenderTests()
        let value = try tests.recipe("""
            ingredients:
              - 2 ripe [bananas](https://example.com/bananas)
              - 1 tsp *baking* soda
              - 100 g sugar & spice
            directions:
              - group: Loaf
                steps: ["Mash the **bananas**.", "Bake."]
            """)
        let renderer = PageRenderer(site: Site(config: SiteConfig(), recipes: [value], images: [:]), theme: Theme(templates: [:], assets: [:]))
        let fields = renderer.fieldsContext(value, root: "../../")
        func strings(_ value: MustacheValue?) -> [String] {
            switch value {
            case .string(let text)?: [text]
            case .array(let items)?: items.flatMap { strings($0) }
            case .dictionary(let fields)?: fields.keys.sorted().flatMap { strings(fields[$0]) }
            default: []
            }
        }
        let groups = strings(fields["ingredientGroups"]?.expanded).joined(separator: "\n")
        #expect(groups.contains("2 ripe <a href=\"https://example.com/bananas\">bananas</a>"))
        #expect(groups.contains("1 tsp <em>baking</em> soda"))
        #expect(groups.contains("100 g sugar &amp; spice"))
        #expect(strings(fields["methodGroups"]).contains("Mash the <strong>bananas</strong>."))
        let object = tests.json(value)
        #expect(object["recipeIngredient"] as? [String] == ["2 ripe bananas", "1 tsp baking soda", "100 g sugar & spice"])
        let sections = try #require(object["recipeInstructions"] as? [[String: Any]])
        #expect(sections.first?["@type"] as? String == "HowToSection")
        #expect(sections.first?["name"] as? String == "Loaf")
        #expect((sections.first?["itemListElement"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == ["Mash the bananas.", "Bake."])
    }

    @Test func inlineMarkdownThatIsABlockOrRawHTMLStaysText() {
        #expect(Markdown.inlineHTML("# 1 lemon") == "# 1 lemon")
        #expect(Markdown.inlineHTML("- 1 lemon *zest*") == "- 1 lemon *zest*")
        #expect(Markdown.inlineHTML("1 <b>lemon</b>") == "1 lemon")
        #expect(Markdown.inlineHTML("[x](javascript:alert(1))") == "<a href=\"\">x</a>")
        #expect(Markdown.inlinePlainText("Dark 'n' Stormy") == "Dark 'n' Stormy")
    }
    @Test func aLinkedRecipeShowsAsALinkedPartAndItsIngredientsReachTheJSONLD() throws {
        let site = try BuiltSite { site in
            try "---\ntitle: Red Syrup\nimage: images/red.svg\ningredients: [100 g sugar, 100 ml water]\n---\nStir.\n"
                .write(to: site.appendingPathComponent("recipes/red-syrup.md"), atomically: true, encoding: .utf8)
            try "---\ntitle: Fizz\ningredients:\n  - recipe: red-syrup\n  - { recipe: red-syrup, amount: 15 ml }\n---\n"
                .write(to: site.appendingPathComponent("recipes/fizz.md"), atomically: true, encoding: .utf8)
        }
        defer { site.remove() }
        let page = try #require(site.text("recipes/fizz/index.html"))
        // The folded part: its heading links to it, with its picture; its ingredients tick off like any other.
        #expect(page.contains("<h3 class=\"part-title\"><a href=\"../../recipes/red-syrup/index.html\"><img class=\"part-picture\" src=\"../../"))
        #expect(page.contains("<span>Red Syrup</span></a></h3>"))
        #expect(page.contains("<label for=\"ingredient-1\" data-ingredient>100 g sugar</label>"))
        // The line with an amount links to it, its picture after the text (scale.js reads the amount first).
        #expect(page.contains("<label for=\"ingredient-3\" data-ingredient>15 ml <a href=\"../../recipes/red-syrup/index.html\">Red Syrup</a> "
                              + "<img class=\"part-picture part-picture-line\" src=\"../../images/red-"))
        #expect(page.contains("\"recipeIngredient\":[\"100 g sugar\",\"100 ml water\",\"15 ml Red Syrup\"]"))
    }
}
