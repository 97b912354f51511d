import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryAuthoring
@testable import GalleryContent
@testable import GallerySupport

/// The Cooklang fixtures (Tests/Fixtures/import/cooklang, written from cooklang.org's
/// specification) imported, built, and each page's JSON-LD compared with what the file says.
@Suite struct CooklangReaderTests {
    static let folder = SchemaOrgImportTests.fixtures.appendingPathComponent("cooklang")

    @Test func ingredientsCookwareTimersSectionsAndMetadata() throws {
        let tests = SchemaOrgImportTests()
        let names = ["Baked Potato.cook", "Spinach Pie.cook", "Pour-over.cook"]
        let (site, plan, diagnostics) = try tests.importAndBuild(names.map { Self.folder.appendingPathComponent($0) })
        defer { site.remove() }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(plan.summary == ["3 recipes, 1 photo, 1 step picture", "kept under extra: difficulty (1)"])
        let potato = try tests.builtRecipe(site, slug: "baked-potato")
        #expect(potato["recipeIngredient"] as? [String] == ["2 potato", "1 tbsp olive oil", "salt", "2 tbsp sour cream", "chives, finely chopped"])
        #expect(tests.steps(potato["recipeInstructions"]) == ["Preheat the oven to 200 °C.", "Poke holes in potato with a fork, rub with olive oil and salt.",
                                                             "Bake for 1 hour, then split and top with sour cream and chives."])
        #expect(potato["totalTime"] as? String == "PT1H10M" && potato["recipeYield"] as? String == "2")
        #expect((potato["tool"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["oven", "fork"])
        #expect(try Data(contentsOf: site.url.appendingPathComponent("site/images/baked-potato.jpg")) == (try Data(contentsOf: Self.folder.appendingPathComponent("Baked Potato.jpg"))))
        // "Baked Potato.1.jpg" is step 1 counting from 0 (cooklang.org): the second step's picture, shown after the method.
        #expect(try Data(contentsOf: site.url.appendingPathComponent("site/images/baked-potato-step-2.jpg")) == (try Data(contentsOf: Self.folder.appendingPathComponent("Baked Potato.1.jpg"))))
        let potatoPage = try String(contentsOf: site.url.appendingPathComponent("out/recipes/baked-potato/index.html"), encoding: .utf8)
        #expect(potatoPage.contains("<h2>Step pictures</h2>") && potatoPage.contains(#"alt="Step 2""#) && potatoPage.contains("<figcaption>Step 2</figcaption>"))
        let pie = try tests.builtRecipe(site, slug: "spinach-feta-pie")
        #expect(pie["name"] as? String == "Spinach & Feta Pie")
        #expect((pie["recipeInstructions"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Filling", "Pastry"])
        #expect(pie["recipeIngredient"] as? [String] == ["500 g spinach", "200 g feta", "2 eggs", "1 bunch dill, chopped", "8 filo sheets", "50 g butter, melted"])
        #expect(pie["prepTime"] as? String == "PT30M" && pie["cookTime"] as? String == "PT45M")
        #expect(pie["suitableForDiet"] as? [String] == ["https://schema.org/VegetarianDiet"])
        #expect(pie["recipeCuisine"] as? String == "Greek" && pie["recipeCategory"] as? String == "Main")
        #expect(!tests.steps(pie["recipeInstructions"]).joined().contains("ricotta"), "block comments are left out")
        let page = try String(contentsOf: site.url.appendingPathComponent("out/recipes/spinach-feta-pie/index.html"), encoding: .utf8)
        #expect(page.contains("Freezes well before baking."))
        let coffee = try tests.builtRecipe(site, slug: "pour-over")
        #expect(coffee["recipeIngredient"] as? [String] == ["400 ml water", "22 g coffee", "1 tsp Vanilla Syrup"])
        #expect(tests.steps(coffee["recipeInstructions"]).last == "Serve with Vanilla Syrup if you like it sweet.")
    }

    @Test func stepsReadAsACookWouldSayThem() {
        #expect(CooklangReader.parse("Add @salt and @ground black pepper{} to taste.").text == "Add salt and ground black pepper to taste.")
        #expect(CooklangReader.parse("Add @salt and @ground black pepper{} to taste.").ingredients == ["salt", "ground black pepper"])
        #expect(CooklangReader.parse("Simmer ~sauce{20%minutes} in a #pot.").text == "Simmer 20 minutes in a pot.")
        #expect(CooklangReader.parse("Email me@ example, #1 fan").text == "Email me@ example, 1 fan")
        #expect(CooklangReader.parse("@").text == "@")
        #expect(CooklangReader.parse("@egg{").ingredients == ["egg"])
    }

    @Test func badFrontMatterIsAnErrorAtItsLine() {
        var source = ImportSource()
        source.read(Self.folder.appendingPathComponent("Unclosed.cook"), display: "Unclosed.cook", format: nil, slugStyle: .unicode)
        #expect(source.recipes.isEmpty)
        #expect(source.diagnostics.map(\.description) == ["Unclosed.cook:3:1: error: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence that starts at line 2, column 8"])
    }
}
