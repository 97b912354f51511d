import Foundation
import Testing
import GalleryTestSupport

/// The feed's content carries absolute URLs where the recipe's page has relative ones: a reader
/// that resolves against the feed's address (`…/feed.xml`) or ignores `xml:base` on `content`
/// reaches the same files as the page does.
@Suite struct FeedRelativeURLTests {
    @Test func aRelativeLinkInARecipeReachesTheSameFileFromTheFeed() throws {
        let site = try BuiltSite { site in
            try """
                ---
                title: Boulevardier
                date: 2024-05-01
                ingredients:
                  - 30 ml bourbon ([which](../../pages/bourbon.html))
                directions:
                  - Stir as for a [Negroni](../negroni/index.html#method).
                ---
                Serve in [the glass](../../glass.html), see [below](#notes) or [the bar](https://example.org/).

                """.write(to: site.appendingPathComponent("recipes/boulevardier.md"), atomically: true, encoding: .utf8)
        }
        defer { site.remove() }
        let page = try #require(site.text("recipes/boulevardier/index.html"))
        #expect(page.contains("<a href=\"../../glass.html\">the glass</a>"))
        let feed = try #require(site.text("feed.xml"))
        let base = "https://example.com/fixture/"
        #expect(feed.contains("(&lt;a href=&quot;\(base)pages/bourbon.html&quot;&gt;which&lt;/a&gt;)"))
        #expect(feed.contains("&lt;a href=&quot;\(base)recipes/negroni/index.html#method&quot;&gt;Negroni&lt;/a&gt;"))
        #expect(feed.contains("&lt;a href=&quot;\(base)glass.html&quot;&gt;the glass&lt;/a&gt;"))
        // A fragment and an absolute URL are left as they are.
        #expect(feed.contains("&lt;a href=&quot;#notes&quot;&gt;below&lt;/a&gt;"))
        #expect(feed.contains("&lt;a href=&quot;https://example.org/&quot;&gt;the bar&lt;/a&gt;"))
    }
}
