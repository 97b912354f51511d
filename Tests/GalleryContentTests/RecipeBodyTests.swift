import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GallerySupport

/// The content loader hands each recipe's body on with the recipe, up to its budget; past it (a
/// large site's text is not held in memory whole) it keeps where each body starts, and the steps
/// that need a body read it again and prove it is the text validated.
@Suite struct RecipeBodyTests {
    /// The site in `folder`, read with a budget of `budget` bytes of bodies (none by default: the
    /// bodies are read again).
    func load(_ folder: TemporaryDirectory, budget: Int = 0) -> Site? {
        var loader = ContentLoader(siteDirectory: folder.url.appendingPathComponent("site"), displayRoot: "site")
        loader.bodyBudget = budget
        return loader.read().site
    }

    /// A site of `count` recipes whose bodies are 22 bytes each ("Shake number 01 hard." and a line end).
    func writeRecipes(_ count: Int, in folder: TemporaryDirectory) throws {
        try folder.write("site/site.yml", "title: Body Bar\n")
        for number in 1...count {
            let two = number < 10 ? "0\(number)" : "\(number)"
            try folder.write("site/recipes/drink-\(two).md", "---\ntitle: Drink \(two)\n---\nShake number \(two) hard.\n")
        }
    }

    @Test func bodiesWithinTheBudgetAreHandedOnAndNeedNoFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try writeRecipes(5, in: folder)
        let site = try #require(load(folder, budget: ContentLoader.defaultBodyBudget))
        #expect(site.recipes.allSatisfy { $0.body.heldText != nil })
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site/recipes"))
        #expect(try site.recipes.map(site.body(of:)) == (1...5).map { "Shake number 0\($0) hard.\n" })
    }

    @Test func pastTheBudgetNoBodyIsHeldNotEvenTheFirst() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try writeRecipes(12, in: folder)
        // Room for four of the twelve bodies.
        let site = try #require(load(folder, budget: 4 * 22))
        #expect(site.recipes.count == 12)
        #expect(site.recipes.allSatisfy { $0.body.heldText == nil })
        #expect(try site.body(of: site.recipes[0]) == "Shake number 01 hard.\n")
        #expect(try site.body(of: site.recipes[11]) == "Shake number 12 hard.\n")
        // Exactly at the budget: all held.
        let whole = try #require(load(folder, budget: 12 * 22))
        #expect(whole.recipes.allSatisfy { $0.body.heldText != nil })
    }

    /// A large site lets its first bodies go after its first batch, when they foretell too many.
    @Test func theFirstBodiesForetellALargeSite() {
        var held = HeldRecipeBodies(budget: 100)
        var recipes = [Recipe(slug: "a", title: "A", sourcePath: "recipes/a.md", body: String(repeating: "a", count: 20)),
                       Recipe(slug: "b", title: "B", sourcePath: "recipes/b.md", body: String(repeating: "b", count: 20))]
        let places = [RecipeBodyPlace(start: 10, count: 20, checksum: 1), RecipeBodyPlace(start: 10, count: 20, checksum: 2)]
        for index in recipes.indices { held.hold(&recipes[index], place: places[index]) }
        held.foresee(parsed: 2, of: 5)
        #expect(!held.isOverBudget)
        held.foresee(parsed: 2, of: 6)
        #expect(held.isOverBudget)
        held.letGo(&recipes)
        #expect(recipes.map(\.body) == places.map(RecipeBody.file))
    }

    @Test func aRereadKeepsTheBodiesHeldWithinTheBudgetOrReadsAll() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try writeRecipes(3, in: folder)
        var loader = ContentLoader(siteDirectory: folder.url.appendingPathComponent("site"), displayRoot: "site")
        loader.bodyBudget = 3 * 22
        let first = loader.read()
        #expect(first.site?.recipes.allSatisfy { $0.body.heldText != nil } == true)
        // The same length: the new text is held beside the others.
        try folder.write("site/recipes/drink-02.md", "---\ntitle: Drink 02\n---\nStir number 02 long.\n")
        let again = try #require(loader.reread(first, changedRecipes: ["recipes/drink-02.md"]))
        #expect(again.site?.recipes.map { $0.body.heldText } == ["Shake number 01 hard.\n", "Stir number 02 long.\n", "Shake number 03 hard.\n"])
        // Longer: past the budget, so not this reading but a full one, which holds none.
        try folder.write("site/recipes/drink-02.md", "---\ntitle: Drink 02\n---\nStir number 02 long, then strain.\n")
        #expect(loader.reread(again, changedRecipes: ["recipes/drink-02.md"]) == nil)
        #expect(loader.read().site?.recipes.allSatisfy { $0.body.heldText == nil } == true)
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
        let changed = Diagnostic.error("the recipe changed while the site was being built; build again", path: "site/recipes/gimlet.md")
        // The same length, other text: the checksum tells.
        try folder.write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake with gin.\n")
        #expect(throws: changed) { try site.body(of: gimlet) }
        // Longer: the file's length tells.
        try folder.write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake with ice, then strain.\n")
        #expect(throws: changed) { try site.body(of: gimlet) }
        // Shorter than where the body started.
        try folder.write("site/recipes/gimlet.md", "---\n")
        #expect(throws: changed) { try site.body(of: gimlet) }
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site/recipes/gimlet.md"))
        #expect(throws: Diagnostic.error("the recipe was removed while the site was being built; build again", path: "site/recipes/gimlet.md")) {
            try site.body(of: gimlet)
        }
        // A folder or a named pipe in its place (the read asks no `fstat`: the read itself fails).
        let file = folder.url.appendingPathComponent("site/recipes/gimlet.md")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        #expect(throws: changed) { try site.body(of: gimlet) }
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o644) == 0)
        #expect(throws: changed) { try site.body(of: gimlet) }
        try FileManager.default.removeItem(at: file)
        // Put back as it was: read again.
        try folder.write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake with ice.\n")
        #expect(try site.body(of: gimlet) == "Shake with ice.\n")
    }

    /// A build reads its bodies back relative to the site folder it opened: a folder renamed
    /// during the build is still the one read; `serve`'s kept site, opened again for its next
    /// build, reads the folder now at the path. A site whose bodies are held opens nothing.
    @Test func eachBuildReadsBodiesBackFromTheFolderItOpened() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try writeRecipes(2, in: folder)
        let kept = try #require(load(folder))
        #expect(kept.bodySource?.folder == nil)
        var build = kept
        build.openBodySource()
        #expect(build.bodySource?.folder != nil)
        let siteFolder = folder.url.appendingPathComponent("site")
        let moved = folder.url.appendingPathComponent("moved")
        try FileManager.default.moveItem(at: siteFolder, to: moved)
        #expect(try build.body(of: build.recipes[1]) == "Shake number 02 hard.\n")
        #expect(throws: Diagnostic.error("the recipe was removed while the site was being built; build again", path: "site/recipes/drink-02.md")) {
            try kept.body(of: kept.recipes[1])
        }
        // The next build: another folder in the old one's place, the moved one gone.
        try writeRecipes(2, in: folder)
        try FileManager.default.removeItem(at: moved)
        #expect(throws: Diagnostic.error("the recipe was removed while the site was being built; build again", path: "site/recipes/drink-02.md")) {
            try build.body(of: build.recipes[1])
        }
        var next = kept
        next.openBodySource()
        #expect(try next.body(of: next.recipes[1]) == "Shake number 02 hard.\n")
        var held = try #require(load(folder, budget: ContentLoader.defaultBodyBudget))
        held.openBodySource()
        #expect(held.bodySource?.folder == nil)
    }

    /// An empty body is read back too (one byte more than none is asked for): text added after
    /// the front matter since is a change.
    @Test func anEmptyBodyThatGrewIsAChange() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/site.yml", "title: Body Bar\n")
        try folder.write("site/recipes/water.md", "---\ntitle: Water\n---\n")
        let site = try #require(load(folder))
        let water = try #require(site.recipes.first)
        guard case .file = water.body else {
            Issue.record("the loader kept the body: \(water.body)")
            return
        }
        #expect(try site.body(of: water) == "")
        try folder.write("site/recipes/water.md", "---\ntitle: Water\n---\nStill.\n")
        #expect(throws: Diagnostic.error("the recipe changed while the site was being built; build again", path: "site/recipes/water.md")) {
            try site.body(of: water)
        }
    }

    /// A body's place is in the file's bytes: past a byte-order mark, a CRLF two bytes where the
    /// text has one.
    @Test func theBodysPlaceCountsTheFilesOwnBytes() throws {
        let file = Data([0xEF, 0xBB, 0xBF]) + Data("---\r\ntitle: Ça\r\n---\r\nBody\r\n".utf8)
        let text = try SourceText.decode(file, path: "ca.md")
        let place = try #require(RecipeBodyPlace(body: "Body\n", in: text, of: file))
        #expect(Int(place.start) == file.count - "Body\r\n".utf8.count)
        #expect(place.count == 6)
        #expect(place.checksum == RecipeBody.checksum("Body\r\n".utf8))
        let plain = Data("---\ntitle: A\n---\nBody\n".utf8)
        let unmarked = try #require(RecipeBodyPlace(body: "Body\n", in: String(decoding: plain, as: UTF8.self), of: plain))
        #expect(unmarked == RecipeBodyPlace(start: 17, count: 5, checksum: RecipeBody.checksum("Body\n".utf8)))
    }

    @Test func aHeldBodyNeedsNoFolder() throws {
        let site = Site(config: SiteConfig(), recipes: [], images: [:])
        #expect(try site.body(of: Recipe(slug: "a", title: "A", sourcePath: "recipes/a.md", body: "Shake.")) == "Shake.")
    }
}

@Suite struct SourceTextTests {
    /// The text is checked eight bytes at a time; a NUL or a bad byte anywhere in a word, or
    /// after a multi-byte character, is still found at its own line and column.
    @Test func aBadByteAnywhereIsReportedAtItsLineAndColumn() throws {
        for offset in 0..<20 {
            let prefix = String(repeating: "a", count: offset)
            for (bad, message) in [(UInt8(0), "binary data (a NUL byte) in a text file"),
                                   (0xFF, "the file is not valid UTF-8 text (byte 0xFF)")] {
                let data = Data(Array("---\nx: é\n".utf8) + Array(prefix.utf8) + [bad] + Array("tail of the line\n".utf8))
                #expect(throws: Diagnostic.error(message, path: "r.md", line: 3, column: offset + 1)) {
                    try SourceText.decode(data, path: "r.md")
                }
            }
        }
        #expect(try SourceText.decode(Data([0xEF, 0xBB, 0xBF] + Array("a\r\nb é\r\n".utf8)), path: "r.md") == "a\nb é\n")
    }
}
