import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryAuthoring
@testable import GalleryContent
@testable import GallerySupport

/// An import writes all or nothing: existing recipes are kept unless forced, a move that fails
/// part-way puts everything back, and the leftovers of a killed import are reported.
@Suite struct ImportWriterTests {
    @Test func refusesToReplaceExistingRecipesUnlessForced() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/recipes/mojito.md", "---\ntitle: My own mojito\n---\n")
        let site = folder.url.appendingPathComponent("site")
        let (recipes, _) = PlistImport.load(from: PlistImportTests.fixture, displayPath: "DrinkList.plist")
        #expect(throws: ImportFailure.self) { try PlistImport.write(recipes, to: site, displayRoot: "site", force: false) }
        do {
            _ = try PlistImport.write(recipes, to: site, displayRoot: "site", force: false)
        } catch {
            #expect(error.description.contains("site/recipes/mojito.md:1:1: error: a recipe file with this name already exists; pass --force"))
        }
        // All or nothing: no other recipe was written either.
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("recipes/piña-colada.md").path))
        #expect(try String(contentsOf: site.appendingPathComponent("recipes/mojito.md"), encoding: .utf8).contains("My own mojito"))
        _ = try PlistImport.write(recipes, to: site, displayRoot: "site", force: true)
        #expect(try String(contentsOf: site.appendingPathComponent("recipes/mojito.md"), encoding: .utf8).contains("title: Mojito"))
    }

    @Test func aMoveThatFailsMidwayPutsEveryReplacedRecipeBack() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/recipes/mojito.md", "---\ntitle: My own mojito\n---\n")
        try folder.write("site/recipes/shirley-temple.md", "---\ntitle: My Shirley Temple\n---\n")
        let site = folder.url.appendingPathComponent("site")
        let before = treeContents(site)
        let (recipes, _) = PlistImport.load(from: PlistImportTests.fixture, displayPath: "DrinkList.plist")
        #expect(recipes.count == 4)
        // The third move fails, after mojito.md was replaced and piña-colada.md added.
        #expect {
            _ = try PlistImport.write(recipes, to: site, displayRoot: "site", force: true, failingMove: 2)
        } throws: { error in
            let failure = try #require(error as? ImportFailure)
            return failure.siteUnchanged && failure.description.hasPrefix("site/recipes/dark-n-stormy-the-sailors-drink.md:1:1: error: cannot move the recipe into place")
        }
        #expect(treeContents(site) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).sorted() == ["recipes"])
        // The last move failing, with the replaced recipe moved aside: put back too.
        #expect(throws: ImportFailure.self) {
            try PlistImport.write(recipes, to: site, displayRoot: "site", force: true, failingMove: 3)
        }
        #expect(treeContents(site) == before)
        #expect(try PlistImport.write(recipes, to: site, displayRoot: "site", force: true).count == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).sorted() == ["recipes"])
        #expect(try String(contentsOf: site.appendingPathComponent("recipes/mojito.md"), encoding: .utf8).contains("title: Mojito"))
    }

    @Test func interruptedImportsAreReportedAndEmptyLeftoversRemoved() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // PIDs this large are never in use, so these imports' processes are gone.
        try folder.write("site/.gallerygen-import-2147483646/old/mojito.md", "---\ntitle: Mine\n---\n")
        try folder.write("site/.gallerygen-import-2147483647/new/mojito.md", "---\ntitle: Theirs\n---\n")
        let site = folder.url.appendingPathComponent("site")
        #expect(PlistImport.interruptedImports(in: site, displayRoot: "site").map(\.description) == [
            "site/.gallerygen-import-2147483646:1:1: warning: an earlier import was interrupted; the 1 recipe it replaced is kept in .gallerygen-import-2147483646/old",
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == [".gallerygen-import-2147483646"])
    }
}
