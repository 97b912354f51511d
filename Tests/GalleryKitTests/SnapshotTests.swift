import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryKit
@testable import GallerySupport

/// Builds fixture sites and compares every output file with the golden tree under
/// `Tests/Snapshots/<fixture>/`. Re-record with `RECORD_SNAPSHOTS=1 swift test`.
@Suite struct SnapshotTests {
    @Test func basicSiteMatchesSnapshot() throws {
        try assertSnapshot(fixture: "basic")
    }

    @Test func pagesSiteMatchesSnapshot() throws {
        try assertSnapshot(fixture: "pages")
    }

    @Test func binaryDifferencesShowSizesAndHashes() {
        let picture = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x80, 0x81])
        let other = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x80])
        let difference = firstDifference(picture, other)
        #expect(difference == "- 6 bytes, SHA-256 \(ContentHash.hex(picture))\n+ 5 bytes, SHA-256 \(ContentHash.hex(other))")
        #expect(firstDifference(Data("a\nb".utf8), Data("a\nc".utf8)) == "line 2:\n- b\n+ c")
    }

    @Test func sameInputGivesSameBytes() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let site = try temporary.copyFixture("basic")
        let first = temporary.url.appendingPathComponent("one")
        let second = temporary.url.appendingPathComponent("two")
        for output in [first, second] {
            _ = try SiteBuilder(options: BuildOptions(siteDirectory: site, outputDirectory: output,
                                                      themeDirectory: Repository.templates)).build()
        }
        #expect(treeContents(first) == treeContents(second))
    }

    func assertSnapshot(fixture: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let site = try temporary.copyFixture(fixture)
        let output = temporary.url.appendingPathComponent("out")
        var options = BuildOptions(siteDirectory: site, outputDirectory: output, themeDirectory: Repository.templates)
        options.displayPath = { $0.lastPathComponent }
        _ = try SiteBuilder(options: options).build()
        let actual = treeContents(output)
        let goldenDirectory = Repository.snapshots.appendingPathComponent(fixture)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
            try? FileManager.default.removeItem(at: goldenDirectory)
            for (path, data) in actual {
                let file = goldenDirectory.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file)
            }
            return
        }
        let golden = treeContents(goldenDirectory)
        #expect(!golden.isEmpty, "no snapshot recorded at \(goldenDirectory.path); run RECORD_SNAPSHOTS=1 swift test", sourceLocation: sourceLocation)
        for path in Set(golden.keys).subtracting(actual.keys).sorted() {
            Issue.record("missing output file \(path) (in the snapshot, not in the build)", sourceLocation: sourceLocation)
        }
        for path in Set(actual.keys).subtracting(golden.keys).sorted() {
            Issue.record("extra output file \(path) (in the build, not in the snapshot)", sourceLocation: sourceLocation)
        }
        for path in Set(actual.keys).intersection(golden.keys).sorted() where actual[path] != golden[path] {
            Issue.record("\(path) differs from its snapshot:\n\(firstDifference(golden[path]!, actual[path]!))", sourceLocation: sourceLocation)
        }
    }

    /// The first differing line of two text files, as a small diff; for other files (pictures),
    /// their sizes and hashes.
    func firstDifference(_ expected: Data, _ actual: Data) -> String {
        guard let _ = String(data: expected, encoding: .utf8), let _ = String(data: actual, encoding: .utf8) else {
            return "- \(expected.count) bytes, SHA-256 \(ContentHash.hex(expected))\n+ \(actual.count) bytes, SHA-256 \(ContentHash.hex(actual))"
        }
        let a = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? String(a[index]) : "<end of file>"
            let right = index < b.count ? String(b[index]) : "<end of file>"
            if left != right {
                return "line \(index + 1):\n- \(left)\n+ \(right)"
            }
        }
        return "(same text, different bytes)"
    }
}
