import Foundation
import Synchronization
import Testing
import GalleryTestSupport
import GallerySupport
import GalleryImages
@testable import GalleryKit

/// While a build processes pictures the allocator holds the memory they free (`FreeMemory.holding`
/// around ImagePipeline's workers: under mimalloc a longer decommit delay, see CMimalloc), and each
/// worker tidies after each picture (`FreeMemory.tidy`), so the next photo reuses the last one's
/// pixel buffers instead of faulting new pages in.
@Suite struct ImagePipelineFreeMemoryTests {
    /// Builds a site with `count` pictures on one thread and says, for each picture's progress
    /// report, whether freed memory was held then; with how many holds began and tidies ran.
    private func buildHolding(pictures count: Int) throws -> (held: [Bool], holdsBegun: Int, tidies: Int) {
        let site = try ImageTestSite()
        defer { site.remove() }
        for index in 0..<count {
            try site.addImage("images/\(index).jpg", try ImageFixture.jpeg(width: 200 - index, height: 150))
            try site.addRecipe("r\(index)", image: "images/\(index).jpg")
        }
        let begun = FreeMemory.holdsBegun, tidies = FreeMemory.tidies
        let heldWhileProcessing = Mutex<[Bool]>([])
        var options = BuildOptions(siteDirectory: site.root, outputDirectory: site.output, themeDirectory: Repository.templates)
        options.jobs = 1
        options.imageProgress = { _ in
            let held = FreeMemory.isHeld
            heldWhileProcessing.withLock { $0.append(held) }
        }
        _ = try SiteBuilder(options: options).build()
        return (heldWhileProcessing.withLock { $0 }, FreeMemory.holdsBegun - begun, FreeMemory.tidies - tidies)
    }

    @Test func freedMemoryIsHeldWhileAThreadProcessesSeveralPictures() throws {
        let run = try buildHolding(pictures: 3)
        #expect(run.held == [true, true, true])
        #expect(run.holdsBegun >= 1)
        // Each picture is followed by a tidy of what its thread freed.
        #expect(run.tidies >= 3)
    }

    /// Holding costs peak memory and pays only from a thread's third picture on. (Whether a
    /// build of two pictures holds is not observed here: tests run side by side, and another
    /// test's hold is seen by every thread.)
    @Test(arguments: [(1, 1, false), (2, 1, false), (3, 1, true), (4, 2, false), (5, 2, true), (100, 2, true)])
    func aHoldNeedsMoreThanTwoPicturesPerThread(pictures: Int, workers: Int, holds: Bool) {
        #expect(ImagePipeline.holdsFreedMemory(pictures: pictures, workers: workers) == holds)
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
