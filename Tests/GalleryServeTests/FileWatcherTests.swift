import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryImages
@testable import GalleryKit
@testable import GalleryPlan
@testable import GalleryRender
@testable import GalleryServe
@testable import GallerySupport

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
        #expect(Date().timeIntervalSince(started) < 1)
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
}
