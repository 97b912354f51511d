import Foundation
import Testing
@testable import GalleryCLI

/// Every content error gallerygen knows, one small site each under `Tests/Fixtures/bad-inputs/<case>/`:
/// `site/` is the site folder, `expected.txt` holds the exact lines the build must print, and
/// `symlinks.txt`, where a case needs one, lists `link -> target` lines made at run time (git keeps
/// symbolic links poorly). Re-record the expected lines with `RECORD_BAD_INPUTS=1`, then read the diff.
@Suite struct BadInputCorpusTests {
    static let corpus = Paths.root.appendingPathComponent("Tests/Fixtures/bad-inputs")
    static let cases = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
        .filter { !$0.hasPrefix(".") }.sorted()
    /// Files of a case folder that describe it rather than belong to the site.
    static let caseFiles: Set<String> = ["expected.txt", "symlinks.txt"]

    @Test func corpusCoversEveryKnownError() {
        #expect(Self.cases.count >= 30, "found \(Self.cases)")
    }

    @Test(arguments: cases)
    func badInputFailsWithItsMessageAndTouchesNothing(_ name: String) throws {
        let fileManager = FileManager.default
        let source = Self.corpus.appendingPathComponent(name)
        let work = fileManager.temporaryDirectory.appendingPathComponent("gallerygen-bad-\(name)-\(UUID().uuidString)")
        try fileManager.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: work) }
        for item in try fileManager.contentsOfDirectory(atPath: source.path) where !Self.caseFiles.contains(item) {
            try fileManager.copyItem(at: source.appendingPathComponent(item), to: work.appendingPathComponent(item))
        }
        try makeSymbolicLinks(listedIn: source.appendingPathComponent("symlinks.txt"), under: work)

        // A previous build's output, which a failed build must leave exactly as it was.
        let output = work.appendingPathComponent("out")
        try fileManager.createDirectory(at: output.appendingPathComponent("recipes/gimlet"), withIntermediateDirectories: true)
        try Data("written by gallerygen\n".utf8).write(to: output.appendingPathComponent(".gallerygen-output"))
        try Data("<p>previous</p>\n".utf8).write(to: output.appendingPathComponent("index.html"))
        try Data("<p>previous gimlet</p>\n".utf8).write(to: output.appendingPathComponent("recipes/gimlet/index.html"))
        let outputBefore = snapshot(output)
        let surroundingsBefore = snapshot(work, excluding: "out")

        let console = CapturedConsole()
        let tool = CommandLineTool(console: console.console, currentDirectory: work,
                                   environment: ["GALLERYGEN_THEME": Paths.root.appendingPathComponent("Templates").path])
        let code = tool.run(["build", "--site", "site", "--output", "out"])

        let printed = console.error.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let reported = printed.filter { $0.contains(": error: ") || $0.hasPrefix("build failed") }
        let expectedURL = source.appendingPathComponent("expected.txt")
        if ProcessInfo.processInfo.environment["RECORD_BAD_INPUTS"] != nil {
            try Data(reported.map { $0 + "\n" }.joined().utf8).write(to: expectedURL)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(code == 1, "exit code \(code) for \(name)")
        #expect(!expected.isEmpty, "\(name)/expected.txt is empty")
        for line in expected {
            #expect(printed.contains { Self.matches($0, line) }, "missing: \(line)\nprinted:\n\(console.error)")
        }
        for line in reported where !expected.contains(where: { Self.matches(line, $0) }) {
            Issue.record("unexpected: \(line)")
        }
        #expect(!console.error.contains("Fatal error") && !console.out.contains("Fatal error"))
        #expect(snapshot(output) == outputBefore, "the previous output of \(name) changed")
        // Nothing written beside the output: no staging or retired folder, no cache, no stray file.
        #expect(snapshot(work, excluding: "out") == surroundingsBefore, "files changed outside the output for \(name)")
    }

    /// Whether a printed line is the expected one; an expected line ending in `…` needs only its start
    /// (for libvips' own words after ours, which vary with its version and, since its error buffer is
    /// one per process, with what other threads decode at the same time).
    static func matches(_ printed: String, _ expected: String) -> Bool {
        expected.hasSuffix("…") ? printed.hasPrefix(expected.dropLast()) : printed == expected
    }

    /// Makes each `link -> target` of `list` (paths relative to `base`), when the list exists.
    func makeSymbolicLinks(listedIn list: URL, under base: URL) throws {
        guard let text = try? String(contentsOf: list, encoding: .utf8) else { return }
        for line in text.split(separator: "\n") {
            let parts = line.components(separatedBy: " -> ")
            guard parts.count == 2 else { continue }
            let link = base.appendingPathComponent(parts[0])
            try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: parts[1])
        }
    }

    /// Every entry below `base` (files by content, folders and links by kind and target), without
    /// following links, leaving out the top-level entry `excluded`.
    func snapshot(_ base: URL, excluding excluded: String? = nil) -> [String: Data] {
        let fileManager = FileManager.default
        var result: [String: Data] = [:]
        guard let enumerator = fileManager.enumerator(atPath: base.path) else { return [:] }
        for case let path as String in enumerator {
            if let excluded, path == excluded || path.hasPrefix(excluded + "/") { continue }
            let full = base.appendingPathComponent(path).path
            let type = (try? fileManager.attributesOfItem(atPath: full))?[.type] as? FileAttributeType
            switch type {
            case .typeSymbolicLink?:
                result[path] = Data("link to \((try? fileManager.destinationOfSymbolicLink(atPath: full)) ?? "?")".utf8)
            case .typeDirectory?:
                result[path] = Data("folder".utf8)
            default:
                result[path] = fileManager.contents(atPath: full) ?? Data("unreadable".utf8)
            }
        }
        return result
    }
}
