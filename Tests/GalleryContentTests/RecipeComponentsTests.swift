import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GallerySupport

/// Linked recipes (`- recipe: pie-crust` in `ingredients:`): how they are written, and how the
/// site's reading folds them in, links them, and refuses a missing one or a cycle at its position.
@Suite struct RecipeComponentsTests {
    let folder: TemporaryDirectory
    var site: URL { folder.url.appendingPathComponent("site") }

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("site/site.yml", "title: Bakery\n")
        try folder.write("site/recipes/pie-crust.md", "---\ntitle: Pie Crust\nimage: https://example.com/crust.jpg\n"
                         + "ingredients:\n  - 250 g flour\n  - 125 g *cold* butter\n---\nRub.\n")
    }

    func read() -> ContentLoader.Reading {
        ContentLoader(siteDirectory: site, displayRoot: "site").read()
    }

    func recipe(_ slug: String, in reading: ContentLoader.Reading) throws -> Recipe {
        try #require(reading.site?.recipes.first { $0.slug == slug }, "\(reading.diagnostics)")
    }

    @Test func entriesNameARecipeWithAnAmountOrAHeading() throws {
        let (parsed, diagnostics) = RecipeParser.parse("""
            ---
            title: Tart
            ingredients:
              - recipe: pie-crust
              - { recipe: pie-crust, group: For the base }
              - 3 apples
              - { recipe: caramel, amount: 50 ml }
            ---
            """, sourcePath: "recipes/tart.md", displayPath: "recipes/tart.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let tart = try #require(parsed)
        #expect(tart.components == [RecipeComponent(slug: "pie-crust", line: 4, column: 13),
                                    RecipeComponent(slug: "pie-crust", groupTitle: "For the base", line: 5, column: 15),
                                    RecipeComponent(slug: "caramel", amount: "50 ml", line: 7, column: 15)])
        // Before the site is read, only what is written out is there.
        #expect(tart.ingredients == ["3 apples"])
    }

    @Test func badEntriesAreErrorsAtTheirPositions() {
        let messages = RecipeParser.parse("""
            ---
            title: Tart
            ingredients:
              - recipe: ""
              - { recipe: a, amount: 5 ml, group: Top }
              - { recipe: a, colour: red }
            ---
            """, sourcePath: "recipes/tart.md", displayPath: "recipes/tart.md").1.map(\.description)
        #expect(messages == [
            "recipes/tart.md:4:13: error: 'recipe' must be the slug of another recipe, such as 'simple-syrup', found ''",
            "recipes/tart.md:5:32: error: a linked recipe with an 'amount' is one ingredient line and has no 'group' heading; leave one out",
            "recipes/tart.md:6:18: error: unknown key 'colour' in a linked recipe (it has 'recipe:' and 'amount:' or 'group:')",
        ])
    }

    @Test func aWholePartIsFoldedInUnderItsTitleAndAnAmountIsALinkedLine() throws {
        try folder.write("site/recipes/tart.md", "---\ntitle: Apple Tart\ningredients:\n  - recipe: pie-crust\n"
                         + "  - group: Filling\n    items: [3 apples]\n  - { recipe: pie-crust, amount: \"½ batch\" }\n---\nBake.\n")
        let tart = try recipe("tart", in: read())
        #expect(tart.ingredientGroups == [
            IngredientGroup(title: "Pie Crust", items: ["250 g flour", "125 g *cold* butter"],
                            component: ComponentLink(slug: "pie-crust", title: "Pie Crust", image: .remote("https://example.com/crust.jpg"), imageAlt: nil)),
            IngredientGroup(title: "Filling", items: ["3 apples"]),
            IngredientGroup(title: nil, items: ["½ batch [Pie Crust](recipe:pie-crust)"],
                            itemComponents: [0: ComponentLink(slug: "pie-crust", title: "Pie Crust", image: .remote("https://example.com/crust.jpg"), imageAlt: nil)]),
        ])
        #expect(tart.ingredients.count == 4)
    }

    @Test func aFlatListGoesOnAfterALinkedLineAsOneList() throws {
        try folder.write("site/recipes/tart.md", "---\ntitle: Tart\ningredients:\n  - 3 apples\n  - { recipe: pie-crust, amount: 1 batch }\n  - 1 egg\n---\n")
        let tart = try recipe("tart", in: read())
        #expect(tart.ingredientGroups == [
            IngredientGroup(title: nil, items: ["3 apples", "1 batch [Pie Crust](recipe:pie-crust)", "1 egg"],
                            itemComponents: [1: ComponentLink(slug: "pie-crust", title: "Pie Crust", image: .remote("https://example.com/crust.jpg"), imageAlt: nil)]),
        ])
    }

    @Test func aLinkedLineAmongAGroupsItemsTakesItsPlaceInThatGroup() throws {
        try folder.write("site/recipes/tart.md", """
            ---
            title: Apple Tart
            ingredients:
              - group: Base
                items:
                  - { recipe: pie-crust, amount: 1 batch }
                  - 1 egg
                  - recipe: pie-crust
              - group: Filling
                items: [3 apples]
            ---
            """)
        let tart = try recipe("tart", in: read())
        let crust = ComponentLink(slug: "pie-crust", title: "Pie Crust", image: .remote("https://example.com/crust.jpg"), imageAlt: nil)
        #expect(tart.ingredientGroups == [
            IngredientGroup(title: "Base", items: ["1 batch [Pie Crust](recipe:pie-crust)", "1 egg", "[Pie Crust](recipe:pie-crust)"],
                            itemComponents: [0: crust, 2: crust]),
            IngredientGroup(title: "Filling", items: ["3 apples"]),
        ])
    }

    @Test func aLinkedLineAmongItemsHasNoHeadingAndAMissingOneIsAnError() throws {
        let messages = RecipeParser.parse("""
            ---
            title: Tart
            ingredients:
              - group: Base
                items:
                  - { recipe: pie-crust, group: Crust }
                  - [flour]
            ---
            """, sourcePath: "recipes/tart.md", displayPath: "recipes/tart.md").1.map(\.description)
        #expect(messages == [
            "recipes/tart.md:6:30: error: a linked recipe among a group's items is one ingredient line and has no 'group' heading; write 'recipe:' and 'amount:'",
            "recipes/tart.md:7:9: error: each entry of 'items' must be text, or a linked recipe such as '{ recipe: simple-syrup, amount: 15 ml }', found a list",
        ])
        try folder.write("site/recipes/tart.md", "---\ntitle: Tart\ningredients:\n  - group: Base\n    items:\n      - 1 egg\n      - { recipe: shortcrust, amount: 1 batch }\n---\n")
        #expect(read().diagnostics.map(\.description) == [
            "site/recipes/tart.md:7:19: error: the ingredients name the recipe 'shortcrust', but no recipe has that slug",
        ])
    }

    @Test func partsOfPartsAreFoldedInAndTheHeadingCanBeRenamed() throws {
        try folder.write("site/recipes/tart.md", "---\ntitle: Tart\ningredients:\n  - { recipe: pie-crust, group: For the base }\n  - 3 apples\n---\n")
        try folder.write("site/recipes/bake-sale.md", "---\ntitle: Bake Sale [Box]\ningredients:\n  - recipe: tart\n  - 1 box\n---\n")
        try folder.write("site/recipes/stall.md", "---\ntitle: Stall\ningredients:\n  - { recipe: bake-sale, amount: 2 }\n---\n")
        let reading = read()
        #expect(try recipe("bake-sale", in: reading).ingredientGroups.map(\.items) == [["250 g flour", "125 g *cold* butter", "3 apples"], ["1 box"]])
        #expect(try recipe("tart", in: reading).ingredientGroups.map(\.title) == ["For the base", nil])
        // The title is literal text in the link.
        #expect(try recipe("stall", in: reading).ingredients == ["2 [Bake Sale \\[Box\\]](recipe:bake-sale)"])
    }

    @Test func aMissingRecipeIsAnErrorAtItsSlug() throws {
        try folder.write("site/recipes/tart.md", "---\ntitle: Tart\ningredients:\n  - 3 apples\n  - recipe: shortcrust\n---\n")
        let reading = read()
        #expect(reading.site == nil)
        #expect(reading.diagnostics.map(\.description) == [
            "site/recipes/tart.md:5:13: error: the ingredients name the recipe 'shortcrust', but no recipe has that slug",
        ])
    }

    @Test func aCycleIsAnErrorInEachRecipeOnIt() throws {
        try folder.write("site/recipes/a.md", "---\ntitle: A\ningredients:\n  - recipe: b\n---\n")
        try folder.write("site/recipes/b.md", "---\ntitle: B\ningredients:\n  - 1 egg\n  - { recipe: a, amount: 1 cup }\n---\n")
        try folder.write("site/recipes/c.md", "---\ntitle: C\ningredients:\n  - recipe: c\n---\n")
        let reading = read()
        #expect(reading.site == nil)
        #expect(reading.diagnostics.map(\.description) == [
            "site/recipes/a.md:4:13: error: the linked recipes form a cycle: a → b → a",
            "site/recipes/b.md:5:15: error: the linked recipes form a cycle: b → a → b",
            "site/recipes/c.md:4:13: error: the linked recipes form a cycle: c → c",
        ])
    }
}
