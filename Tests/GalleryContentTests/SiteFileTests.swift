import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryImages
@testable import GalleryKit
@testable import GallerySupport

/// Site files that are not regular files (named pipes, sockets) or that link outside the site
/// folder are refused with a message naming the file, and never block the build.
@Suite struct SiteFileTests {
    let folder: TemporaryDirectory
    var site: URL { folder.url.appendingPathComponent("site") }

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("site/site.yml", "title: Pipes\n")
        try folder.write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake with ice.\n")
    }

    /// Makes a named pipe at `relative`. Should a reader block on it (the bug), a writer opens it
    /// after a few seconds so the reader sees an empty file and the test fails instead of hanging.
    func makeFIFO(_ relative: String) throws {
        let url = folder.url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(url.path, 0o644) == 0)
        let path = url.path
        DispatchQueue.global().asyncAfter(deadline: .now() + 4) {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
    }

    func loadErrors() -> [String] {
        let started = ContinuousClock.now
        defer { #expect(ContinuousClock.now - started < .seconds(3), "the loader waited on a named pipe") }
        do {
            _ = try ContentLoader(siteDirectory: site, displayRoot: "site").load()
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }

    @Test func aRecipeThatIsANamedPipeIsRefused() throws {
        try makeFIFO("site/recipes/pipe.md")
        #expect(loadErrors() == ["site/recipes/pipe.md:1:1: error: the recipe is a named pipe (FIFO), not a regular file"])
    }

    @Test func aPictureThatIsANamedPipeIsRefused() throws {
        try makeFIFO("site/images/pipe.jpg")
        try folder.write("site/recipes/piped.md", "---\ntitle: Piped\nimage: images/pipe.jpg\n---\nStir.\n")
        #expect(loadErrors() == ["site/recipes/piped.md:3:1: error: image 'images/pipe.jpg' is a named pipe (FIFO), not a regular file"])
    }

    @Test func aBackgroundImageThatIsANamedPipeIsRefused() throws {
        try makeFIFO("site/images/back.png")
        try folder.write("site/site.yml", "title: Pipes\ngallery:\n  background:\n    image: images/back.png\n")
        let errors = loadErrors()
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("site/site.yml:") == true)
        #expect(errors.first?.hasSuffix("error: background image 'images/back.png' is a named pipe (FIFO), not a regular file") == true, "\(errors)")
    }

    @Test func aSiteConfigThatIsANamedPipeIsRefused() throws {
        try FileManager.default.removeItem(at: site.appendingPathComponent("site.yml"))
        try makeFIFO("site/site.yml")
        #expect(loadErrors() == ["site/site.yml:1:1: error: site.yml is a named pipe (FIFO), not a regular file"])
    }

    @Test func aTemplateThatIsANamedPipeIsRefused() throws {
        try makeFIFO("site/templates/card.mustache")
        let started = ContinuousClock.now
        let loader = ThemeLoader(themeDirectory: Repository.templates, overrideDirectory: site.appendingPathComponent("templates"),
                                 displayPath: { $0.lastPathComponent })
        #expect {
            _ = try loader.load()
        } throws: { error in
            (error as? BuildFailure)?.diagnostics.map(\.description) == ["card.mustache:1:1: error: the file is a named pipe (FIFO), not a regular file"]
        }
        #expect(ContinuousClock.now - started < .seconds(3))
    }

    @Test func aRecipeLinkedOutsideTheSiteIsRefused() throws {
        try folder.write("outside/secret.md", "---\ntitle: Secret\n---\nNot for publishing.\n")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("recipes/secret.md").path,
                                                   withDestinationPath: "../../outside/secret.md")
        // A link that stays inside the site folder is fine.
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("recipes/again.md").path,
                                                   withDestinationPath: "../drafts/again.md")
        try folder.write("site/drafts/again.md", "---\ntitle: Again\n---\nStir.\n")
        #expect(loadErrors() == ["site/recipes/secret.md:1:1: error: the recipe is a symbolic link that links outside the site folder"])
    }

    /// Recipes are opened without following a link (no `lstat` of each first): a link is then
    /// judged by where it leads, a link that leads nowhere is named as one, and a recipe folder
    /// that is itself a link outside the site is refused as before.
    @Test func aRecipeOpenedWithoutFollowingLinksIsStillJudgedByWhereItsLinksLead() throws {
        let links = FileManager.default
        try links.createSymbolicLink(atPath: site.appendingPathComponent("recipes/nowhere.md").path,
                                     withDestinationPath: "../drafts/missing.md")
        #expect(loadErrors() == ["site/recipes/nowhere.md:1:1: error: the recipe cannot be read: it is a symbolic link that leads nowhere, or was removed"])
        try links.removeItem(at: site.appendingPathComponent("recipes/nowhere.md"))
        // A link to a folder where a recipe should be is a folder, said as before.
        try links.createDirectory(at: site.appendingPathComponent("drafts/folder.md"), withIntermediateDirectories: true)
        try links.createSymbolicLink(atPath: site.appendingPathComponent("recipes/folder.md").path,
                                     withDestinationPath: "../drafts/folder.md")
        #expect(loadErrors() == ["site/recipes/folder.md:1:1: error: the recipe is a folder, not a regular file"])
        try links.removeItem(at: site.appendingPathComponent("recipes/folder.md"))
        // A link inside the site is read through.
        try folder.write("site/drafts/again.md", "---\ntitle: Again\n---\nStir.\n")
        try links.createSymbolicLink(atPath: site.appendingPathComponent("recipes/again.md").path,
                                     withDestinationPath: "../drafts/again.md")
        let (loaded, _) = try ContentLoader(siteDirectory: site, displayRoot: "site").load()
        #expect(loaded.recipes.map(\.title).sorted() == ["Again", "Gimlet"])
        // The recipes folder itself a link to outside: every recipe in it is refused.
        try folder.write("outside/recipes/secret.md", "---\ntitle: Secret\n---\nNot for publishing.\n")
        try links.moveItem(at: site.appendingPathComponent("recipes"), to: folder.url.appendingPathComponent("moved"))
        try links.createSymbolicLink(atPath: site.appendingPathComponent("recipes").path, withDestinationPath: "../outside/recipes")
        #expect(loadErrors() == ["site/recipes/secret.md:1:1: error: the recipe is a symbolic link that links outside the site folder"])
    }

    /// A file read relative to an open folder (`openat`, as the loader reads recipes) is found
    /// from that folder wherever it has moved since, and is judged as a file read by its whole
    /// path: missing, a link not followed, a named pipe, a folder.
    @Test func aFileIsReadRelativeToTheFolderHeldOpen() throws {
        try folder.write("held/recipes/sour.md", "Shake.\n")
        let opened = try #require(FolderDescriptor(path: folder.url.appendingPathComponent("held").path))
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("held"), to: folder.url.appendingPathComponent("moved"))
        #expect(try SiteFile.read(atPath: "recipes/sour.md", in: opened, followingLinks: false) == Data("Shake.\n".utf8))
        #expect(throws: SiteFile.Failure.notFound) { try SiteFile.read(atPath: "recipes/missing.md", in: opened) }
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("moved/recipes/link.md").path,
                                                   withDestinationPath: "sour.md")
        #expect(throws: SiteFile.Failure.symbolicLink) { try SiteFile.read(atPath: "recipes/link.md", in: opened, followingLinks: false) }
        #expect(try SiteFile.read(atPath: "recipes/link.md", in: opened) == Data("Shake.\n".utf8))
        try makeFIFO("moved/recipes/pipe.md")
        #expect(throws: SiteFile.Failure.notRegular(kind: "a named pipe (FIFO)")) {
            try SiteFile.read(atPath: "recipes/pipe.md", in: opened, followingLinks: false)
        }
        #expect(throws: SiteFile.Failure.notRegular(kind: "a folder")) { try SiteFile.read(atPath: "recipes", in: opened) }
    }

    /// The loader reads recipes from the site folder it opened, and still refuses a recipe folder
    /// that is a link leading outside, and a link among the recipes that leads outside, with the
    /// same message: the folder's check comes before the file is opened from it.
    @Test func recipesReadFromTheOpenSiteFolderKeepTheirChecks() throws {
        try folder.write("outside/recipes/secret.md", "---\ntitle: Secret\n---\nNot for publishing.\n")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("recipes/leak.md").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("outside/recipes/secret.md").path)
        #expect(loadErrors() == ["site/recipes/leak.md:1:1: error: the recipe is a symbolic link that links outside the site folder"])
        try FileManager.default.removeItem(at: site.appendingPathComponent("recipes/leak.md"))
        let (loaded, _) = try ContentLoader(siteDirectory: site, displayRoot: "site").load()
        #expect(loaded.recipes.map(\.title) == ["Gimlet"])
        try FileManager.default.moveItem(at: site.appendingPathComponent("recipes"), to: folder.url.appendingPathComponent("kept"))
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("recipes").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("outside/recipes").path)
        #expect(loadErrors() == ["site/recipes/secret.md:1:1: error: the recipe is a symbolic link that links outside the site folder"])
    }

    @Test func aTemplateLinkedOutsideTheSiteIsRefused() throws {
        try folder.write("outside/card.mustache", "{{title}} and secrets")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("templates/assets"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("templates/card.mustache").path,
                                                   withDestinationPath: "../../outside/card.mustache")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("templates/assets/passwd.css").path,
                                                   withDestinationPath: "/etc/passwd")
        let loader = ThemeLoader(themeDirectory: Repository.templates, overrideDirectory: site.appendingPathComponent("templates"),
                                 displayPath: { $0.lastPathComponent })
        #expect {
            _ = try loader.load()
        } throws: { error in
            (error as? BuildFailure)?.diagnostics.map(\.description) == [
                "card.mustache:1:1: error: the file is a symbolic link that links outside the site folder",
                "passwd.css:1:1: error: the file is a symbolic link that links outside the site folder",
            ]
        }
    }

    @Test func readsRegularFilesWholeOrUpToALimit() throws {
        try folder.write("file.txt", String(repeating: "abc", count: 50_000))
        let url = folder.url.appendingPathComponent("file.txt")
        #expect(try SiteFile.read(url).count == 150_000)
        #expect(try SiteFile.read(url, upTo: 10) == Data("abcabcabca".utf8))
        #expect(throws: SiteFile.Failure.notFound) { try SiteFile.read(folder.url.appendingPathComponent("missing")) }
        #expect(throws: SiteFile.Failure.notRegular(kind: "a folder")) { try SiteFile.read(site) }
    }

    /// A read stops once it has the size `fstat` gave and comes back short; a file that holds
    /// more than its stated size is read on to its end (a `/proc` file says 0 bytes).
    @Test func aFileLongerThanItsStatedSizeIsReadWhole() throws {
        defer { folder.remove() }
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        #expect(status.utf8.count > 256)
        let read = try SiteFile.read(atPath: "/proc/self/status")
        #expect(read.count > 256)
        #expect(String(decoding: read, as: UTF8.self).hasPrefix("Name:"))
        try folder.write("exact.txt", "twelve bytes")
        #expect(try SiteFile.read(atPath: folder.url.appendingPathComponent("exact.txt").path) == Data("twelve bytes".utf8))
    }
}

