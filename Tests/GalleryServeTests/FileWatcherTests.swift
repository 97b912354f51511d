import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryServe

@Suite struct FileWatcherTests {
    @Test func linkLoopsAreNotFollowed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("images/lime.jpg", "lime")
        let images = folder.url.appendingPathComponent("images").path
        try FileManager.default.createSymbolicLink(atPath: images + "/l1", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: images + "/l2", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: images + "/alias.jpg", withDestinationPath: "lime.jpg")
        let watcher = FileWatcher(directories: [folder.url]) { _ in }
        let started = Date()
        let before = watcher.snapshot()
        // Loops through the links would never end; 10 s only tells a loop from a loaded machine.
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(Set(before.keys.map { String($0.dropFirst(folder.url.standardizedFileURL.path.count)) })
                == ["/images/alias.jpg", "/images/lime.jpg"])
        try folder.write("images/lime.jpg", "lime, squeezed")
        #expect(FileWatcher.changes(from: before, to: watcher.snapshot()).contains(images + "/lime.jpg"))
    }

    @Test func dotFilesOfStaticAreWatchedAndOthersNot() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("static/.well-known/security.txt", "Contact: a")
        try folder.write(".git/HEAD", "ref")
        let watcher = FileWatcher(directories: [folder.url]) { _ in }
        #expect(Set(watcher.snapshot().keys.map { String($0.dropFirst(folder.url.standardizedFileURL.path.count)) })
                == ["/static/.well-known/security.txt"])
    }

    /// Collects what a running watcher reports.
    final class Reports: @unchecked Sendable {
        private let condition = NSCondition()
        private var batches: [[String]] = []

        func add(_ paths: [String]) {
            condition.lock()
            batches.append(paths)
            condition.broadcast()
            condition.unlock()
        }

        /// Waits up to `timeout` for a batch naming `path`; returns every path reported so far.
        func wait(for path: String, timeout: TimeInterval) -> [String] {
            let deadline = Date().addingTimeInterval(timeout)
            condition.lock()
            defer { condition.unlock() }
            while !batches.joined().contains(path), Date() < deadline { _ = condition.wait(until: deadline) }
            return Array(batches.joined())
        }
    }

    /// A running watcher (inotify on Linux; its full comparison only every 2 seconds, so a report
    /// within 1.5 seconds came from the kernel's events there) sees a saved file, a file in a new
    /// folder and a removed file, and nothing hidden or excluded.
    @Test func aRunningWatcherSeesSavesAtOnce() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("recipes/negroni.md", "one")
        try folder.write("public/index.html", "out")
        let root = folder.url.standardizedFileURL.path
        let reports = Reports()
        let watcher = FileWatcher(directories: [folder.url], excluding: [folder.url.appendingPathComponent("public")], interval: 0.5) {
            reports.add($0)
        }
        watcher.start()
        defer { watcher.stop() }
        try folder.write("recipes/negroni.md", "two, longer")
        try folder.write("recipes/.negroni.md.swp", "hidden")
        try folder.write("public/index.html", "rebuilt")
        #expect(reports.wait(for: root + "/recipes/negroni.md", timeout: 1.5).contains(root + "/recipes/negroni.md"))
        try folder.write("images/new/lime.jpg", "lime")
        #expect(reports.wait(for: root + "/images/new/lime.jpg", timeout: 1.5).contains(root + "/images/new/lime.jpg"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("recipes/negroni.md"))
        let all = reports.wait(for: root + "/recipes/negroni.md-gone", timeout: 0.6)
        #expect(all.filter { $0 == root + "/recipes/negroni.md" }.count == 2, "saved, then removed: \(all)")
        #expect(!all.contains { $0.contains("/.negroni") || $0.contains("/public/") }, "\(all)")
    }
}
