import Foundation

/// Paths of the repository, found from this file so tests run from any working directory.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let templates = root.appendingPathComponent("Templates")
    static let fixtures = root.appendingPathComponent("Tests/Fixtures")
    static let snapshots = root.appendingPathComponent("Tests/Snapshots")
}

/// A fresh temporary folder, removed by `remove()` or at the latest when the last reference goes.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gallerygen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to `relative`, creating folders.
    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    func write(_ relative: String, _ data: Data) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// Copies a fixture site into this folder and returns its location.
    func copyFixture(_ name: String) throws -> URL {
        let destination = url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent(name), to: destination)
        return destination
    }
}

/// Every regular file under `directory` with its bytes, by relative path.
func treeContents(_ directory: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    let base = directory.standardizedFileURL.resolvingSymlinksInPath().path + "/"
    guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
    for case let url as URL in enumerator {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        result[String(path.dropFirst(base.count))] = FileManager.default.contents(atPath: url.path)
    }
    return result
}
