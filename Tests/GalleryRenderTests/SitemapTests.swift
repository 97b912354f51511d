import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryImages
import GalleryKit
@testable import GalleryRender

@Suite struct SitemapTests {
    @Test func xmlTextEscapesMarkupAndDropsWhatXMLForbids() {
        #expect(XMLText.escape("a&b<c>\"d'\t\n\r\u{1}\u{FFFE}\u{FFFF}\u{FFFD}é") == "a&amp;b&lt;c&gt;&quot;d&apos;\t\n\r\u{FFFD}é")
        #expect(XMLText.escape("https://example.com/bar/") == "https://example.com/bar/")
    }

    /// The files are sized by counting each entry's bytes without writing it: the count is the
    /// written entry's, with escapes, forbidden characters and alternates.
    @Test func anEntrysCountedSizeIsItsWrittenSize() {
        let urls = ["https://example.com/", "https://example.com/a&b/<c>/\"q\"/'s'/", "https://x.org/\u{1}\u{FFFE}é\u{FFFF}\t/", ""]
        #expect(XMLText.escapedCount(urls[1]) == XMLText.escape(urls[1]).utf8.count)
        for url in urls {
            for alternates in [[], [Sitemap.Alternate(hreflang: "fr", url: url + "fr/"), Sitemap.Alternate(hreflang: "x-default&", url: url)]] {
                let entry = Sitemap.Entry(url: url, alternates: alternates)
                let hasAlternates = !alternates.isEmpty
                let one = Sitemap(count: 1, hasAlternates: hasAlternates) { _ in entry }
                let none = Sitemap(count: 0, hasAlternates: hasAlternates) { _ in entry }
                #expect(Sitemap.size(entry) == one.text.utf8.count - none.text.utf8.count, "\(entry)")
            }
        }
    }

    @Test func sitemapListsEveryPageButTheNotFoundPage() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let sitemap = try XMLOutline(#require(site.text("sitemap.xml")))
        #expect(sitemap.elements.first?.attributes["xmlns"] == "http://www.sitemaps.org/schemas/sitemap/0.9")
        let locations = sitemap.all("loc").map(\.text)
        // The cookbooks repeat the recipe pages: they are left out.
        let expected = site.pages.filter { $0 != "404.html" && !$0.hasSuffix("cookbook/index.html") }.map { path in
            "https://example.com/fixture/" + (path == "index.html" ? "" : String(path.dropLast("index.html".count)))
        }
        #expect(Set(locations) == Set(expected))
        #expect(locations.count == expected.count)
        #expect(locations.first == "https://example.com/fixture/")
        #expect(locations.contains("https://example.com/fixture/recipes/negroni/"))
        #expect(locations.contains("https://example.com/fixture/tags/gin/"))
        #expect(locations.contains("https://example.com/fixture/tags/"))
    }

    @Test func partsKeepEachFileWithinTheURLAndByteLimits() throws {
        let published = PublishedURL(base: "https://example.com/")
        let sitemap = Sitemap(pagePaths: (0..<10).map { "recipes/r\($0)/index.html" }, publishedURL: published)
        #expect(sitemap.parts(within: .sitemapProtocol) == [0..<10])
        #expect(sitemap.parts(within: Sitemap.Limits(urls: 4, bytes: 1_000_000)) == [0..<4, 4..<8, 8..<10])
        #expect(sitemap.parts(within: Sitemap.Limits(urls: 10, bytes: 1_000_000)) == [0..<10])
        // By bytes: each part's file, head and end included, is at most the limit, and as full as it can be.
        let entry = "  <url><loc>https://example.com/recipes/r0/</loc></url>\n".utf8.count
        let frame = sitemap.file(0..<0, path: "x").data!.count
        let limit = frame + 3 * entry
        let parts = sitemap.parts(within: Sitemap.Limits(urls: 50_000, bytes: limit))
        #expect(parts == [0..<3, 3..<6, 6..<9, 9..<10])
        for part in parts {
            let data = try #require(sitemap.file(part, path: "x").data)
            #expect(data.count <= limit)
            let outline = try XMLOutline(String(decoding: data, as: UTF8.self))
            #expect(outline.all("loc").map(\.text) == part.map { published.page("recipes/r\($0)/index.html") })
        }
        // An entry larger than a file alone still gets one, of its own.
        #expect(sitemap.parts(within: Sitemap.Limits(urls: 50_000, bytes: 10)).count == 10)
        #expect(Sitemap(pagePaths: [], publishedURL: published).parts(within: .sitemapProtocol) == [0..<0])
    }

