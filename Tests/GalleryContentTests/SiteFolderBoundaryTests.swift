import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent

/// The site folder's edge with links followed: what the loader refuses to read.
@Suite struct SiteFolderBoundaryTests {
    @Test func linksAreFollowedToTellInsideFromOutside() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/recipes/gimlet.md", "x")
        try folder.write("site/images/lime.jpg", "x")
        try folder.write("secret.txt", "x")
        let site = folder.url.appendingPathComponent("site")
        let links = FileManager.default
        try links.createSymbolicLink(atPath: site.path + "/recipes/inside.md", withDestinationPath: site.path + "/images/lime.jpg")
        try links.createSymbolicLink(atPath: site.path + "/recipes/outside.md", withDestinationPath: folder.url.path + "/secret.txt")
        try links.createSymbolicLink(atPath: site.path + "/elsewhere", withDestinationPath: folder.url.path)
        let boundary = SiteFolderBoundary(siteDirectory: site)
        #expect(boundary.contains(site.appendingPathComponent("recipes/gimlet.md")))
        #expect(boundary.contains(site.appendingPathComponent("recipes/inside.md")))
        #expect(!boundary.contains(site.appendingPathComponent("recipes/outside.md")))
        #expect(!boundary.contains(site.appendingPathComponent("elsewhere/secret.txt")), "a linked folder leading out")
        #expect(!boundary.contains(URL(fileURLWithPath: site.path + "/recipes/../../secret.txt")))
        #expect(boundary.contains(site.appendingPathComponent("recipes/missing.md")), "judged by its folder")
        #expect(boundary.contains(site))
        // A `..` step anywhere in a path as written sends it to be resolved in full.
        #expect(boundary.contains(path: site.path + "/recipes/.."))
        #expect(!boundary.contains(path: site.path + "/.."))
        #expect(!boundary.contains(path: site.path + "/recipes/../../secret.txt"))
        #expect(boundary.contains(path: site.path + "/recipes/../images/lime.jpg"))
        // The same answers again, from the folders resolved the first time.
        #expect(boundary.contains(site.appendingPathComponent("recipes/gimlet.md")))
        #expect(!boundary.contains(site.appendingPathComponent("recipes/outside.md")))
    }

    @Test func aSiteFolderReachedThroughALinkIsItsOwnInside() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("real/recipes/gimlet.md", "x")
        try FileManager.default.createSymbolicLink(atPath: folder.url.path + "/alias", withDestinationPath: folder.url.path + "/real")
        let boundary = SiteFolderBoundary(siteDirectory: folder.url.appendingPathComponent("alias"))
        #expect(boundary.contains(folder.url.appendingPathComponent("alias/recipes/gimlet.md")))
        #expect(!SiteFolderBoundary(siteDirectory: folder.url.appendingPathComponent("nowhere")).contains(folder.url))
    }
}
