import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GallerySupport

/// The content loader keeps where each recipe's body starts, not the body (a large site's text
/// is not held in memory whole); the page reads it again and proves it is the text validated.
@Suite struct RecipeBodyTests {
    func load(_ folder: TemporaryDirectory) -> Site? {
        ContentLoader(siteDirectory: folder.url.appendingPathComponent("site"), displayRoot: "site").read().site
    }

    @Test func theBodyIsReadAgainFromItsFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/site.yml", "title: Body Bar\n")
        // A byte-order mark, CRLF line ends and non-ASCII text before and in the body.
        try folder.write("site/recipes/cafe-brulot.md", Data([0xEF, 0xBB, 0xBF]) + Data("---\r\ntitle: Café brûlot\r\n---\r\nFlambé *à la* table.\r\n\r\n1. Light it.\r\n".utf8))
        try folder.write("site/recipes/empty.md", "---\ntitle: Empty\n---\n")
        let site = try #require(load(folder))
        let cafe = try #require(site.recipes.first { $0.title == "Café brûlot" })
        guard case .file = cafe.body else {
            Issue.record("the loader kept the body: \(cafe.body)")
            return
        }
        #expect(try site.body(of: cafe).contains("Flambé *à la* table."))
        #expect(try site.body(of: cafe).contains("1. Light it."))
        let empty = try #require(site.recipes.first { $0.title == "Empty" })
        #expect(try site.body(of: empty) == "")
    }

    @Test func aRecipeChangedDuringTheBuildIsAnErrorNotAnotherText() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/site.yml", "title: Body Bar\n")
        try folder.write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake with ice.\n")
        let site = try #require(load(folder))
        let gimlet = try #require(site.recipes.first)
        try folder.write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nStir with ice.\n")
        #expect(throws: Diagnostic.error("the recipe changed while the site was being built; build again", path: "site/recipes/gimlet.md")) {
            try site.body(of: gimlet)
        }
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site/recipes/gimlet.md"))
        #expect(throws: Diagnostic.self) { try site.body(of: gimlet) }
    }

    @Test func aHeldBodyNeedsNoFolder() throws {
        let site = Site(config: SiteConfig(), recipes: [], images: [:])
        #expect(try site.body(of: Recipe(slug: "a", title: "A", sourcePath: "recipes/a.md", body: "Shake.")) == "Shake.")
    }
}
