import Foundation
import Synchronization
import Testing
import GalleryTestSupport
import GallerySupport
@testable import GalleryKit

/// While a build processes pictures the allocator holds the memory they free (`FreeMemory.holding`
/// around ImagePipeline's workers: under mimalloc a longer decommit delay, see CMimalloc), so the
/// next photo reuses the last one's pixel buffers instead of faulting new pages in.
@Suite struct ImagePipelineFreeMemoryTests {
    @Test func freedMemoryIsHeldWhilePicturesAreProcessed() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/a.jpg", try ImageFixture.jpeg(width: 200, height: 150))
        try site.addImage("images/b.jpg", try ImageFixture.jpeg(width: 150, height: 200))
        try site.addRecipe("a", image: "images/a.jpg")
        try site.addRecipe("b", image: "images/b.jpg")
        let begun = FreeMemory.holdsBegun
        let heldWhileProcessing = Mutex<[Bool]>([])
        var options = BuildOptions(siteDirectory: site.root, outputDirectory: site.output, themeDirectory: Repository.templates)
        options.imageProgress = { _ in
            let held = FreeMemory.isHeld
            heldWhileProcessing.withLock { $0.append(held) }
        }
        _ = try SiteBuilder(options: options).build()
        #expect(heldWhileProcessing.withLock { $0 } == [true, true])
        #expect(FreeMemory.holdsBegun > begun)
    }

    @Test func holdsNestAndEndWithTheOutermost() {
        let inner = FreeMemory.holding {
            FreeMemory.holding { FreeMemory.isHeld }
        }
        #expect(inner)
        let begun = FreeMemory.holdsBegun
        FreeMemory.holding { }
        #expect(FreeMemory.holdsBegun > begun)
    }
}
