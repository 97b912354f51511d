import Foundation
import GalleryContent
import GallerySupport

/// The default theme, compiled into the binary from `Templates/` (scripts/embed-theme.py), so an
/// installed `gallerygen` needs no files beside it. A site's `templates/` folder overrides any of
/// its files; `--theme DIR` replaces it.
package enum BuiltInTheme {
    /// How diagnostics and `theme export` name the built-in theme's files.
    package static let displayName = "(built-in theme)"

    /// The built-in theme's picture boxes (`Templates/theme.yml`): what a theme folder without a
    /// `theme.yml`, or one that leaves a key out, gets. The file is checked by the tests.
    package static let geometry: ThemeGeometry = {
        let text = files.first { $0.path == "theme.yml" }?.contents ?? ""
        guard let geometry = ThemeGeometry.parse(text, displayPath: displayName + "/theme.yml", defaults: nil).0 else {
            preconditionFailure("the built-in theme.yml is invalid: run the tests")
        }
        return geometry
    }()

    /// Every file of the theme with its bytes, text and binary, sorted by path.
    package static var allFiles: [(path: String, data: Data)] {
        (files.map { ($0.path, Data($0.contents.utf8)) } + binaryFiles.map { ($0.path, Data(base64Encoded: $0.base64) ?? Data()) })
            .sorted { $0.path < $1.path }
    }

    /// Writes every file of the built-in theme into `directory`, which must not exist or be empty,
    /// so a theme author can start from it; returns the relative paths written.
    package static func export(to directory: URL, displayPath: String) throws(Diagnostic) -> [String] {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .error("a file with this name already exists; choose a new folder name", path: displayPath)
            }
            let contents = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
            guard contents.isEmpty else {
                throw .error("the folder is not empty; choose a new or empty folder for the theme", path: displayPath)
            }
        }
        // Written beside the target and renamed into place, so a failure leaves nothing behind.
        let parent = directory.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(directory.lastPathComponent).theme-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try? fileManager.removeItem(at: staging)
            for (path, data) in allFiles {
                let url = staging.appendingPathComponent(path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            if fileManager.fileExists(atPath: directory.path) { try fileManager.removeItem(at: directory) }
            try fileManager.moveItem(at: staging, to: directory)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw .error("cannot write the theme: \(error.localizedDescription)", path: displayPath)
        }
        return allFiles.map(\.path)
    }
}
