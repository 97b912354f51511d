import Foundation
import GalleryContent
import GalleryKit
import GalleryRender
import GallerySupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices changes under a few folders by comparing modification times and sizes at a fixed
/// interval: portable, and cheap for a site's few hundred files. Hidden files and folders and the
/// excluded folders (the output, caches) are ignored.
package final class FileWatcher: @unchecked Sendable {
    /// What is known about one file between two polls.
    package struct Stamp: Sendable, Hashable {
        package var seconds: Int
        package var nanoseconds: Int
        package var size: Int64
    }

    package let directories: [URL]
    package let excluded: [URL]
    package let interval: TimeInterval
    private let onChange: @Sendable ([String]) -> Void
    private let condition = NSCondition()
    private var running = false
    private var finished = true

    /// `onChange` receives the changed paths (added, removed or modified), sorted; it runs on the
    /// watcher's own thread, and the next poll waits for it to return.
    package init(directories: [URL], excluding excluded: [URL] = [], interval: TimeInterval = 0.5,
                onChange: @escaping @Sendable ([String]) -> Void) {
        self.directories = directories.map(\.standardizedFileURL)
        self.excluded = excluded.map(\.standardizedFileURL)
        self.interval = interval
        self.onChange = onChange
    }

    /// Every watched file with its stamp.
    package func snapshot() -> [String: Stamp] {
        let excludedPaths = Set(excluded.map(\.path))
        var stamps: [String: Stamp] = [:]
        for directory in directories {
            Self.collect(directory.path, excluded: excludedPaths, depth: 0, into: &stamps)
        }
        return stamps
    }

    /// The paths that differ between two snapshots, sorted.
    package static func changes(from old: [String: Stamp], to new: [String: Stamp]) -> [String] {
        var changed: [String] = []
        for (path, stamp) in new where old[path] != stamp { changed.append(path) }
        for path in old.keys where new[path] == nil { changed.append(path) }
        return changed.sorted()
    }

    /// Starts polling on a background thread, comparing against the files as they are now.
    package func start() {
        condition.lock()
        guard !running, finished else { condition.unlock(); return }
        running = true
        finished = false
        condition.unlock()
        let initial = snapshot()
        let thread = Thread { [self] in poll(from: initial) }
        thread.name = "gallerygen-file-watcher"
        thread.start()
    }

    /// Stops polling; returns once the watcher thread has ended (after a running `onChange`).
    package func stop() {
        condition.lock()
        running = false
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private func poll(from initial: [String: Stamp]) {
        var last = initial
        while true {
            condition.lock()
            let deadline = Date().addingTimeInterval(interval)
            while running, Date() < deadline { _ = condition.wait(until: deadline) }
            let keepGoing = running
            condition.unlock()
            guard keepGoing else { break }
            let current = snapshot()
            let changed = Self.changes(from: last, to: current)
            last = current
            if !changed.isEmpty { onChange(changed) }
        }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The most files one poll looks at, so a runaway folder cannot make a poll unbounded.
    static let maximumFiles = 100_000

    /// Hidden entries are skipped (`.git`, the cache), except inside a site's `static/` folder,
    /// whose dot files (`.well-known/`) are published.
    private static func collect(_ directory: String, excluded: Set<String>, depth: Int, includesHidden: Bool = false,
                                into stamps: inout [String: Stamp]) {
        guard depth < 32, !excluded.contains(directory), stamps.count < maximumFiles,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names.sorted() where includesHidden || !name.hasPrefix(".") {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, stamps.count < maximumFiles else { continue }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                // A link to a file is watched through its target; a link to a folder is never
                // followed, so link loops (`images/l1 -> .`) cannot multiply the work.
                guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { continue }
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                collect(path, excluded: excluded, depth: depth + 1, includesHidden: includesHidden || (depth == 0 && name == "static"),
                        into: &stamps)
            } else {
                #if canImport(Glibc)
                let modified = info.st_mtim
                #else
                let modified = info.st_mtimespec
                #endif
                stamps[path] = Stamp(seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec), size: Int64(info.st_size))
            }
        }
    }
}
