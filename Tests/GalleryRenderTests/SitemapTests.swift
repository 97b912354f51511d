import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryImages
@testable import GalleryRender

@Suite struct SitemapTests {
    @Test func xmlTextEscapesMarkupAndDropsWhatXMLForbids() {
        #expect(XMLText.escape("a&b<c>\"d'\t\n\r\u{1}\u{FFFE}\u{FFFF}\u{FFFD}é") == "a&amp;b&lt;c&gt;&quot;d&apos;\t\n\r\u{FFFD}é")
        #expect(XMLText.escape("https://example.com/bar/") == "https://example.com/bar/")
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
