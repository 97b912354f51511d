import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryImages
@testable import GallerySupport

/// SVG pictures published from the site's origin: nothing in them may run or fetch.
@Suite struct SVGSanitizerTests {
    func sanitized(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        String(decoding: try SVGSanitizer.sanitize(Data(text.utf8)), as: UTF8.self)
    }

    let open = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"10\" height=\"10\">"

    @Test func scriptsAndEventAttributesAreRemoved() throws {
        let output = try sanitized(open + """
            <script>alert(1)</script><script xlink:href="https://evil.example/x.js"/>
            <rect width="10" height="10" onload="alert(2)" ONCLICK="alert(3)" fill="red"/>
            <html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(4)</html:script></svg>
            """)
        #expect(!output.lowercased().contains("script") && !output.contains("alert"), "\(output)")
        #expect(output.contains("<rect width=\"10\" height=\"10\" fill=\"red\"/>"), "\(output)")
    }

    @Test func scriptURLsAndExternalReferencesAreRemoved() throws {
        let output = try sanitized(open + """
            <a href="javascript:alert(1)"><text>a</text></a><a xlink:href=" JaVa&#x09;script:alert(2)"><text>b</text></a>
            <use href="https://evil.example/sprite.svg#x"/><use xlink:href="#local"/>
            <image href="data:image/svg+xml;base64,PHN2Zz4="/><image href="data:image/png;base64,iVBORw0KGgo="/>
            <image href="http://evil.example/track.png"/><feImage href="file:///etc/passwd"/>
            <rect fill="url(http://evil.example/p.svg#g)" stroke="url(#g)"/>
            <rect style="fill: url('https://evil.example/')"/><rect style="fill: u\\72l(x)"/>
            <style>@import url(https://evil.example/a.css); rect { fill: blue }</style>
            <style>rect { fill: url(#g) }</style>
            <foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(3)"/></foreignObject>
            <iframe/><embed src="x"/><object data="x"/>
            <set attributeName="href" to="javascript:alert(4)"/><animate attributeName="xlink:href" values="javascript:alert(5)"/>
            <animate attributeName="opacity" from="0" to="1" dur="1s"/></svg>
            """)
        for forbidden in ["javascript", "evil.example", "svg+xml", "passwd", "@import", "foreignObject", "iframe", "embed", "object", "<set", "u\\72l"] {
            #expect(!output.lowercased().contains(forbidden.lowercased()), "\(forbidden) in \(output)")
        }
        #expect(output.contains("<use xlink:href=\"#local\"/>"), "\(output)")
        #expect(output.contains("<image href=\"data:image/png;base64,iVBORw0KGgo=\"/>"), "\(output)")
        #expect(output.contains("stroke=\"url(#g)\"") && output.contains("<style>rect { fill: url(#g) }</style>"), "\(output)")
        #expect(output.contains("<animate attributeName=\"opacity\" from=\"0\" to=\"1\" dur=\"1s\"/>"), "\(output)")
    }

    @Test func entitiesAreNotLoadedOrExpandedWithoutBound() throws {
        let external = try sanitized("""
            <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><text>&x;</text></svg>
            """)
        #expect(!external.contains("root:") && !external.contains("DOCTYPE"), "\(external)")
        var laughs = "<!ENTITY a0 \"lol\">"
        for level in 1...12 { laughs += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        let bomb = "<!DOCTYPE svg [\(laughs)]><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"><text>&a12;</text></svg>"
        #expect(throws: SVGDocument.Failure.self) { _ = try SVGSanitizer.sanitize(Data(bomb.utf8)) }
    }

    @Test func outputIsDeterministicAndStable() throws {
        let input = open + "<g id=\"a\" transform=\"scale(2)\"><title>T &amp; &lt;U&gt;</title><path d=\"M0 0L10 10\" stroke=\"#000\"/></g></svg>"
        let once = try sanitized(input)
        #expect(once == (try sanitized(input)))
        #expect(once == (try sanitized(once)))
        #expect(once.contains("<title>T &amp; &lt;U&gt;</title>"), "\(once)")
    }

    @Test func malformedSVGIsALocatedError() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/bad.svg", Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n<rect>\n</svg>".utf8))
        try site.addRecipe("sour", image: "images/bad.svg")
        let errors = site.errors()
        #expect(errors.count == 1 && errors[0].hasPrefix("site/recipes/sour.md:3:1: error: image 'images/bad.svg'"), "\(errors)")
        #expect(errors.first?.contains("not well-formed XML (line 3") == true, "\(errors)")
    }

    @Test func publishedSVGHasNoScript() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/logo.svg", Data((open + "<script>alert(document.domain)</script><circle r='4' cx='5' cy='5'/></svg>").utf8))
        try site.addRecipe("sour", image: "images/logo.svg")
        _ = try site.build()
        let images = site.output.appendingPathComponent("images")
        let names = try FileManager.default.contentsOfDirectory(atPath: images.path).filter { $0.hasSuffix(".svg") }
        #expect(names.count == 1)
        let published = try String(contentsOf: images.appendingPathComponent(names[0]), encoding: .utf8)
        #expect(!published.contains("script") && published.contains("<circle r=\"4\" cx=\"5\" cy=\"5\"/>"), "\(published)")
    }
}

/// `images: svg: rasterize` publishes SVGs as WebP and JPEG renditions instead.
@Suite struct SVGRasterizingTests {
    @Test func rasterizedSVGHasRenditionsAndNoSVGFile() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.temporary.write("site/site.yml", "title: Raster\nimages:\n  svg: rasterize\n")
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='400' height='300'><script>alert(1)</script><rect width='400' height='300' fill='#336699'/></svg>"
        try site.addImage("images/logo.svg", Data(svg.utf8))
        try site.addRecipe("sour", image: "images/logo.svg")
        _ = try site.build()
        let names = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("images").path)
        #expect(!names.contains { $0.hasSuffix(".svg") }, "\(names)")
        #expect(names.contains { $0.hasSuffix(".webp") } && names.contains { $0.hasSuffix(".jpg") }, "\(names)")
        let page = try String(contentsOf: site.output.appendingPathComponent("index.html"), encoding: .utf8)
        // The only SVG a page names is the theme's icon.
        #expect(page.contains(".webp") && !page.replacingOccurrences(of: "assets/favicon.svg\"", with: "").contains(".svg\""))
    }

    @Test func unknownSVGModeIsAnError() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.temporary.write("site/site.yml", "title: Raster\nimages:\n  svg: paint\n")
        try site.addImage("images/logo.svg", Data("<svg xmlns='http://www.w3.org/2000/svg' width='4' height='3'/>".utf8))
        try site.addRecipe("sour", image: "images/logo.svg")
        #expect(site.errors().contains { $0.contains("site.yml:3:8: error: 'svg' must be sanitize or rasterize, found 'paint'") }, "\(site.errors())")
    }
}

/// The gallery's background image is published from the same origin, so an SVG one is sanitised too.
@Suite struct BackgroundSVGTests {
    @Test func backgroundSVGIsPublishedSanitised() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.temporary.write("site/site.yml", "title: Back\ngallery:\n  background:\n    image: images/wall.svg\n")
        try site.addImage("images/wall.svg", Data("<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8' onload='alert(1)'><rect width='8' height='8'/></svg>".utf8))
        try site.addRecipe("sour", image: "images/wall.svg")
        _ = try site.build()
        let published = try String(contentsOf: site.output.appendingPathComponent("images/wall.svg"), encoding: .utf8)
        #expect(!published.contains("alert") && published.contains("<rect width=\"8\" height=\"8\"/>"), "\(published)")
    }
}
