import Foundation
import Testing
import GalleryTestSupport
@testable import GallerySupport

/// A folder held open for the files made or read relative to it.
@Suite struct FolderDescriptorTests {
    @Test func opensAFolderAndFollowsALinkOnlyWhenAsked() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("inside/file.txt", "text")
        let inside = folder.url.appendingPathComponent("inside").path
        let opened = try #require(FolderDescriptor(path: inside))
        let file = openat(opened.descriptor, "file.txt", O_RDONLY | O_CLOEXEC)
        #expect(file >= 0)
        if file >= 0 { close(file) }
        #expect(FolderDescriptor(path: folder.url.appendingPathComponent("inside/file.txt").path) == nil)
        #expect(FolderDescriptor(path: folder.url.appendingPathComponent("missing").path) == nil)
        let link = folder.url.appendingPathComponent("link").path
        #expect(symlink(inside, link) == 0)
        #expect(FolderDescriptor(path: link) != nil)
        #expect(FolderDescriptor(path: link, followingLinks: false) == nil)
    }
}
