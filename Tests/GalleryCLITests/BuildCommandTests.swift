import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryCLI

/// Collects what a command prints.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errorLines: [String] = []

    var out: String { lock.withLock { outLines.joined(separator: "\n") } }
    var error: String { lock.withLock { errorLines.joined(separator: "\n") } }

    var console: CommandLineTool.Console {
        CommandLineTool.Console(
            out: { line in self.lock.withLock { self.outLines.append(line) } },
            error: { line in self.lock.withLock { self.errorLines.append(line) } })
    }
}

@Suite struct BuildCommandTests: CommandWorkspace {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    func writeGoodSite() throws {
        try write("site/site.yml", "title: Test Bar\n")
        try write("site/recipes/gimlet.md", "---\ntitle: Gimlet\ntags: [gin]\n---\nShake.\n")
        try write("site/recipes/sidecar.md", "---\ntitle: Sidecar\n---\nShake.\n")
    }

    @Test func buildsAndReportsWhereTheOutputIs() throws {
        try writeGoodSite()
        let (code, console) = run(["build", "--site", "site"])
        #expect(code == 0, "\(console.error)")
        #expect(console.out.contains("Built 2 recipes into site/public"))
        #expect(console.out.contains(/Built 2 recipes into site\/public \(\d+ files\) in \d+\.\d\d s/), "\(console.out)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("site/public/recipes/gimlet/index.html").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("site/public/assets/style.css").path))
    }

    @Test func aBuildsSecondsAreWrittenAsPrintfWritesThemWithTwoDecimals() {
        #expect(CommandLineTool.seconds(0) == "0.00" && CommandLineTool.seconds(0.04) == "0.04" && CommandLineTool.seconds(125.999) == "126.00")
        // Values away from a tie between two hundredths, where printf and `rounded()` agree.
        for step in 0..<40 {
            let value = Double(step) * 0.0137 + Double(step * step)
            #expect(CommandLineTool.seconds(value) == String(format: "%.2f", value), "\(value)")
        }
    }

    /// What a build drops is read before the rich-result advice, wherever the files sort.
    @Test func droppedContentIsPrintedBeforeAdvice() throws {
        try write("site/site.yml", "title: Test Bar\n")
        try write("site/recipes/a-plain.md", "---\ntitle: Plain\n---\nStir.\n")
        try write("site/recipes/b-copied.md", "---\ntitle: Copied\ncomponents: [a, b]\ntags: breakfast, baking\n---\n")
        let (code, console) = run(["build", "--site", "site"])
        #expect(code == 0, "\(console.error)")
        let lines = console.error.split(separator: "\n").map(String.init)
        let dropped = try #require(lines.firstIndex { $0.contains("unknown key 'components'") })
        let advice = try #require(lines.firstIndex { $0.contains("rich results") })
        #expect(dropped < advice, "\(lines)")
        #expect(lines[dropped].hasPrefix("site/recipes/b-copied.md:3:1: warning: unknown key 'components' in front matter: its list of 2 entries will not be on the page; "))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("site/public/tags/baking/index.html").path))
    }

    @Test func brokenSiteReportsEveryErrorAndKeepsThePreviousOutput() throws {
        try writeGoodSite()
        #expect(run(["build", "--site", "site", "--output", "out"]).0 == 0)
        let before = snapshot("out")

        try write("site/recipes/bad-yaml.md", "---\ntitle: Bad\ntags: [a, b\n---\n")
        try write("site/recipes/no-title.md", "---\nglass: Coupe\n---\n")
        try write("site/recipes/open.md", "---\ntitle: Open\n")
        try write("site/recipes/missing-image.md", "---\ntitle: Missing\nimage: images/nope.jpg\n---\n")
        try write("site/recipes/escape.md", "---\ntitle: Escape\nimage: ../../secret.jpg\n---\n")
        try write("site/recipes/copy.md", "---\ntitle: Copy\nslug: gimlet\n---\n")
        try write("site/recipes/Bad_Name.md", "---\ntitle: Bad name\n---\n")
        let latin1 = Data("---\ntitle: Caf".utf8) + Data([0xE9]) + Data("\n---\n".utf8)
        try latin1.write(to: directory.appendingPathComponent("site/recipes/latin.md"))

        let (code, console) = run(["build", "--site", "site", "--output", "out"])
        #expect(code == 1)
        let errors = console.error
        #expect(errors.contains("site/recipes/bad-yaml.md:4:1: error: invalid YAML"))
        #expect(errors.contains("site/recipes/no-title.md:1:1: error: missing required field 'title'"))
        #expect(errors.contains("site/recipes/open.md:1:1: error: front matter opened with '---' on line 1 is never closed"))
        #expect(errors.contains("site/recipes/missing-image.md:3:1: error: image 'images/nope.jpg' not found"))
        #expect(errors.contains("site/recipes/escape.md:3:8: error: image path '../../secret.jpg' leaves the site folder"))
        #expect(errors.contains("site/recipes/copy.md:3:1: error: duplicate slug 'gimlet'") || errors.contains("site/recipes/gimlet.md:1:1: error: duplicate slug 'gimlet'"))
        #expect(errors.contains("site/recipes/Bad_Name.md:1:1: error: the file name 'Bad_Name' is not a valid slug"))
        #expect(errors.contains("site/recipes/latin.md:2:11: error: the file is not valid UTF-8 text"))
        #expect(errors.contains("build failed with 8 errors"))
        #expect(!errors.contains("Fatal error"))
        #expect(snapshot("out") == before)
    }

