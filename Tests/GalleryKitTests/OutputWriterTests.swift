import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryKit
@testable import GallerySupport

/// The output folder's rules: what gallerygen owns, what it leaves alone, how the swap recovers.
@Suite struct OutputWriterTests {
    let temporary: TemporaryDirectory
    var site: URL { temporary.url.appendingPathComponent("site") }
    var output: URL { temporary.url.appendingPathComponent("out") }

    init() throws {
        temporary = try TemporaryDirectory()
        try temporary.write("site/site.yml", "title: Test Bar\n")
        try temporary.write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake.\n")
        try temporary.write("site/recipes/sidecar.md", "---\ntitle: Sidecar\n---\nShake.\n")
    }

    @discardableResult
    func build(into folder: URL? = nil, notices: Notices? = nil,
               checkpoint: (@Sendable (OutputWriter.SwapPhase) -> Void)? = nil) throws -> BuildReport {
        var options = BuildOptions(siteDirectory: site, outputDirectory: folder ?? output, themeDirectory: Repository.templates)
        options.displayPath = { $0.lastPathComponent }
        if let notices { options.notice = { notices.append($0) } }
        options.swapCheckpoint = checkpoint
        return try SiteBuilder(options: options).build()
    }

    func exists(_ relative: String) -> Bool {
        var info = stat()
        return lstat(temporary.url.appendingPathComponent(relative).path, &info) == 0
    }

