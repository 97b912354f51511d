import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GalleryRender
import GallerySupport

/// An advisory `flock` on `.gallerygen-lock` inside the output folder, holding the builder's PID,
/// so two builds into one folder take turns. The kernel drops the lock when its process dies, so
/// a killed build never leaves the folder locked.
final class OutputLock: @unchecked Sendable {
    static let fileName = ".gallerygen-lock"

    private var descriptor: Int32
    private let path: String
    private let folder: URL
    /// Whether acquiring the lock created the output folder (removed again if left empty).
    private let createdFolder: Bool

    private init(descriptor: Int32, path: String, folder: URL, createdFolder: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.folder = folder
        self.createdFolder = createdFolder
    }

    /// Waits for the lock (saying once which build holds it), creating the folder if needed.
    static func acquire(folder: URL, displayPath: String, notice: (String) -> Void,
                        isCancelled: () -> Bool) throws(Diagnostic) -> OutputLock {
        let fileManager = FileManager.default
        let path = folder.appendingPathComponent(fileName).path
        var announced = false
        while true {
            let created = !fileManager.fileExists(atPath: folder.path)
            do {
                try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .error("cannot create the output folder: \(error.localizedDescription)", path: displayPath)
            }
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .error("cannot create the lock file \(fileName): \(String(cString: strerror(errno)))", path: displayPath)
            }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                if !announced {
                    announced = true
                    let holder = String(decoding: fileManager.contents(atPath: path) ?? Data(), as: UTF8.self)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                    notice("waiting for build PID \(holder.isEmpty ? "?" : holder) to finish writing \(displayPath)…")
                }
                if isCancelled() {
                    close(descriptor)
                    throw .error("the build was interrupted while waiting for another build; the output was left as it was", path: displayPath)
                }
                usleep(50_000)
            }
            // The holder removes the file as it lets go: make sure the lock is on the file that
            // is there now, not on one already removed.
            var opened = stat(), current = stat()
            guard fstat(descriptor, &opened) == 0, stat(path, &current) == 0,
                  opened.st_dev == current.st_dev, opened.st_ino == current.st_ino else {
                close(descriptor)
                continue
            }
            let pid = Data("\(getpid())\n".utf8)
            ftruncate(descriptor, 0)
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return OutputLock(descriptor: descriptor, path: path, folder: folder, createdFolder: created)
        }
    }

    /// Removes the lock file and lets go of the lock; idempotent.
    func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
        if createdFolder { rmdir(folder.path) }
    }

    deinit { release() }

    /// Whether a process with this PID exists.
    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
