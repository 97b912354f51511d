import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryRender

/// Pictures in recipe bodies through a whole build: processed, published under hashed names,
/// cached, and every bad one an error at its line and column with the previous output intact.
@Suite struct BodyPictureBuildTests {
    func addRecipe(_ site: ImageTestSite, _ slug: String, body: String) throws {
        try site.temporary.write("site/recipes/\(slug).md", "---\ntitle: \(slug.capitalized)\n---\n\(body)")
    }

    /// The build's errors, libvips' own words (which vary between its versions) cut to "…".
    func errors(_ site: ImageTestSite) -> [String] {
        site.errors().map { line in
            guard let range = line.range(of: "(truncated or corrupt?): ") else { return line }
            return line[..<range.upperBound] + "…"
        }
    }

    func page(_ site: ImageTestSite, _ slug: String) throws -> String {
        try String(contentsOf: site.output.appendingPathComponent("recipes/\(slug)/index.html"), encoding: .utf8)
    }

    @Test func bodyPictureIsProcessedForTheTextColumnAndCached() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/step.jpg", try ImageFixture.jpeg(width: 900, height: 600))
        try addRecipe(site, "sour", body: "Shake.\n\n![Ice & lemon](../images/step.jpg \"Before the shaker\")\n")
        let first = try site.build()
        #expect((first.imagesProcessed, first.imagesFromCache) == (1, 0))
        let html = try page(site, "sour")
        let figure = try #require(html.firstMatch(of: try Regex("<figure class=\"body-figure\">.*?</figure>").dotMatchesNewlines()))
        let markup = String(html[figure.range])
        // The original's 900 (the widest column at 2x), 560 (the desktop column at 1x), 352 (a phone at 1x);
        // 720 is within 30 % of 900 and thinned out.
        #expect(markup.contains("srcset=\"../../images/step-"), "\(markup)")
        let names = markup.matches(of: try Regex("images/step-[0-9a-f]{10}-([0-9]+)\\.(jpg|webp)")).map { String(markup[$0.range]) }
        #expect(Set(names.map { $0.split(separator: "-").last! }) == ["352.jpg", "352.webp", "560.jpg", "560.webp", "900.jpg", "900.webp"])
        for name in names {
            #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(name).path), "\(name)")
        }
        #expect(markup.contains("sizes=\"\(BodyPictureMarkup.textColumnSizes)\""))
        #expect(markup.contains("alt=\"Ice &amp; lemon\" width=\"900\" height=\"600\" loading=\"lazy\" decoding=\"async\" style=\"background:#"))
        #expect(markup.hasSuffix("<figcaption>Before the shaker</figcaption></figure>"))
        // Neither the original nor structured-data crops (only a recipe's own picture needs them) are published.
        let published = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("images").path)
        #expect(!published.contains("step.jpg"))
        #expect(!published.contains { $0.contains("16x9") })

        let second = try site.build()
        #expect((second.imagesProcessed, second.imagesFromCache) == (0, 1))
        #expect(try page(site, "sour") == html)
    }

    @Test func pictureUsedAsHeroAndInTheBodyIsProcessedOnce() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/sour.jpg", try ImageFixture.jpeg(width: 600, height: 400))
        try site.temporary.write("site/recipes/sour.md", "---\ntitle: Sour\nimage: images/sour.jpg\n---\n![again](/images/sour.jpg)\n")
        let report = try site.build()
        #expect(report.imagesProcessed == 1)
        let html = try page(site, "sour")
        #expect(html.contains("<p><picture><source type=\"image/webp\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("images").path).contains { $0.contains("16x9") })
    }

    @Test func everyBadBodyPictureIsAnErrorAtItsLineAndColumn() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/good.jpg", try ImageFixture.jpeg())
        try addRecipe(site, "sour", body: "Shake.\n")
        _ = try site.build()
        let before = try page(site, "sour")
        let jpeg = try ImageFixture.jpeg(width: 200, height: 150)
        try site.addImage("images/cut.jpg", jpeg.prefix(jpeg.count / 2))
        try site.addImage("images/notes.png", Data("shopping list\n".utf8))
        try site.temporary.write("outside/secret.jpg", try ImageFixture.jpeg())
        try FileManager.default.createSymbolicLink(at: site.root.appendingPathComponent("images/escape.jpg"),
                                                   withDestinationURL: site.temporary.url.appendingPathComponent("outside/secret.jpg"))
        try addRecipe(site, "sour", body: """
            Caf\u{E9} ![missing](../images/missing.jpg) and ![good](../images/good.jpg).

            1. Pour ![cut](../images/cut.jpg)
            2. ![notes](/images/notes.png "Notes")

            ![out](../images/escape.jpg) ![up](../../secret.jpg)

            """)
        #expect(errors(site) == [
            "site/recipes/sour.md:4:6: error: image '../images/missing.jpg' not found (looked for site/images/missing.jpg)",
            "site/recipes/sour.md:6:9: error: image '../images/cut.jpg' cannot be decoded (truncated or corrupt?): …",
            "site/recipes/sour.md:7:4: error: image '/images/notes.png': not a JPEG, PNG, GIF, WebP or SVG image",
            "site/recipes/sour.md:9:1: error: image '../images/escape.jpg' leads outside the site folder (through a symbolic link)",
            "site/recipes/sour.md:9:30: error: image '../../secret.jpg' leads outside the site folder",
        ])
        #expect(try page(site, "sour") == before)
    }

    @Test func undecodableBodyPictureFailsTheBuildAtItsPosition() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        let jpeg = try ImageFixture.jpeg(width: 200, height: 150)
        try site.addImage("images/cut.jpg", jpeg.prefix(jpeg.count / 2))
        try addRecipe(site, "sour", body: "Stir.\n\n  ![cut](../images/cut.jpg \"Cut\")\n")
        #expect(errors(site) == ["site/recipes/sour.md:6:3: error: image '../images/cut.jpg' cannot be decoded (truncated or corrupt?): …"])
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test func remoteBodyPictureIsNotDownloaded() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try addRecipe(site, "sour", body: "![far](https://example.com/far.jpg)\n")
        let report = try site.build()
        #expect(report.imagesProcessed + report.imagesFromCache == 0)
        #expect(try page(site, "sour").contains("<img class=\"body-picture\" src=\"https://example.com/far.jpg\" alt=\"far\" loading=\"lazy\" decoding=\"async\">"))
    }
}