    func hidden(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(".") && $0 != OutputWriter.markerName }.sorted()
    }

    @Test func filesGallerygenDidNotWriteSurviveARebuild() throws {
        defer { temporary.remove() }
        try build()
        try temporary.write("out/.git/HEAD", "ref: refs/heads/main\n")
        try temporary.write("out/CNAME", "bar.example.com\n")
        try temporary.write("out/notes/todo.txt", "mine")
        try FileManager.default.removeItem(at: site.appendingPathComponent("recipes/sidecar.md"))
        try build()
        #expect(exists("out/.git/HEAD") && exists("out/CNAME") && exists("out/notes/todo.txt"))
        #expect(exists("out/recipes/gimlet/index.html"))
        #expect(!exists("out/recipes/sidecar"))
        let manifest = try String(contentsOf: output.appendingPathComponent(OutputWriter.markerName), encoding: .utf8)
        #expect(manifest.contains("\nindex.html\n") && manifest.contains("\nrecipes/gimlet/index.html\n"))
        #expect(!manifest.contains("CNAME") || manifest.hasPrefix("#") && !manifest.contains("\nCNAME\n"))
        #expect(hidden(output) == [".git"])
    }

    @Test func newFileNamedLikeAUserFileIsAnError() throws {
        defer { temporary.remove() }
        try build()
        try temporary.write("out/sitemap.xml", "mine")
        try temporary.write("site/site.yml", "title: Test Bar\nbase_url: https://example.com/\n")
        #expect {
            try build()
        } throws: { error in
            (error as? BuildFailure)?.description.contains("out/sitemap.xml:1:1: error: gallerygen did not write this file") == true
        }
        #expect(try String(contentsOf: output.appendingPathComponent("sitemap.xml"), encoding: .utf8) == "mine")
        #expect(exists("out/index.html"))
        #expect(hidden(output).isEmpty)
    }

    @Test func symbolicLinkStaysALinkAndItsTargetGetsTheSite() throws {
        defer { temporary.remove() }
        let target = temporary.url.appendingPathComponent("target")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: output, withDestinationURL: target)
        try build()
        try build()
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: output.path)) == target.path)
        #expect(exists("target/index.html"))
        #expect(hidden(target).isEmpty)
    }

    /// Copies the output folder as it is at `phase` (what a kill there leaves), lets the build
    /// finish, then puts the copy back and builds again.
    @Test(arguments: [OutputWriter.SwapPhase.beforeSwap, .midSwap, .beforeCleanup])
    func killedSwapIsFinishedByTheNextBuild(phase: OutputWriter.SwapPhase) throws {
        defer { temporary.remove() }
        try build()
        try temporary.write("out/CNAME", "bar.example.com\n")
        try temporary.write("site/recipes/daiquiri.md", "---\ntitle: Daiquiri\n---\nShake.\n")
        let frozen = temporary.url.appendingPathComponent("frozen")
        let source = output
        try build(checkpoint: { reached in
            if reached == phase { try? FileManager.default.copyItem(at: source, to: frozen) }
        })
        let expected = treeContents(output)
        try FileManager.default.removeItem(at: output)
        try FileManager.default.moveItem(at: frozen, to: output)
        let notices = Notices()
        // Even a build that fails puts a half-done swap right first.
        try temporary.write("site/templates/card.mustache", "{{> no-such-partial}}\n")
        #expect(throws: BuildFailure.self) { try build(notices: notices) }
        if phase == .beforeSwap {
            #expect(notices.lines.isEmpty)
            #expect(!exists("out/recipes/daiquiri"))
        } else {
            #expect(notices.lines == ["out: finished putting in place the site an interrupted build had left half moved"])
            #expect(treeContents(output) == expected)
        }
        #expect(exists("out/CNAME") && exists("out/recipes/gimlet/index.html"))
        #expect(hidden(output).isEmpty)
        try FileManager.default.removeItem(at: site.appendingPathComponent("templates"))
        try build()
        #expect(treeContents(output) == expected)
    }

    /// The marker lists paths as `String` sorts them, though they are held as bytes: accented
    /// names (composed and decomposed), other scripts and prefixes of each other.
    @Test func writtenPathsAreListedInStringOrder() {
        let paths = ["recipes/b/index.html", "recipes/café/index.html", "recipes/cafe\u{301}x/index.html", "recipes/cafe/index.html",
                     "index.html", "recipes/カレー/index.html", "recipes/a/index.html", "recipes/a", "Zed", "é", "e\u{301}", "~"]
        let written = OutputWriter.WrittenPaths()
        written.append(Array(paths.prefix(5)))
        written.append(Array(paths.dropFirst(5)))
        #expect(written.sorted == paths.sorted())
        #expect(String(decoding: written.sortedLines, as: UTF8.self) == paths.sorted().map { $0 + "\n" }.joined())
        #expect(OutputManifest.text(paths.sorted()).hasSuffix("\n" + paths.sorted().joined(separator: "\n") + "\n"))
    }

    @Test func oldMarkerOwnsEverythingButDotEntriesAndCNAME() throws {
        defer { temporary.remove() }
        try temporary.write("out/.gallerygen-output", "This folder was written by gallerygen; it is replaced on every build.\n")
        try temporary.write("out/recipes/old/index.html", "old")
        try temporary.write("out/.git/HEAD", "ref\n")
        try temporary.write("out/CNAME", "bar.example.com\n")
        try build()
        #expect(!exists("out/recipes/old"))
        #expect(exists("out/.git/HEAD") && exists("out/CNAME") && exists("out/recipes/gimlet/index.html"))
    }

    @Test func aManifestsFilesAreKnownByPathAndTopLevelEntry() throws {
        defer { temporary.remove() }
        let owned = OwnedFiles(["404.html", "recipes/gimlet/index.html", "recipes/sidecar/index.html", "tags/gin/index.html"])
        #expect(owned.count == 4 && owned.contains("recipes/gimlet/index.html") && !owned.contains("recipes/gimlet"))
        #expect(owned.hasTopLevel("recipes") && owned.hasTopLevel("404.html") && !owned.hasTopLevel("gimlet") && !owned.hasTopLevel("rec"))
        #expect(owned.isSame(as: ["tags/gin/index.html", "404.html", "recipes/sidecar/index.html", "recipes/gimlet/index.html"]))
        #expect(!owned.isSame(as: ["tags/gin/index.html", "404.html", "recipes/sidecar/index.html", "recipes/negroni/index.html"]))
        // As read from a folder: the marker's listed files are owned, a user's file beside them is not.
        try build()
        guard case .files(let read)? = OutputManifest.read(in: output) else { Issue.record("no file list"); return }
        #expect(read.contains("recipes/gimlet/index.html") && read.hasTopLevel("assets") && !read.contains(OutputWriter.markerName))
    }

    @Test func leftoversOfDeadBuildsAreRemovedOrPutBack() throws {
        defer { temporary.remove() }
        // What earlier versions left: the old site moved aside, no output, a staging folder.
        try temporary.write(".out.old-999999/.gallerygen-output", "This folder was written by gallerygen; it is replaced on every build.\n")
        try temporary.write(".out.old-999999/CNAME", "bar.example.com\n")
        try temporary.write(".out.staging-999998/index.html", "half")
        try temporary.write("out-is-elsewhere.txt", "")
        let notices = Notices()
        try build(notices: notices)
        #expect(notices.lines == ["out: put back the previous site, which an interrupted build (PID 999999) had left in .out.old-999999"])
        #expect(exists("out/CNAME") && exists("out/index.html"))
        #expect(!exists(".out.old-999999") && !exists(".out.staging-999998"))
        // This version's own leftovers inside the output folder.
        try temporary.write("out/.gallerygen-staging/index.html", "half")
        try temporary.write("out/.gallerygen-trash/index.html", "old")
        try build()
        #expect(hidden(output).isEmpty)
    }

    @Test func secondBuildWaitsForTheFirst() throws {
        defer { temporary.remove() }
        try build()
        let lock = try OutputLock.acquire(folder: output, displayPath: "out", notice: { _ in }, isCancelled: { false })
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { lock.release() }
        let notices = Notices()
        try build(notices: notices)
        #expect(notices.lines == ["waiting for build PID \(getpid()) to finish writing out…"])
        #expect(!exists("out/.gallerygen-lock"))
    }

    @Test func failedFirstBuildLeavesNoFolder() throws {
        defer { temporary.remove() }
        try temporary.write("site/recipes/bad.md", "---\ntitle: [\n---\n")
        #expect(throws: BuildFailure.self) { try build() }
        #expect(!exists("out"))
    }

    /// The staging folder is held open and its folders and files are made relative to it; a
    /// file that cannot be made is named by its whole path.
    @Test func stagedFilesAreMadeInTheOpenStagingFolder() throws {
        defer { temporary.remove() }
        let writer = OutputWriter(outputDirectory: output, displayPath: "out")
        let session = try writer.openSession()
        defer { session.close() }
        let staging = try session.stage()
        #expect(staging.opened != nil)
        try staging.add([OutputFile(path: "recipes/gimlet/index.html", contents: .data(Data("gimlet".utf8))),
                         OutputFile(path: "index.html", contents: .pieces(OutputFile.Pieces([Data("a".utf8), Data("b".utf8)])))])
        try staging.add(OutputFile(path: "tags/sour/index.html", contents: .data(Data("sour".utf8))))
        let folder = staging.folder
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("recipes/gimlet/index.html").path) == Data("gimlet".utf8))
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("index.html").path) == Data("ab".utf8))
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("tags/sour/index.html").path) == Data("sour".utf8))
        // A folder where the file goes: the message names the file's whole path.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("feed.xml"), withIntermediateDirectories: false)
        #expect(throws: Diagnostic.error("cannot write the output: cannot write \(folder.path)/feed.xml: Is a directory", path: "out")) {
            try staging.add(OutputFile(path: "feed.xml", contents: .data(Data("feed".utf8))))
        }
        try staging.commit()
        #expect(FileManager.default.contents(atPath: output.appendingPathComponent("tags/sour/index.html").path) == Data("sour".utf8))
    }

    /// A streamed file is written piece by piece as it is made; one that fails to be made keeps
    /// its failure for its maker to report, and the writer does not throw for it (a template
    /// error is the page's, not the disk's).
    @Test func aStreamIsWrittenAsItIsMadeAndItsFailureKept() throws {
        struct Broken: Error {}
        let pieces = ["<p>one</p>", "<p>two</p>", "<p>three</p>"]
        let whole = OutputFile.Stream { sink in
            for piece in pieces { Array(piece.utf8).withUnsafeBufferPointer(sink) }
        }
        defer { temporary.remove() }
        let path = temporary.url.appendingPathComponent("whole.html").path
        try OutputWriter.writeWithoutSync(whole, to: path)
        #expect(FileManager.default.contents(atPath: path) == Data(pieces.joined().utf8))
        #expect(whole.failure == nil)
        let broken = OutputFile.Stream { sink in
            Array(pieces[0].utf8).withUnsafeBufferPointer(sink)
            throw Broken()
        }
        let part = temporary.url.appendingPathComponent("part.html").path
        try OutputWriter.writeWithoutSync(broken, to: part)
        #expect(FileManager.default.contents(atPath: part) == Data(pieces[0].utf8))
        #expect(broken.failure is Broken)
        #expect(OutputFile(path: "x.html", contents: .stream(whole)).inMemory.contents == .data(Data(pieces.joined().utf8)))
    }
}

/// Notices a build sends, from any thread.
final class Notices: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    func append(_ line: String) { lock.withLock { collected.append(line) } }
    var lines: [String] { lock.withLock { collected } }
}
