import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryImages
@testable import GalleryKit

/// Published pictures are files of their own, and a damaged cache entry is never republished.
@Suite struct ImageCacheTests {
    func publishedCrop(in site: ImageTestSite) throws -> URL {
        let images = site.output.appendingPathComponent("images")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: images.path).sorted().first { $0.hasSuffix("-16x9.jpg") })
        return images.appendingPathComponent(name)
    }

    /// The build's notices about images (the fixture's site.yml has warnings of its own).
    func imageNotices(_ report: BuildReport) -> [String] {
        report.diagnostics.map(\.description).filter { $0.contains("image") && !$0.contains("site.yml") }
    }

    func size(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? -1
    }

    @Test func truncatingAPublishedPictureLeavesTheCacheAlone() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/sour.jpg", try ImageFixture.jpeg(width: 900, height: 600))
        try site.addRecipe("sour", image: "images/sour.jpg")
        _ = try site.build()
        let crop = try publishedCrop(in: site)
        let full = try size(crop)
        var info = stat()
        #expect(stat(crop.path, &info) == 0 && info.st_nlink == 1, "published picture is a hard link")
        #expect(truncate(crop.path, 100) == 0)
        let second = try site.build()
        #expect(second.imagesFromCache == 1 && imageNotices(second).isEmpty, "\(imageNotices(second))")
        #expect(try size(try publishedCrop(in: site)) == full)
    }

    @Test func damagedCacheEntryIsMadeAgainWithANotice() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/sour.jpg", try ImageFixture.jpeg(width: 900, height: 600))
        try site.addRecipe("sour", image: "images/sour.jpg")
        _ = try site.build()
        let full = try size(try publishedCrop(in: site))
        let cache = ImagePipeline.cacheDirectory(siteDirectory: site.root)
        let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.count == 64 })
        let folder = cache.appendingPathComponent(entry)
        let cached = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix("-16x9.jpg") })
        #expect(truncate(folder.appendingPathComponent(cached).path, 100) == 0)
        let second = try site.build()
        #expect(second.imagesProcessed == 1 && second.imagesFromCache == 0)
        let notices = imageNotices(second)
        #expect(notices.count == 1 && notices[0].contains("warning: the cached files of image 'images/sour.jpg' were damaged"), "\(notices)")
        #expect(try size(try publishedCrop(in: site)) == full)
        let third = try site.build()
        #expect(third.imagesFromCache == 1 && imageNotices(third).isEmpty)
    }
}
