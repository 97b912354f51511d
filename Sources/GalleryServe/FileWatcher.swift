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

/// Notices changes under a few folders by comparing modification times and sizes. On Linux the
/// kernel says which files to look at (inotify) as soon as they change, and every `interval` with
/// no event a full comparison catches what it cannot see (a linked file's target elsewhere);
/// elsewhere the full comparison runs every `interval`, which at 10,000 files costs tens of
/// milliseconds each time. Hidden files and folders and the excluded folders (the output,
/// caches) are ignored.
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
        #if os(Linux)
        let events = InotifyEvents(directories: folders())
        #endif
        let thread = Thread { [self] in
            #if os(Linux)
            if let events {
                watch(events, from: initial)
                return
            }
            #endif
            poll(from: initial)
        }
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

    /// With the kernel's events, how often a full comparison still runs when nothing happened.
    static let fullComparisonInterval: TimeInterval = 2

    #if os(Linux)
    /// Waits for the kernel's events, then compares only the files they name (after a few quiet
    /// milliseconds, so one save is one change); with no event for `interval`, compares everything.
    private func watch(_ events: InotifyEvents, from initial: [String: Stamp]) {
        var last = initial
        let excludedPaths = Set(excluded.map(\.path))
        var quiet: TimeInterval = 0
        // Short waits, so that `stop()` returns soon.
        let step: TimeInterval = 0.1
        while isRunning {
            let touched = events.wait(milliseconds: Int32(step * 1000))
            guard isRunning else { break }
            var changed: [String] = []
            if var touched, !touched.isEmpty {
                quiet = 0
                // Gathers the rest of a save (an editor's temporary file, then the rename).
                while let more = events.wait(milliseconds: 15), !more.isEmpty { touched.formUnion(more) }
                for path in touched.sorted() where isWatched(path, excluded: excludedPaths) {
                    var now: [String: Stamp] = [:]
                    var info = stat()
                    if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                        // A new or moved-in folder: watch it, and everything in it is new.
                        events.add(folder: path)
                        Self.collect(path, excluded: excludedPaths, depth: 1, includesHidden: path.contains("/static/"), into: &now)
                    } else if let stamp = Self.stamp(path) {
                        now[path] = stamp
                    }
                    let before = last.filter { $0.key == path || $0.key.hasPrefix(path + "/") }
                    for path in Self.changes(from: before, to: now) {
                        changed.append(path)
                        last[path] = now[path]
                    }
                }
                changed = Array(Set(changed)).sorted()
            } else {
                quiet += step
                guard touched == nil || quiet >= max(interval, Self.fullComparisonInterval) else { continue }
                quiet = 0
                let current = snapshot()
                changed = Self.changes(from: last, to: current)
                last = current
            }
            if !changed.isEmpty { onChange(changed) }
        }
        events.close()
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running
    }

    /// Whether `path` is one the snapshot looks at: under a watched folder, not excluded, and
    /// hidden only inside a site's `static/`.
    private func isWatched(_ path: String, excluded: Set<String>) -> Bool {
        guard let root = directories.map(\.path).first(where: { path.hasPrefix($0 + "/") }) else { return false }
        let parts = path.dropFirst(root.count + 1).split(separator: "/")
        if excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { return false }
        return parts.first == "static" || !parts.contains { $0.hasPrefix(".") }
    }

    /// Every folder the snapshot walks, for the kernel to watch.
    private func folders() -> [String] {
        let excludedPaths = Set(excluded.map(\.path))
        var folders: [String] = []
        for directory in directories {
            Self.collectFolders(directory.path, excluded: excludedPaths, depth: 0, includesHidden: false, into: &folders)
        }
        return folders
    }

    private static func collectFolders(_ directory: String, excluded: Set<String>, depth: Int, includesHidden: Bool, into folders: inout [String]) {
        guard depth < 32, !excluded.contains(directory), folders.count < maximumFiles,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        folders.append(directory)
        for name in names.sorted() where includesHidden || !name.hasPrefix(".") {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            collectFolders(path, excluded: excluded, depth: depth + 1, includesHidden: includesHidden || (depth == 0 && name == "static"),
                           into: &folders)
        }
    }
    #endif

    /// A file's stamp (a link's target's), or nil when nothing is there.
    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        #if canImport(Glibc)
        let modified = info.st_mtim
        #else
        let modified = info.st_mtimespec
        #endif
        return Stamp(seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec), size: Int64(info.st_size))
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

#if os(Linux)
/// The kernel's change events for a set of folders (inotify), read without blocking forever so
/// that the watcher can stop. Owns its descriptor.
final class InotifyEvents: @unchecked Sendable {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                                     | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Nil when the kernel refuses (no inotify, or too many watches): the watcher polls instead.
    init?(directories: [String]) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        for directory in directories where !add(folder: directory) {
            Glibc.close(descriptor)
            return nil
        }
    }

    @discardableResult
    func add(folder: String) -> Bool {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        guard watch >= 0 else { return false }
        folders[watch] = folder
        return true
    }

    /// The paths events named within `milliseconds` (empty: none came); nil when the kernel
    /// dropped events, so that only a full comparison can tell what changed.
    func wait(milliseconds: Int32) -> Set<String>? {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&request, 1, milliseconds) > 0 else { return [] }
        var paths = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self), raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { return nil }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                if let folder = folders[watch] {
                    paths.insert(nameBytes.isEmpty ? folder : folder + "/" + String(decoding: nameBytes, as: UTF8.self))
                }
                if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil }
                offset += 16 + length
            }
        }
        return paths
    }

    func close() {
        Glibc.close(descriptor)
    }
}
#endif
