import Foundation
import GalleryContent
import GallerySupport

/// Publishes a file from gallerygen's cache as a file of its own: a reflink (`FICLONE`: the
/// blocks are shared until either side is written, so it costs no space and no time) where the
/// file system has them (Btrfs, XFS, bcachefs), else a byte copy. Never a hard link: a published
/// file that someone edits or truncates must not change the cache entry behind it.
enum FileClone {
    /// `_IOW(0x94, 9, int)` from `<linux/fs.h>`, which Swift cannot import as a macro.
    private static let ficlone: UInt = 0x4004_9409

    static func clone(_ source: URL, to destination: URL) throws {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw OutputWriter.WriteError(path: source.path, code: errno) }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw OutputWriter.WriteError(path: destination.path, code: errno) }
        var closed = false
        defer { if !closed { close(output) } }
        if ioctl(output, ficlone, input) == 0 { return }
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let count = read(input, &buffer, buffer.count)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputWriter.WriteError(path: source.path, code: errno)
            }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if step < 0 {
                    if errno == EINTR { continue }
                    throw OutputWriter.WriteError(path: destination.path, code: errno)
                }
                written += step
            }
        }
        closed = true
        guard close(output) == 0 else { throw OutputWriter.WriteError(path: destination.path, code: errno) }
    }
}
