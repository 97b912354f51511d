import Foundation
import Testing
import GalleryTestSupport

/// `recipe:` links written in front matter (an ingredient line, a step of `directions:`, a step
/// of a titled group) are addressed as the body's are: the linked page's relative address on the
/// recipe's page and in cook mode, its absolute one in the feed.
@Suite struct FrontMatterRecipeLinkTests {
    static let boulevardier = """
        ---
        title: Boulevardier
        date: 2024-05-01
        ingredients:
          - 30 ml bourbon, as in a [Negroni](recipe:negroni)
        directions:
          - Stir as for a [Negroni](recipe:negroni).
          - group: Serve
            steps:
              - Garnish as a [Negroni](recipe:negroni#method).
        ---

        """

    static func built() throws -> BuiltSite {
        try BuiltSite { site in
            try boulevardier.write(to: site.appendingPathComponent("recipes/boulevardier.md"), atomically: true, encoding: .utf8)
        }
    }

    @Test func aRecipeLinkInAFrontMatterStepPointsAtTheRecipesPage() throws {
        let site = try Self.built()
        defer { site.remove() }
        let page = try #require(site.text("recipes/boulevardier/index.html"))
        #expect(!page.contains("recipe:negroni"))
        // Each step is shown once, in cook mode's markup: the plain list and the one-step view.
        #expect(page.contains("Stir as for a <a href=\"../../recipes/negroni/index.html\">Negroni</a>."))
        #expect(page.contains("Garnish as a <a href=\"../../recipes/negroni/index.html#method\">Negroni</a>."))
        #expect(page.contains("30 ml bourbon, as in a <a href=\"../../recipes/negroni/index.html\">Negroni</a>"))
    }

    @Test func aRecipeLinkInAFrontMatterLineIsAbsoluteInTheFeed() throws {
        let site = try Self.built()
        defer { site.remove() }
        let feed = try #require(site.text("feed.xml"))
        #expect(!feed.contains("recipe:negroni"))
        #expect(feed.contains("30 ml bourbon, as in a &lt;a href=&quot;https://example.com/fixture/recipes/negroni/&quot;&gt;Negroni&lt;/a&gt;"))
        #expect(feed.contains("Stir as for a &lt;a href=&quot;https://example.com/fixture/recipes/negroni/&quot;&gt;Negroni&lt;/a&gt;."))
        #expect(feed.contains("Garnish as a &lt;a href=&quot;https://example.com/fixture/recipes/negroni/#method&quot;&gt;Negroni&lt;/a&gt;."))
    }
}
