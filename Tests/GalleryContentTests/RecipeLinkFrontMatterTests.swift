import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent

/// `recipe:` links on the front matter's Markdown lines (ingredient lines, steps) are checked
/// against the site's recipes as the body's are.
@Suite struct RecipeLinkFrontMatterTests {
    let folder: TemporaryDirectory
    var site: URL { folder.url.appendingPathComponent("site") }

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("site/site.yml", "title: Links\n")
        try folder.write("site/recipes/negroni.md", "---\ntitle: Negroni\n---\nStir.\n")
    }

    func errors() -> [String] {
        ContentLoader(siteDirectory: site, displayRoot: "site", includeDrafts: false).read()
            .diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    @Test func aFrontMatterLinkToAMissingRecipeIsAnErrorAtItsLine() throws {
        try folder.write("site/recipes/boulevardier.md", """
            ---
            title: Boulevardier
            ingredients:
              - 30 ml bourbon, as in a [Negroni](recipe:negroni)
              - group: Garnish
                items:
                  - a twist, as on a [Manhattan](recipe:manhattan)
              - { recipe: negroni, amount: 15 ml }
            directions:
              - Stir as for a [Negroni](recipe:negroni#method).
              - group: Serve
                steps:
                  - Pour as a [Sazerac](recipe:sazerac#top).
            ---
            Or [not](recipe:none).

            """)
        #expect(errors() == [
            "site/recipes/boulevardier.md:7:9: error: the link 'recipe:manhattan' names the recipe 'manhattan', but no recipe has that slug",
            "site/recipes/boulevardier.md:13:9: error: the link 'recipe:sazerac#top' names the recipe 'sazerac', but no recipe has that slug",
            "site/recipes/boulevardier.md:15:4: error: the link 'recipe:none' names the recipe 'none', but no recipe has that slug",
        ])
    }

    @Test func frontMatterLinksToRecipesThatExistPass() throws {
        try folder.write("site/recipes/boulevardier.md",
                         "---\ntitle: Boulevardier\ningredients:\n  - as in a [Negroni](recipe:negroni)\ndirections: |\n  Stir as for a [Negroni](recipe:negroni).\n---\n")
        #expect(errors().isEmpty)
    }
}
