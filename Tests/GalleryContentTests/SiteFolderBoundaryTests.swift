import Foundation
import Testing
import GallerySupport
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

    /// A plain file is judged from its folder's resolution, without its own path being resolved:
    /// every path, plain or not, gets the answer that resolving it in full gives.
    @Test func everyPathIsJudgedAsItsFullResolutionJudgesIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/recipes/gimlet.md", "x")
        try folder.write("site/recipes/deep/sour.md", "x")
        try folder.write("outside/secret.txt", "x")
        let site = folder.url.appendingPathComponent("site").path
        let outside = folder.url.appendingPathComponent("outside").path
        try FileManager.default.createSymbolicLink(atPath: site + "/recipes/away", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: site + "/link.md", withDestinationPath: outside + "/secret.txt")
        let boundary = SiteFolderBoundary(siteDirectory: URL(fileURLWithPath: site))
        let root = try #require(realPath(site))
        let paths = [site + "/recipes/gimlet.md", site + "/recipes/deep/sour.md", site + "//recipes/gimlet.md",
                     site + "/./recipes/gimlet.md", site + "/recipes/gimlet.md/", site + "/recipes/away/secret.txt",
                     site + "/link.md", site + "/recipes/missing.md", outside + "/secret.txt", site, site + "/",
                     site + "/recipes", site + "/recipes/..", site + "/recipes/deep/../gimlet.md", folder.url.path + "/site"]
        for path in paths {
            let resolved = realPath(path)
            let expected = resolved.map { $0 == root || $0.hasPrefix(root + "/") }
            // A path that does not exist is judged by its folder, as before: only existing ones compared.
            if let expected {
                #expect(boundary.contains(path: path) == expected, "\(path)")
                #expect(boundary.contains(path: path) == expected, "\(path), its folder known")
            }
        }
        #expect(boundary.contains(path: site + "/recipes/missing.md"))
        #expect(!boundary.contains(path: outside + "/missing.md"))
    }
}