@Suite struct PathTextTests {
    @Test func containsBytesFindsAByteSequenceAnywhere() {
        #expect("a ![pic](x)".containsBytes("!["))
        #expect("![".containsBytes("!["))
        #expect(!"a ! [x] !".containsBytes("!["))
        #expect(!"".containsBytes("!["))
        #expect("Crème ![brûlée]".containsBytes("!["))
        #expect("anything".containsBytes(""))
        #expect("!!![".containsBytes("!["))
        #expect("See recipe:syrup first".containsBytes("recipe:"))
        #expect("a link to recipe:".containsBytes("recipe:"))
        #expect("brûlée".containsBytes("û"))
        #expect("".containsBytes(""))
    }

    @Test func containsBytesNeedsEveryByteInOrderWithinTheText() {
        #expect(!"a recipe for rum".containsBytes("recipe:"))
        // The first byte repeats, and a match would need bytes past the end.
        #expect(!"rrrrecipe".containsBytes("recipe:"))
        #expect(!"r".containsBytes("recipe:"))
        #expect(!"= \" =".containsBytes("=\""))
    }

    @Test func containsByteFindsOneByteAnywhere() {
        #expect("Shake <b>hard</b>".containsByte(UInt8(ascii: "<")))
        #expect("<".containsByte(UInt8(ascii: "<")))
        #expect("end<".containsByte(UInt8(ascii: "<")))
        #expect(!"Shake hard".containsByte(UInt8(ascii: "<")))
        #expect(!"".containsByte(UInt8(ascii: "<")))
    }

    @Test func realPathFollowsLinksAndIsNilForMissingPaths() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("real/file.txt", "x")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("link").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("real").path)
        let real = realPath(folder.url.appendingPathComponent("real/file.txt").path)
        #expect(real != nil)
        #expect(realPath(folder.url.appendingPathComponent("link/file.txt").path) == real)
        #expect(realPath(folder.url.appendingPathComponent("link/missing.txt").path) == nil)
    }
}
