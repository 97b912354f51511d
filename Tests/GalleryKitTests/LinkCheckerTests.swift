import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit

@Suite struct LinkCheckerTests {
    @Test func findsURLsInHTMLWithTheirPositions() {
        let html = """
            <!DOCTYPE html>
            <link rel="stylesheet" href="assets/style.css">
            <!-- <a href="commented.html"> -->
            <img src='a.jpg' srcset="a-1x.jpg 1x, a-2x.jpg 2x" alt="x">
            <a HREF=plain.html title="&lt;b&gt;">x</a><a href="q.html?a=1&amp;b=2">y</a>
            <script>var s = "<a href='in-script.html'>";</script><div style="background: url('bg.png')"></div>
            <style>.x { background-image: url(tile.svg) }</style>
            """
        let links = LinkChecker.links(inHTML: html)
        #expect(links.map(\.url) == ["assets/style.css", "a.jpg", "a-1x.jpg", "a-2x.jpg", "plain.html", "q.html?a=1&b=2",
                                     "bg.png", "tile.svg"])
        #expect(links[0].line == 2 && links[0].column == 30)
        #expect(links[2].line == 4 && links[2].column == 26)
        #expect(links[3].line == 4 && links[3].column == 39)
        #expect(links[4].line == 5 && links[4].column == 9)
    }

    @Test func findsURLsInCSS() {
        let css = "/* url(comment.png) */\n@import \"base.css\";\n.a { background: URL( \"x.png\" ) }\n.b { mask: url(y.svg#m) }\n.c { content: \"url(z)\" }"
        #expect(LinkChecker.links(inCSS: css).map(\.url) == ["base.css", "x.png", "y.svg#m"])
    }

    @Test func resolvesURLsRelativeToThePage() {
        #expect(LinkChecker.target(of: "../../assets/style.css", from: "recipes/mojito/index.html") == .file("assets/style.css"))
        #expect(LinkChecker.target(of: "../negroni/", from: "recipes/mojito/index.html") == .file("recipes/negroni/"))
        #expect(LinkChecker.target(of: "./", from: "index.html") == .file(""))
        #expect(LinkChecker.target(of: "..", from: "tags/rum/index.html") == .file("tags/"))
        #expect(LinkChecker.target(of: "/feed.xml", from: "tags/rum/index.html") == .file("feed.xml"))
        #expect(LinkChecker.target(of: "pi%C3%B1a.html#top", from: "index.html") == .file("piña.html"))
        #expect(LinkChecker.target(of: "../../x", from: "index.html") == .invalid("it leads outside the output folder"))
        let base = "https://example.com/back-bar/"
        #expect(LinkChecker.target(of: "/back-bar/assets/style.css", from: "404.html", baseURL: base) == .file("assets/style.css"))
        #expect(LinkChecker.target(of: "https://example.com/back-bar/feed.xml", from: "404.html", baseURL: base) == .file("feed.xml"))
        #expect(LinkChecker.target(of: "https://example.com/other/", from: "404.html", baseURL: base) == .unchecked)
        #expect(LinkChecker.target(of: "/elsewhere.css", from: "404.html", baseURL: base)
            == .invalid("a root-relative URL outside the site's base path '/back-bar/' (from base_url)"))
        for external in ["https://example.com/", "mailto:bar@example.com", "data:image/png;base64,AAA", "//cdn.example.com/x.js",
                         "#main", "", "javascript:void(0)", "?page=2"] {
            #expect(LinkChecker.target(of: external, from: "index.html") == .unchecked, "\(external)")
        }
    }

    @Test func reportsEachBrokenLinkWithItsPosition() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("out/index.html", "<a href=\"recipes/mojito/\">ok</a>\n<a href=\"recipes/negroni/\">gone</a> <img src=\"images/x.png\">")
        try folder.write("out/recipes/mojito/index.html", "<link href=\"../../assets/style.css\" rel=stylesheet><a href=\"../../\">home</a><a href=\"../..\">home</a>")
        try folder.write("out/assets/style.css", "body { background: url(\"../images/paper.png\") }")
        let report = LinkChecker(outputDirectory: folder.url.appendingPathComponent("out"), displayPath: "Site/public").check()
        #expect(report.diagnostics.map(\.description) == [
            "Site/public/assets/style.css:1:25: error: broken link '../images/paper.png': no file 'images/paper.png' in the output",
            "Site/public/index.html:2:10: error: broken link 'recipes/negroni/': no file 'recipes/negroni/index.html' in the output",
            "Site/public/index.html:2:47: error: broken link 'images/x.png': no file 'images/x.png' in the output",
        ])
        #expect(report.fileCount == 3)
        #expect(report.linkCount == 7)
    }

    @Test func namesAMissingFileOnceWithTheOtherPlacesInANote() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // A recipe body's link, repeated by the site's book and two tag books, and by a second page.
        try folder.write("out/recipes/gimlet/index.html", "<a href=\"../sidecar/\">Sidecar</a>")
        try folder.write("out/recipes/daiquiri/index.html", "<p>\n<a href=\"../sidecar/\">Sidecar</a>")
        try folder.write("out/cookbook/index.html", "<a href=\"../recipes/sidecar/\">Sidecar</a>")
        try folder.write("out/tags/gin/cookbook/index.html", "<a href=\"../../../recipes/sidecar/\">Sidecar</a>")
        try folder.write("out/fr/cookbook/index.html", "<a href=\"../../recipes/sidecar/\">Sidecar</a>")
        try folder.write("out/index.html", "<a href=\"gone.html\">x</a>")
        let report = LinkChecker(outputDirectory: folder.url.appendingPathComponent("out"), displayPath: "public").check()
        #expect(report.diagnostics.map(\.description) == [
            "public/index.html:1:10: error: broken link 'gone.html': no file 'gone.html' in the output",
            "public/recipes/daiquiri/index.html:2:10: error: broken link '../sidecar/': no file 'recipes/sidecar/index.html' in the output",
            "public/recipes/daiquiri/index.html:2:10: note: also linked from 4 more places: public/recipes/gimlet/index.html:1:10, "
                + "public/cookbook/index.html:1:10, public/fr/cookbook/index.html:1:10 and 1 more",
        ])
        #expect(report.brokenCount == 2)
        #expect(report.linkCount == 6)
    }
}
