import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryKit

/// The `<picture>` markup of a card, of a recipe page's hero and of a picture in its body, built from a fixture site with one
/// small real JPEG and compared with `Tests/Snapshots/images-markup/picture.html`. Re-record with
/// `RECORD_SNAPSHOTS=1`.
@Suite struct ImageMarkupTests {
    @Test func pictureMarkupMatchesSnapshot() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let site = try temporary.copyFixture("images-basic")
        let output = temporary.url.appendingPathComponent("out")
        _ = try SiteBuilder(options: BuildOptions(siteDirectory: site, outputDirectory: output,
                                                  themeDirectory: Repository.templates)).build()
        var pictures: [String] = []
        for page in ["index.html", "recipes/lemonade/index.html"] {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            // The box carrying the placeholder, then the picture inside it; a picture in the body.
            let pattern = "<(span class=\"card-image\"|figure class=\"recipe-hero\"|figure class=\"body-figure\")[^>]*>\\s*<picture>.*?</picture>"
            let matches = html.ranges(of: try Regex(pattern).dotMatchesNewlines())
            pictures += matches.map { "<!-- \(page) -->\n" + String(html[$0]) }
        }
        let actual = pictures.joined(separator: "\n") + "\n"
        let golden = Repository.snapshots.appendingPathComponent("images-markup/picture.html")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: golden)
            return
        }
        #expect(pictures.count == 3)
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(actual == expected)
        // Every file the markup names was written.
        let names = actual.matches(of: try Regex("images/[a-z0-9-]+\\.(jpg|webp)")).map { String(actual[$0.range]) }
        #expect(!names.isEmpty)
        for name in Set(names) {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(name).path), "\(name)")
        }
    }
}
