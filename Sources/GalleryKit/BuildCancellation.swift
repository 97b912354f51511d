import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GalleryRender
import GallerySupport

/// A flag the caller sets to stop a build (the CLI does on SIGINT and SIGTERM); the builder
/// checks it between phases and per page and image, and discards its staging folder.
package final class BuildCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    package init() {}

    package var isCancelled: Bool { lock.withLock { cancelled } }

    package func cancel() {
        lock.withLock { cancelled = true }
    }

    /// What a cancelled build reports, naming the output folder it left as it was.
    static func interrupted(output displayPath: String) -> Diagnostic {
        .error("the build was interrupted; the previous output was left as it was", path: displayPath)
    }
}
