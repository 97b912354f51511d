import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryAuthoring
@testable import GalleryContent
@testable import GallerySupport

/// Another static site's recipe pages (Tests/Fixtures/import/jekyll and hugo) imported, built and
/// compared with their front matter.
@Suite struct StaticSiteReaderTests {
    /// chowdown's `components` (recipes of `_components/`, named by title) become linked recipes,
    /// and its `imagecredit` (an address) the photo's credit.
    @Test func chowdownAndHugoPagesKeepTheirMethodTagsAndPictures() throws {
        let tests = SchemaOrgImportTests()
        let fixtures = SchemaOrgImportTests.fixtures
        let (site, plan, diagnostics) = try tests.importAndBuild([fixtures.appendingPathComponent("jekyll"),
                                                                 fixtures.appendingPathComponent("hugo/content/recipes/shakshuka.md")])
        defer { site.remove() }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(plan.summary == ["3 recipes, 2 photos", "not carried: nutrition (1)"])
        let pancakes = try tests.builtRecipe(site, slug: "buttermilk-pancakes")
        // The Maple Syrup component's ingredients are folded in, as the page shows them.
        #expect(pancakes["recipeIngredient"] as? [String] == ["2 cups flour", "2 tbsp sugar", "2 cups buttermilk", "2 eggs",
                                                             "1 cup maple syrup", "1 tbsp butter"])
        let file = try String(contentsOf: site.url.appendingPathComponent("site/recipes/buttermilk-pancakes.md"), encoding: .utf8)
        #expect(file.contains("\nimage_credit:\n  text: photos.example\n  url: https://photos.example/pancakes\n"), "\(file)")
        #expect(file.contains("\n  - recipe: maple-syrup\n"), "\(file)")
        let image = pancakes["image"] as? [[String: Any]]
        #expect(image?.first?["creditText"] as? String == "photos.example", "\(String(describing: pancakes["image"]))")
        #expect(tests.steps(pancakes["recipeInstructions"]) == ["Whisk the dry ingredients.", "Whisk in the buttermilk and eggs.",
                                                               "Cook on a hot griddle until bubbles form, then flip."])
        #expect(pancakes["keywords"] as? String == "breakfast, quick")
        #expect(try Data(contentsOf: site.url.appendingPathComponent("site/images/buttermilk-pancakes.jpg"))
                == (try Data(contentsOf: fixtures.appendingPathComponent("jekyll/images/pancakes.jpg"))))
        let page = try String(contentsOf: site.url.appendingPathComponent("out/recipes/buttermilk-pancakes/index.html"), encoding: .utf8)
        #expect(page.contains("Fluffy pancakes for a lazy Sunday."))
        let syrup = try tests.builtRecipe(site, slug: "maple-syrup")
        #expect(tests.steps(syrup["recipeInstructions"]) == ["Warm the syrup.", "Stir in the butter."])
        let shakshuka = try tests.builtRecipe(site, slug: "shakshuka")
        #expect(shakshuka["prepTime"] as? String == "PT10M" && shakshuka["cookTime"] as? String == "PT25M")
        #expect(shakshuka["recipeIngredient"] as? [String] == ["1 onion", "800 g tomatoes", "6 eggs"])
        #expect(shakshuka["datePublished"] as? String == "2023-02-01")
        #expect(!FileManager.default.fileExists(atPath: site.url.appendingPathComponent("site/recipes/about.md").path))
    }

    /// A component the import does not hold (nor itself) is not linked: the build would refuse
    /// the slug. It is kept under `extra:` and listed.
    @Test func aComponentTheImportLacksStaysUnderExtra() {
        var tart = ForeignRecipe(origin: "tart.md", title: "Apple Tart")
        tart.ingredients = [IngredientGroup(title: nil, items: ["3 apples"])]
        tart.components = ["Pie Crust", "apple tart"]
        let plan = ImportPlan([tart], slugStyle: .ascii, fetch: nil)
        let text = plan.files.first.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        #expect(!text.contains("recipe:"), "\(text)")
        #expect(text.contains("\nextra:\n  components: \"Pie Crust, apple tart\"\n"), "\(text)")
        #expect(plan.summary.contains("kept under extra: components (1)"))
    }
}
