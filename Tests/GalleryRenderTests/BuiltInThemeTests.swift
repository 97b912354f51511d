import Foundation
import GalleryTestSupport
import Testing
@testable import GalleryKit
@testable import GalleryRender
@testable import GallerySupport

/// The theme compiled into the binary is `Templates/` byte for byte: a template changed without
/// running `make theme` (scripts/embed-theme.py) fails here, not in a user's site.
@Suite struct BuiltInThemeTests {
    @Test func embeddedFilesAreTemplatesByteForByte() throws {
        let onDisk = ThemeLoader.files(under: Repository.templates)
        #expect(BuiltInTheme.allFiles.map(\.path) == onDisk, "run `make theme`: the embedded file list differs from Templates/")
        for (path, data) in BuiltInTheme.allFiles {
            let disk = try Data(contentsOf: Repository.templates.appendingPathComponent(path))
            #expect(data == disk, "run `make theme`: \(path) differs from Templates/\(path)")
        }
        // Pictures are embedded too (base64), byte for byte.
        #expect(BuiltInTheme.binaryFiles.map(\.path) == ["assets/favicon-32.png"])
    }

    @Test func exportWritesTheThemeIntoAnEmptyFolderAndRefusesAFullOne() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let target = temporary.url.appendingPathComponent("mytheme")
        let written = try BuiltInTheme.export(to: target, displayPath: "mytheme")
        #expect(written.sorted() == BuiltInTheme.allFiles.map(\.path).sorted())
        #expect(treeContents(target) == treeContents(Repository.templates))
        #expect(throws: Diagnostic.self) { try BuiltInTheme.export(to: target, displayPath: "mytheme") }
        // Nothing is left beside the target.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == ["mytheme"])
    }
}
