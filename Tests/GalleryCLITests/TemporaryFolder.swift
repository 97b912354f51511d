import Foundation

/// Removes a test's temporary folder when the suite instance that holds it goes away, so no
/// `gallerygen-*` folder is left in the temporary directory.
final class TemporaryFolder: Sendable {
    let url: URL

    init(_ url: URL) { self.url = url }

    deinit { try? FileManager.default.removeItem(at: url) }
}