    @Test func aMissingOrCyclicLinkedRecipeFailsTheBuildAtItsSlug() throws {
        try writeGoodSite()
        #expect(run(["build", "--site", "site", "--output", "out"]).0 == 0)
        let before = snapshot("out")
        try write("site/recipes/gimlet.md", "---\ntitle: Gimlet\ningredients:\n  - { recipe: lime-cordial, amount: 20 ml }\n---\nShake.\n")
        try write("site/recipes/lime-cordial.md", "---\ntitle: Lime Cordial\ningredients:\n  - recipe: gimlet\n---\n")
        try write("site/recipes/sidecar.md", "---\ntitle: Sidecar\ningredients:\n  - recipe: orange-syrup\n---\n")
        let (code, console) = run(["build", "--site", "site", "--output", "out"])
        #expect(code == 1)
        #expect(console.error.contains("site/recipes/sidecar.md:4:13: error: the ingredients name the recipe 'orange-syrup', but no recipe has that slug"))
        try write("site/recipes/sidecar.md", "---\ntitle: Sidecar\n---\n")
        let (cycle, cycleConsole) = run(["build", "--site", "site", "--output", "out"])
        #expect(cycle == 1)
        #expect(cycleConsole.error.contains("site/recipes/gimlet.md:4:15: error: the linked recipes form a cycle: gimlet → lime-cordial → gimlet"))
        #expect(cycleConsole.error.contains("site/recipes/lime-cordial.md:4:13: error: the linked recipes form a cycle: lime-cordial → gimlet → lime-cordial"))
        #expect(snapshot("out") == before)
    }

    @Test func unknownPartialIsAnErrorAndKeepsOutput() throws {
        try writeGoodSite()
        #expect(run(["build", "--site", "site"]).0 == 0)
        let before = snapshot("site/public")
        try write("site/templates/card.mustache", "<a>{{title}}</a>\n{{> no-such-partial}}\n")
        let (code, console) = run(["build", "--site", "site"])
        #expect(code == 1)
        #expect(console.error.contains("site/templates/card.mustache:2:1: error:"))
        #expect(console.error.contains("no-such-partial"))
        #expect(snapshot("site/public") == before)
    }

    @Test func refusesAnOutputFolderItDidNotWrite() throws {
        try writeGoodSite()
        try write("precious/notes.txt", "mine")
        let (code, console) = run(["build", "--site", "site", "--output", "precious"])
        #expect(code == 1)
        #expect(console.error.contains("precious:1:1: error: refusing to replace a folder that gallerygen did not create"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("precious/notes.txt").path))
    }

    @Test func refusesAnOutputFolderContainingTheSite() throws {
        try writeGoodSite()
        let (code, console) = run(["build", "--site", "site", "--output", "."])
        #expect(code == 1)
        #expect(console.error.contains("must not be the site folder or contain it"))
    }

    @Test func usageErrorsExitWithTwo() {
        #expect(run([]).0 == 2)
        #expect(run(["frobnicate"]).0 == 2)
        #expect(run(["build", "--nope"]).0 == 2)
        #expect(run(["build", "--site"]).0 == 2)
    }

    @Test func helpAndVersion() {
        let (code, console) = run(["--help"])
        #expect(code == 0)
        #expect(console.out.contains("Usage: gallerygen <command>"))
        let (buildCode, buildHelp) = run(["build", "--help"])
        #expect(buildCode == 0)
        #expect(buildHelp.out.contains("--output DIR"))
        // This test process links no allocator of its own: glibc's (ExecutableAllocatorTests has the executable's).
        #expect(run(["--version"]).1.out.hasPrefix("gallerygen \(CommandLineTool.version) (malloc: glibc "))
    }

    func snapshot(_ relative: String) -> [String: Data] {
        treeContents(directory.appendingPathComponent(relative))
    }
}

