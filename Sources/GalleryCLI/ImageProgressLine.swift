import Foundation
import GalleryImages
import GalleryKit

/// The image pipeline's progress as one line on a terminal's standard error, redrawn in place
/// (`\r`): done/total, images per second, time left. Erased when the last image is done.
final class ImageProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var lastDrawn = Date.distantPast
    private var visible = false

    /// A progress line when standard error is a terminal and `enabled`; nil otherwise.
    static func forStandardError(enabled: Bool) -> ImageProgressLine? {
        enabled && isatty(STDERR_FILENO) == 1 ? ImageProgressLine() : nil
    }

    func update(_ progress: ImageProgress) {
        lock.lock()
        defer { lock.unlock() }
        if progress.done >= progress.total {
            if visible { write("\r\u{1B}[K") }
            visible = false
            return
        }
        // Ten redraws a second are plenty; cache hits would otherwise flood the terminal.
        guard Date().timeIntervalSince(lastDrawn) >= 0.1, progress.processed > 0 else { return }
        lastDrawn = Date()
        let rate = Double(progress.done) / max(progress.elapsedSeconds, 0.001)
        let remaining = Double(progress.total - progress.done) / max(rate, 0.001)
        write(String(format: "\r\u{1B}[KImages %d/%d  %.1f/s  ETA %.0f s", progress.done, progress.total, rate, remaining))
        visible = true
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
