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

    /// Each link is placed at the YAML scalar that holds its line, whatever the list's style: a
    /// flow list's entry, a block scalar of several steps (at its `|`), a synonym's steps, a
    /// `section:` group's text of steps.
    @Test func aLinkIsAtItsScalarInFlowListsBlockTextAndSynonyms() throws {
        try folder.write("site/recipes/boulevardier.md", """
            ---
            title: Boulevardier
            ingredients: ["ice", "a twist, as on a [Manhattan](recipe:manhattan)"]
            method:
              - section: Stir
                items: |
                  1. Stir well.
                  2. Strain as for a [Sazerac](recipe:sazerac).
              - group: Serve
                steps: ["Pour as a [Negroni](recipe:negroni)", "Garnish as a [Gibson](recipe:gibson)"]
            ---

            """)
        #expect(errors() == [
            "site/recipes/boulevardier.md:3:22: error: the link 'recipe:manhattan' names the recipe 'manhattan', but no recipe has that slug",
            "site/recipes/boulevardier.md:6:12: error: the link 'recipe:sazerac' names the recipe 'sazerac', but no recipe has that slug",
            "site/recipes/boulevardier.md:10:52: error: the link 'recipe:gibson' names the recipe 'gibson', but no recipe has that slug",
        ])
    }

    /// `directions: |` is one scalar: its steps' links are all at its `|`; `steps:` is the method too.
    @Test func theLinksOfMethodTextAreAtItsScalar() throws {
        try folder.write("site/recipes/boulevardier.md", """
            ---
            title: Boulevardier
            steps: |
              Stir as for a [Negroni](recipe:negroni).
              Strain as for a [Sazerac](recipe:sazerac).
              Pour as a [Gibson](recipe:gibson).
            ---

            """)
        #expect(errors() == [
            "site/recipes/boulevardier.md:3:8: error: the link 'recipe:gibson' names the recipe 'gibson', but no recipe has that slug",
            "site/recipes/boulevardier.md:3:8: error: the link 'recipe:sazerac' names the recipe 'sazerac', but no recipe has that slug",
        ])
    }

    /// A step written `- Step 1: Stir …` unquoted is a one-pair mapping to YAML, made back into
    /// the line: a link after the colon is at the value, one before it at the key, in a group or not.
    @Test func aStepReadAsAMappingHasItsLinksOnBothSidesOfTheColon() throws {
        try folder.write("site/recipes/boulevardier.md", """
            ---
            title: Boulevardier
            directions:
              - Step 1: Stir as for a [Manhattan](recipe:manhattan).
              - Strain as for a [Sazerac](recipe:sazerac): then serve.
              - group: Serve
                steps:
                  - Pour as a [Gibson](recipe:gibson): at once.
                  - recipe: as a [Negroni](recipe:negroni) or a [Vesper](recipe:vesper).
            ---

            """)
        #expect(errors() == [
            "site/recipes/boulevardier.md:4:13: error: the link 'recipe:manhattan' names the recipe 'manhattan', but no recipe has that slug",
            "site/recipes/boulevardier.md:5:5: error: the link 'recipe:sazerac' names the recipe 'sazerac', but no recipe has that slug",
            "site/recipes/boulevardier.md:8:9: error: the link 'recipe:gibson' names the recipe 'gibson', but no recipe has that slug",
            "site/recipes/boulevardier.md:9:17: error: the link 'recipe:vesper' names the recipe 'vesper', but no recipe has that slug",
        ])
    }

    @Test func frontMatterLinksToRecipesThatExistPass() throws {
        try folder.write("site/recipes/boulevardier.md",
                         "---\ntitle: Boulevardier\ningredients:\n  - as in a [Negroni](recipe:negroni)\ndirections: |\n  Stir as for a [Negroni](recipe:negroni).\n---\n")
        #expect(errors().isEmpty)
    }
}