@Suite struct BuildOptionTests {
    @Test func baseURLOptionReplacesTheConfiguredOne() throws {
        let suite = try BuildCommandTests()
        try suite.write("site/site.yml", "title: Test Bar\nbase_url: https://example.com/old/\n")
        try suite.write("site/recipes/gimlet.md", "---\ntitle: Gimlet\ndate: 2024-01-02\n---\nShake.\n")
        let (code, console) = suite.run(["build", "--site", "site", "--base-url", "https://staging.example.org/bar"])
        #expect(code == 0, "\(console.error)")
        let sitemap = try String(contentsOf: suite.directory.appendingPathComponent("site/public/sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("https://staging.example.org/bar/recipes/gimlet/"))
        #expect(!sitemap.contains("example.com/old"))
        #expect(suite.run(["build", "--site", "site", "--base-url", "ftp://x"]).0 == 2)
    }

    @Test func cleanEmptiesTheImageCache() throws {
        let suite = try BuildCommandTests()
        try suite.write("site/site.yml", "title: Test Bar\n")
        try suite.write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake.\n")
        try suite.write("site/.gallerygen-cache/images/stale/entry", "old")
        #expect(suite.run(["build", "--site", "site", "--clean"]).0 == 0)
        #expect(!FileManager.default.fileExists(atPath: suite.directory.appendingPathComponent("site/.gallerygen-cache/images/stale").path))
    }
}

@Suite struct ConfigErrorTests {
    @Test func layoutErrorsAreReportedWithContentErrors() throws {
        let suite = try BuildCommandTests()
        try suite.write("site/site.yml", """
            title: Test Bar
            gallery:
              arrangements:
                - grid: { padding: big }
                - fann
                - fan: { phonee: { radius: 3 } }
            """)
        try suite.write("site/recipes/no-title.md", "---\nglass: Coupe\n---\n")
        let (code, console) = suite.run(["build", "--site", "site"])
        #expect(code == 1)
        #expect(console.error.contains("site/site.yml:4:24: error: layout \"grid\": parameter \"padding\" must be a number"))
        #expect(console.error.contains("site/site.yml:5:7: error: unknown layout \"fann\""))
        #expect(console.error.contains("site/site.yml:6:14: error: 'phonee' is neither a parameter of 'fan' nor a breakpoint"))
        #expect(console.error.contains("site/recipes/no-title.md:1:1: error: missing required field 'title'"))
        #expect(console.error.contains("build failed with 4 errors"))
    }
}

/// The built `gallerygen` executable stopped by signals at chosen points of the swap.
@Suite struct BuildSignalTests {
    static let executable = Paths.root.appendingPathComponent(".build/debug/gallerygen")

    /// Starts `gallerygen build` pausing at `phase`; returns once it says it has paused.
    func startPaused(at phase: String, in suite: BuildCommandTests) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["build", "--site", "site", "--quiet"]
        process.currentDirectoryURL = suite.directory
        process.environment = ["GALLERYGEN_THEME": Paths.root.appendingPathComponent("Templates").path,
                               "GALLERYGEN_TEST_PAUSE_AT": phase]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("paused at \(phase)") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        return (process, errors)
    }

    func hiddenLeftovers(_ suite: BuildCommandTests) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suite.directory.appendingPathComponent("site/public").path)) ?? []
        return names.filter { $0.hasPrefix(".gallerygen-") && $0 != ".gallerygen-output" }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)))
    func interruptRemovesTheStagingAndKeepsThePreviousOutput() throws {
        let suite = try BuildCommandTests()
        defer { try? FileManager.default.removeItem(at: suite.directory) }
        try suite.writeGoodSite()
        #expect(suite.run(["build", "--site", "site"]).0 == 0)
        let before = suite.snapshot("site/public")
        try suite.write("site/recipes/daiquiri.md", "---\ntitle: Daiquiri\n---\nShake.\n")
        let (process, errors) = try startPaused(at: "before-swap", in: suite)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        #expect(message.contains("gallerygen: interrupted; the build was stopped and the previous output left as it was"))
        #expect(suite.snapshot("site/public") == before)
        #expect(hiddenLeftovers(suite).isEmpty)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path)),
          arguments: ["before-swap", "mid-swap", "before-cleanup"])
    func killAtAnyPointOfTheSwapIsRepairedByTheNextBuild(phase: String) throws {
        let suite = try BuildCommandTests()
        defer { try? FileManager.default.removeItem(at: suite.directory) }
        try suite.writeGoodSite()
        #expect(suite.run(["build", "--site", "site"]).0 == 0)
        try suite.write("site/public/CNAME", "bar.example.com\n")
        try suite.write("site/recipes/daiquiri.md", "---\ntitle: Daiquiri\n---\nShake.\n")
        let (process, _) = try startPaused(at: phase, in: suite)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let (code, console) = suite.run(["build", "--site", "site"])
        #expect(code == 0, "\(console.error)")
        #expect(console.error.contains("finished putting in place") == (phase != "before-swap"))
        for page in ["index.html", "recipes/daiquiri/index.html", "recipes/gimlet/index.html", "CNAME"] {
            #expect(FileManager.default.fileExists(atPath: suite.directory.appendingPathComponent("site/public/\(page)").path), "\(page)")
        }
        #expect(hiddenLeftovers(suite).isEmpty)
    }
}
