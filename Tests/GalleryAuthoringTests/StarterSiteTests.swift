import Foundation
import Testing
import GalleryLayout
import GalleryTestSupport
@testable import GalleryAuthoring
@testable import GalleryContent
@testable import GallerySupport

/// `new site` writes all or nothing: a write that fails part-way (a full disk) leaves nothing
/// behind, and the retry works.
@Suite struct StarterSiteTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    struct DiskFull: Error, LocalizedError {
        var errorDescription: String? { "No space left on device" }
    }

    /// Writes like a disk with room for `capacity` bytes: the file that does not fit is left
    /// half-written and the write fails.
    func writeFile(capacity: Int) -> (URL, Data) throws -> Void {
        var used = 0
        return { url, data in
            let room = max(0, capacity - used)
            try data.prefix(room).write(to: url)
            used += min(room, data.count)
            if data.count > room { throw DiskFull() }
        }
    }

    var totalBytes: Int { StarterSite.files.reduce(0) { $0 + $1.contents.utf8.count } }

    func entries(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    @Test(arguments: [0, 100, 1_500, -1])
    func aFullDiskLeavesNoHalfWrittenSiteAndTheRetryWorks(_ capacity: Int) throws {
        let site = folder.url.appendingPathComponent("my-bar")
        let room = capacity < 0 ? totalBytes - 1 : capacity
        #expect {
            try StarterSite.write(to: site, displayPath: "my-bar", writeFile: writeFile(capacity: room))
        } throws: { error in
            (error as? Diagnostic)?.description.hasPrefix("my-bar:1:1: error: cannot write '") == true
                && (error as? Diagnostic)?.description.hasSuffix("No space left on device; nothing was created") == true
        }
        #expect(entries(folder.url) == [], "a half-written site or its staging folder was left")
        try StarterSite.write(to: site, displayPath: "my-bar")
        #expect(entries(site) == ["images", "recipes", "site.yml"])
        #expect(entries(folder.url) == ["my-bar"])
        #expect(try String(contentsOf: site.appendingPathComponent("site.yml"), encoding: .utf8) == StarterSite.siteConfig)
    }

    @Test func anExistingEmptyFolderStaysEmptyAfterAFailureAndIsFilledOnTheRetry() throws {
        let site = folder.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        #expect(throws: Diagnostic.self) {
            try StarterSite.write(to: site, displayPath: "empty", writeFile: writeFile(capacity: totalBytes / 2))
        }
        #expect(entries(site) == [])
        try StarterSite.write(to: site, displayPath: "empty")
        #expect(entries(site) == ["images", "recipes", "site.yml"])
    }

    @Test func leftoversOfAKilledRunDoNotMakeTheFolderNotEmptyAndAreRemoved() throws {
        // A PID this large is never in use: the runs that left these were killed.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".my-bar.gallerygen-new-2147483647/recipes"),
                                                withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("half/.gallerygen-new-2147483647/images"),
                                                withIntermediateDirectories: true)
        try StarterSite.write(to: folder.url.appendingPathComponent("my-bar"), displayPath: "my-bar")
        try StarterSite.write(to: folder.url.appendingPathComponent("half"), displayPath: "half")
        #expect(entries(folder.url) == ["half", "my-bar"])
        #expect(entries(folder.url.appendingPathComponent("half")) == ["images", "recipes", "site.yml"])
        // A folder with anything else in it is still refused.
        try Data("mine".utf8).write(to: folder.url.appendingPathComponent("half/notes.txt"))
        #expect(throws: Diagnostic.self) { try StarterSite.write(to: folder.url.appendingPathComponent("half"), displayPath: "half") }
    }
}

@Suite struct StarterGridTests {
    /// The starter site's default arrangement puts two cards side by side on a phone: at the
    /// phone reference width, which the layout scales down to 320 px and up to the next breakpoint.
    @Test func starterGridFitsTwoCardsPerRowOnAPhone() throws {
        let (config, diagnostics) = SiteConfig.parse(StarterSite.siteConfig, displayPath: "site.yml")
        #expect(diagnostics.isEmpty)
        let (layouts, layoutDiagnostics) = GalleryLayoutFactory.makeLayouts(config.gallery, breakpoints: config.breakpoints, path: "site.yml")
        #expect(layoutDiagnostics.isEmpty)
        let phone = try #require(config.breakpoints.first)
        let items = (0..<3).map { _ in ItemMetrics(aspectRatio: 0.75, labelHeight: config.gallery.labelHeight) }
        let prepared = layouts[0][0].prepare(LayoutContext(containerWidth: phone.width, sections: [LayoutSection(items: items)]))
        let first = try #require(prepared.attributes(at: IndexPath(item: 0, section: 0)))
        let second = try #require(prepared.attributes(at: IndexPath(item: 1, section: 0)))
        #expect(first.center.y == second.center.y)
        #expect(second.frame.maxX <= phone.width)
    }
}
