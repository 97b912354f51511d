import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryImages
@testable import GalleryRender
@testable import GallerySupport

/// The pure parts of the image pipeline: widths, `sizes`, hashing, header probing.
@Suite struct ImageRenditionTests {
    @Test func widthsAreOneAndTwoTimesEachNeedRoundedAndThinned() {
        // 150 and 155 → 160, 300 → 304 and 310 → 320; 304 is within 30 % of 320 and folds into it.
        #expect(RenditionPlanner.widths(needs: [150, 155], originalWidth: 4000) == [320, 160])
    }

    @Test func widthsNeverExceedTheOriginal() {
        #expect(RenditionPlanner.widths(needs: [400, 700], originalWidth: 500) == [500])
    }

    @Test func widthsStopAtTheMaximum() {
        #expect(RenditionPlanner.widths(needs: [1000], originalWidth: 6000).first == RenditionPlanner.maximumWidth)
    }

    @Test func coverFactorWidensForPicturesWiderThanTheirBox() {
        #expect(RenditionPlanner.coverFactor(boxWidth: 100, boxHeight: 125, aspectRatio: 0.8) == 1)
        #expect(RenditionPlanner.coverFactor(boxWidth: 100, boxHeight: 100, aspectRatio: 1.5) == 1.5)
    }

    @Test func gallerySizesFollowTheBreakpoints() {
        let breakpoints = [SiteConfig.Breakpoint(name: "phone", width: 375), SiteConfig.Breakpoint(name: "desktop", width: 1280)]
        let sizes = PageRenderer.gallerySizes(shares: [0.4, 0.125], breakpoints: breakpoints, galleryWidth: 1600)
        #expect(sizes == "(min-width: 1600px) 200px, (min-width: 1228px) 12.5vw, 40vw")
    }

    @Test func sha256MatchesKnownDigests() {
        #expect(ContentHash.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = String(repeating: "a", count: 1000)
        #expect(ContentHash.hex(long) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        // FIPS 180-4's long vector (a million "a"), given in uneven pieces: the digest does not
        // depend on where the updates split the bytes.
        var hash = ContentHash()
        var given = 0
        for piece in [1, 63, 64, 65, 4_096, 995_711] {
            hash.update(Data(repeating: UInt8(ascii: "a"), count: piece))
            given += piece
        }
        #expect(given == 1_000_000)
        #expect(hash.finalize() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func dominantColourIsTheLargestBucket() {
        let pixels: [UInt8] = [10, 20, 30, 12, 22, 30, 200, 200, 200]
        #expect(ImageProcessor.dominantColor(pixels, bands: 3) == "#0b151e")
    }

    @Test func cropsKeepAtLeastFiftyThousandPixels() {
        let crops = ImageProcessor.cropSizes(width: 2000, height: 1500, pixels: 480_000, upscale: false)
        #expect(crops.map(\.name) == ["16x9", "4x3", "1x1"])
        #expect(crops.allSatisfy { $0.width * $0.height >= 50_000 && $0.width <= 2000 && $0.height <= 1500 })
        #expect(ImageProcessor.cropSizes(width: 150, height: 100, pixels: 480_000, upscale: false).isEmpty)
    }
}