    @Test func aSiteOverTheLimitGetsASitemapIndexThatRobotsTxtNames() throws {
        let whole = try BuiltSite()
        defer { whole.remove() }
        let site = try BuiltSite(options: { $0.sitemapLimits = Sitemap.Limits(urls: 2, bytes: 52_428_800) })
        defer { site.remove() }
        let expected = try XMLOutline(#require(whole.text("sitemap.xml"))).all("loc").map(\.text)
        #expect(expected.count > 4)
        let index = try XMLOutline(#require(site.text("sitemap.xml")))
        #expect(index.elements.first?.name == "sitemapindex")
        #expect(index.elements.first?.attributes["xmlns"] == "http://www.sitemaps.org/schemas/sitemap/0.9")
        let partURLs = index.all("loc").map(\.text)
        let count = (expected.count + 1) / 2
        #expect(partURLs == (1...count).map { "https://example.com/fixture/sitemap-\($0).xml" })
        var listed: [String] = []
        for number in 1...count {
            let part = try XMLOutline(#require(site.text("sitemap-\(number).xml")))
            #expect(part.elements.first?.name == "urlset")
            let locations = part.all("loc").map(\.text)
            #expect(locations.count <= 2 && !locations.isEmpty)
            listed += locations
        }
        #expect(listed == expected)
        #expect(!site.exists("sitemap-\(count + 1).xml"))
        #expect(site.text("robots.txt") == "User-agent: *\nDisallow:\n\nSitemap: https://example.com/fixture/sitemap.xml\n")
        // Under the limit: one sitemap, no parts.
        #expect(!whole.exists("sitemap-1.xml"))
    }

    @Test func publishedURLsUseFolderAddresses() {
        let url = PublishedURL(base: "https://example.com/bar")
        #expect(url.base == "https://example.com/bar/")
        #expect(url.page("index.html") == "https://example.com/bar/")
        #expect(url.page("recipes/piña colada/index.html") == "https://example.com/bar/recipes/pi%C3%B1a%20colada/")
        #expect(url.file("feed.xml") == "https://example.com/bar/feed.xml")
        #expect(url.resolve("../../images/a.jpg", root: "../../") == "https://example.com/bar/images/a.jpg")
        #expect(url.resolve("https://cdn.example.net/a.jpg", root: "../../") == "https://cdn.example.net/a.jpg")
        #expect(url.path == "/bar/")
        #expect(PublishedURL(base: "https://example.com").path == "/")
    }

    @Test func robotsTxtPointsAtTheSitemap() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        #expect(site.text("robots.txt") == "User-agent: *\nDisallow:\n\nSitemap: https://example.com/fixture/sitemap.xml\n")
        #expect(RobotsTxt(publishedURL: nil).text == "User-agent: *\nDisallow:\n")
    }

    @Test func notFoundPageLinksFromTheBaseURLPath() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let html = try #require(site.text("404.html"))
        #expect(html.contains(#"<link rel="stylesheet" href="/fixture/assets/style.css">"#))
        #expect(html.contains(#"href="/fixture/index.html""#))
        #expect(html.contains(#"href="/fixture/tags/index.html""#))
        #expect(html.contains(#"<meta name="robots" content="noindex">"#))
        #expect(!html.contains("href=\"../"))
    }

    @Test func notFoundPageWithoutBaseURLLinksFromTheHostRoot() throws {
        let site = try BuiltSite { folder in
            try BuiltSite.replace("base_url: https://example.com/fixture/\n", with: "", in: folder.appendingPathComponent("site.yml"))
        }
        defer { site.remove() }
        let html = try #require(site.text("404.html"))
        #expect(html.contains(#"<link rel="stylesheet" href="/assets/style.css">"#))
        #expect(html.contains(#"href="/index.html""#))
    }
}
