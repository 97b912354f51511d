import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit

/// A site with pages, a menu and static files, built: where each goes, what lists it, what a
/// clash of two files at one path says, and how the output manifest owns static files.
@Suite struct PagesBuildTests {
    /// Builds the `pages` fixture after `edit`; the failure's lines when it fails.
    func build(_ edit: (URL) throws -> Void = { _ in }, into output: URL? = nil, in temporary: TemporaryDirectory) throws -> (URL, [String]) {
        let site = temporary.url.appendingPathComponent("pages")
        if !FileManager.default.fileExists(atPath: site.path) { _ = try temporary.copyFixture("pages") }
        try edit(site)
        let output = output ?? temporary.url.appendingPathComponent("out")
        return (output, temporary.build(site: site, into: output))
    }

    func text(_ output: URL, _ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: output.appendingPathComponent(path).path) ?? Data(), as: UTF8.self)
    }

    @Test func pagesGetTheirOwnAddressesAndStayOutOfRecipeLists() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (output, errors) = try build(in: temporary)
        #expect(errors.isEmpty)
        let about = text(output, "about/index.html")
        #expect(about.contains("<h1>About us</h1>") && about.contains("<em>drinks</em>") && about.contains("page-content"))
        #expect(text(output, "help/faq/index.html").contains("<h2>Do you ship?</h2>"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("secret").path), "drafts are left out")
        let sitemap = text(output, "sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.com/pages/about/</loc>") && sitemap.contains("<loc>https://example.com/pages/help/faq/</loc>"))
        let search = try #require(SearchOutput(output: output))
        #expect(search.records.contains { $0.prefix(2).compactMap { $0 as? String } == ["About us", "about/index.html"] })
        #expect(search.records.last?.prefix(2).compactMap { $0 as? String } == ["Questions", "help/faq/index.html"], "pages after the recipes")
        #expect(search.titles.count > 1)
        for path in ["index.html", "feed.xml", "tags/gin/index.html"] {
            #expect(!text(output, path).contains("About us"), "\(path) lists only recipes")
        }
        #expect(!about.contains("application/ld+json"), "a page is not a schema.org Recipe")
    }

    @Test func aPagesPictureGoesThroughTheImagePipeline() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (output, errors) = try build({ site in
            try FileManager.default.createDirectory(at: site.appendingPathComponent("images"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("images-basic/images/lemonade.jpg"),
                                             to: site.appendingPathComponent("images/lemonade.jpg"))
            try BuiltSite.replace("description: Who we are.\n", with: "description: Who we are.\nimage: images/lemonade.jpg\nimage_alt: A glass\n",
                                  in: site.appendingPathComponent("pages/about.md"))
        }, in: temporary)
        #expect(errors.isEmpty)
        let about = text(output, "about/index.html")
        // Only this page shows the picture (320 px wide once upright): renditions at its own width.
        #expect(about.contains(#"<img src="../images/lemonade-"#) && about.contains(#"-320.jpg 320w""#) && about.contains("alt=\"A glass\" width=\"320\" height=\"400\""))
        #expect(about.contains(#"<meta property="og:image" content="https://example.com/pages/images/lemonade-"#))
        #expect(LinkChecker(outputDirectory: output, displayPath: "out", baseURL: "https://example.com/pages/").check().diagnostics.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("images/lemonade.jpg").path), "the original is not published")

        let (_, missing) = try build({ site in
            try FileManager.default.removeItem(at: site.appendingPathComponent("images/lemonade.jpg"))
        }, in: temporary)
        #expect(missing == ["pages/pages/about.md:4:1: error: image 'images/lemonade.jpg' not found (looked for pages/images/lemonade.jpg)"])
    }

    @Test func aPictureInAPagesTextIsAResponsiveFigureAndAMissingOneAnErrorAtItsPosition() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (output, errors) = try build({ site in
            try FileManager.default.createDirectory(at: site.appendingPathComponent("images"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("images-basic/images/lemonade.jpg"),
                                             to: site.appendingPathComponent("images/lemonade.jpg"))
            try BuiltSite.replace("See the [FAQ](../help/faq/).", with: "See the [FAQ](../help/faq/).\n\n![Our bar](../images/lemonade.jpg \"The bar at noon\")",
                                  in: site.appendingPathComponent("pages/about.md"))
        }, in: temporary)
        #expect(errors.isEmpty)
        let about = text(output, "about/index.html")
        #expect(about.contains(#"<figure class="body-figure"><picture><source type="image/webp" srcset="../images/lemonade-"#))
        #expect(about.contains("<figcaption>The bar at noon</figcaption>"))
        #expect(LinkChecker(outputDirectory: output, displayPath: "out", baseURL: "https://example.com/pages/").check().diagnostics.isEmpty)

        let (_, missing) = try build({ site in
            try FileManager.default.removeItem(at: site.appendingPathComponent("images/lemonade.jpg"))
        }, in: temporary)
        #expect(missing.count == 1)
        #expect(missing.first?.contains("pages/pages/about.md:") == true && missing.first?.contains(": error: image '../images/lemonade.jpg' not found") == true, "\(missing)")
    }

    @Test func checkFollowsThePagesLinks() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (output, errors) = try build({ site in
            try BuiltSite.replace("See the [FAQ](../help/faq/).", with: "See the [FAQ](../help/faq/), [security](../.well-known/security.txt) and [more](../nowhere/).",
                                  in: site.appendingPathComponent("pages/about.md"))
        }, in: temporary)
        #expect(errors.isEmpty)
        let report = LinkChecker(outputDirectory: output, displayPath: "out", baseURL: "https://example.com/pages/").check()
        #expect(report.diagnostics.map(\.description).count == 1)
        #expect(report.diagnostics.first?.description.hasPrefix("out/about/index.html:") == true)
        #expect(report.diagnostics.first?.message == "broken link '../nowhere/': no file 'nowhere/index.html' in the output")
    }

    @Test func theMenuMarksTheCurrentEntry() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (output, _) = try build(in: temporary)
        func menu(_ path: String) -> String {
            let page = text(output, path)
            guard let start = page.range(of: "<nav class=\"site-nav\""), let end = page.range(of: "</nav>", range: start.upperBound..<page.endIndex) else { return "" }
            return String(page[start.lowerBound..<end.upperBound])
        }
        #expect(menu("about/index.html").contains(#"<li><a href="../about/index.html" aria-current="page">About</a></li><li><a href="../tags/gin/index.html">Gin drinks</a></li><li><a href="../recipes/negroni/index.html">Negroni</a></li><li><a href="../help/faq/index.html">Questions</a></li><li><a href="https://shop.example.com/">Shop</a></li>"#))
        #expect(menu("recipes/negroni/index.html").contains(#"<a href="../../recipes/negroni/index.html" aria-current="page">Negroni</a>"#))
        #expect(menu("tags/gin/index.html").contains(#"<a href="../../tags/gin/index.html" aria-current="page">Gin drinks</a>"#))
        #expect(menu("help/faq/index.html").contains(#"<a href="../../help/faq/index.html" aria-current="page">Questions</a>"#))
        #expect(!menu("index.html").contains("aria-current"))
        #expect(menu("404.html").contains(#"<a href="/pages/about/index.html">About</a>"#))
    }

    @Test func aPageWithAnotherTemplateAndTheHeadAndFooterPartials() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (output, errors) = try build({ site in
            try BuiltSite.replace("menu: 30\n", with: "menu: 30\ntemplate: plain\n", in: site.appendingPathComponent("pages/help/faq.md"))
            try Data("{{<base}}{{$content}}PLAIN {{page.title}}{{/content}}{{/base}}".utf8).write(to: site.appendingPathComponent("templates/plain.mustache"), options: [])
        }, in: temporary)
        #expect(errors == [])
        #expect(text(output, "help/faq/index.html").contains("PLAIN Questions"))
        #expect(text(output, "index.html").contains("<link rel=\"stylesheet\" href=\"assets/extra.css\">"))
        #expect(text(output, "about/index.html").contains("<link rel=\"stylesheet\" href=\"../assets/extra.css\">"))
        #expect(text(output, "about/index.html").contains("<p class=\"imprint\">Imprint</p>\n</footer>"))

        let (_, missing) = try build({ site in
            try BuiltSite.replace("template: plain\n", with: "template: nowhere\n", in: site.appendingPathComponent("pages/help/faq.md"))
        }, in: temporary)
        #expect(missing == ["pages/pages/help/faq.md:4:1: error: the theme has no template 'nowhere' (looked for nowhere.mustache)"])
    }

    @Test func aPageOrStaticFileAtAnotherFilesPathIsAnErrorNamingBoth() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (output, _) = try build(in: temporary)
        let before = treeContents(output)
        let (_, errors) = try build({ site in
            let write = { (path: String, text: String) in
                let url = site.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            try write("pages/recipes/negroni.md", "---\ntitle: Not a recipe\n---\n")
            try write("pages/tags/gin.md", "---\ntitle: Gin\n---\n")
            try write("pages/tags.md", "---\ntitle: Tags\n---\n")
            try write("static/sitemap.xml", "<urlset/>")
            try write("static/assets/style.css", "body{}")
            try write("static/about", "a file where a folder goes")
            try write("static/.gallerygen-output", "mine")
            try write("pages/index.md", "---\ntitle: Home\n---\n")
        }, in: temporary)
        #expect(errors == [
            "pages/pages/index.md:1:1: error: the page's address index.html is taken by index.html (the gallery page), which gallerygen writes: rename the page",
            "pages/pages/recipes/negroni.md:1:1: error: the page's address recipes/negroni/index.html is taken by the recipe pages/recipes/negroni.md: rename the page",
            "pages/pages/tags.md:1:1: error: the page's address tags/index.html is taken by tags/index.html (the tags page), which gallerygen writes: rename the page",
            "pages/pages/tags/gin.md:1:1: error: the page's address tags/gin/index.html is taken by the page of tag 'gin', first used by pages/recipes/negroni.md: rename the page",
            "pages/static/.gallerygen-output:1:1: error: the static file '.gallerygen-output' would replace .gallerygen-output (gallerygen's own working file), which gallerygen writes; rename or remove one of them",
            "pages/static/about:1:1: error: the static file 'about' is in the way of the page pages/pages/about.md: about/index.html needs a folder there; rename or remove one of them",
            "pages/static/assets/style.css:1:1: error: the static file 'assets/style.css' would replace assets/style.css (the theme's asset), which gallerygen writes; rename or remove one of them",
            "pages/static/sitemap.xml:1:1: error: the static file 'sitemap.xml' would replace sitemap.xml, which gallerygen writes; rename or remove one of them",
        ])
        #expect(treeContents(output) == before, "a failed build leaves the previous output as it was")
    }

    @Test func staticFilesAreCopiedOwnedAndRemovedWhenGone() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (output, errors) = try build(in: temporary)
        #expect(errors.isEmpty)
        #expect(text(output, "CNAME") == "bar.example.com\n")
        #expect(text(output, ".well-known/security.txt") == "Contact: mailto:bar@example.com\n")
        #expect(text(output, "_redirects") == "/old-menu /about/ 301\n")
        let manifest = text(output, OutputWriter.markerName)
        for path in [".well-known/security.txt", "CNAME", "_redirects", "about/index.html", "site.webmanifest"] {
            #expect(manifest.contains("\n" + path + "\n"), "the output manifest owns \(path)")
        }
        // Removed from static/, the file goes from the output on the next build; a file of the
        // user's is kept, and a static file may not replace it.
        try Data("mine".utf8).write(to: output.appendingPathComponent("ads.txt"))
        let (_, second) = try build({ site in
            try FileManager.default.removeItem(at: site.appendingPathComponent("static/.well-known"))
        }, in: temporary)
        #expect(second.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(".well-known").path))
        #expect(text(output, "ads.txt") == "mine")
        let (_, clash) = try build({ site in
            try Data("other".utf8).write(to: site.appendingPathComponent("static/ads.txt"))
        }, in: temporary)
        #expect(clash == ["out/ads.txt:1:1: error: gallerygen did not write this file, and the new site has one of the same name; move it out of the output folder"])
        #expect(text(output, "ads.txt") == "mine")
    }

    @Test func theThemesIconsUnlessTheSiteHasItsOwnAndTheWebManifest() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (output, _) = try build(in: temporary)
        let about = text(output, "about/index.html")
        #expect(about.contains(#"<link rel="icon" href="../assets/favicon.svg" type="image/svg+xml" sizes="any">"#))
        #expect(about.contains(#"<link rel="icon" href="../assets/favicon-32.png" type="image/png" sizes="32x32">"#))
        #expect(about.contains(#"<link rel="manifest" href="../site.webmanifest">"#))
        #expect(about.contains(##"<meta name="theme-color" content="#a3472f">"##))
        #expect(FileManager.default.contents(atPath: output.appendingPathComponent("assets/favicon-32.png").path)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(text(output, "site.webmanifest").utf8)) as? [String: Any])
        #expect(manifest["name"] as? String == "Pages Bar")
        #expect(manifest["theme_color"] as? String == "#a3472f" && manifest["background_color"] as? String == "#f7f2ea")
        #expect((manifest["icons"] as? [[String: Any]])?.compactMap { $0["src"] as? String } == ["assets/favicon.svg", "assets/favicon-32.png"])

        let (_, errors) = try build({ site in
            try Data([0, 0, 1, 0]).write(to: site.appendingPathComponent("static/favicon.ico"))
            try BuiltSite.replace("base_url:", with: "theme_color: \"#123\"\nbase_url:", in: site.appendingPathComponent("site.yml"))
        }, in: temporary)
        #expect(errors.isEmpty)
        let own = text(output, "about/index.html")
        #expect(own.contains(#"<link rel="icon" href="../favicon.ico" type="image/x-icon">"#))
        #expect(!own.contains("assets/favicon"), "the site's favicon takes the theme's place")
        #expect(own.contains(##"<meta name="theme-color" content="#123">"##))
        #expect(text(output, "site.webmanifest").contains(#""icons":[{"src":"favicon.ico","type":"image/x-icon"}]"#))
    }
}
