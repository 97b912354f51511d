import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryImages

/// The Lanczos-3 resampler behind every rendition (CVipsShim/Resample.c).
@Suite struct ResampleTests {
    /// Deterministic noise: every sample differs from its neighbours, so any misplaced tap shows.
    static func noise(width: Int, height: Int, bands: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<(width * height * bands)).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    static func resample(_ pixels: [UInt8], _ size: (Int, Int), bands: Int, to target: (Int, Int),
                         vectorised: Bool = true) throws -> [UInt8] {
        let image = try Vips.image(pixels: pixels, width: size.0, height: size.1, bands: bands)
        let result = try image.resampled(width: target.0, height: target.1, vectorised: vectorised)
        #expect(result.width == target.0 && result.height == target.1 && result.bands == bands)
        return try result.pixels()
    }

    static let sizes: [((Int, Int), (Int, Int))] = [
        ((1000, 750), (640, 480)), ((640, 480), (160, 120)), ((333, 101), (97, 29)), ((64, 48), (20, 15)),
        ((7, 5), (3, 2)), ((5, 5), (1, 1)), ((2, 3), (5, 7)), ((17, 1), (16, 1)), ((300, 200), (300, 200)),
    ]

    @Test(arguments: [3, 4])
    func vectorAndPlainPathsGiveTheSameBytes(bands: Int) throws {
        for (index, (size, target)) in Self.sizes.enumerated() {
            let pixels = Self.noise(width: size.0, height: size.1, bands: bands, seed: UInt64(index))
            let vector = try Self.resample(pixels, size, bands: bands, to: target)
            let plain = try Self.resample(pixels, size, bands: bands, to: target, vectorised: false)
            #expect(vector == plain, "\(size) → \(target), \(bands) bands")
        }
    }

    @Test func flatColourStaysExactlyFlat() throws {
        for (size, target) in Self.sizes {
            let colour: [UInt8] = [200, 17, 96]
            let pixels = [UInt8]((0..<(size.0 * size.1)).flatMap { _ in colour })
            let result = try Self.resample(pixels, size, bands: 3, to: target)
            #expect(result == [UInt8]((0..<(target.0 * target.1)).flatMap { _ in colour }), "\(size) → \(target)")
        }
    }

    /// A linear ramp stays a linear ramp (away from the edges, where the filter is cut off).
    @Test func rampStaysARamp() throws {
        let (width, height) = (400, 8)
        let pixels = (0..<height).flatMap { _ in (0..<width).flatMap { x in [UInt8](repeating: UInt8(x * 255 / (width - 1)), count: 3) } }
        let result = try Self.resample(pixels, (width, height), bands: 3, to: (100, 2))
        for x in 10..<90 {
            let expected = (Double(x) + 0.5) * 4 - 0.5
            #expect(abs(Double(result[x * 3]) - expected * 255 / Double(width - 1)) <= 1, "x = \(x)")
        }
    }

    /// Stripes at the finest pitch average out to grey when halved: the kernel is stretched over
    /// the source, rather than sampling every other column.
    @Test func finestStripesBecomeGreyWhenHalved() throws {
        let (width, height) = (64, 4)
        let pixels = (0..<height).flatMap { _ in (0..<width).flatMap { x in [UInt8](repeating: x % 2 == 0 ? 255 : 0, count: 3) } }
        let result = try Self.resample(pixels, (width, height), bands: 3, to: (32, 2))
        for x in 4..<28 {
            #expect((126...129).contains(result[x * 3]), "x = \(x): \(result[x * 3])")
        }
    }

    /// Transparent pixels' colour (black here) does not bleed into the opaque ones beside them.
    /// Lanczos rings a little at the edge, which may overshoot; a bleed would pull towards black.
    @Test func transparentNeighboursDoNotDarkenTheEdge() throws {
        let (width, height) = (40, 4)
        let pixels = (0..<height).flatMap { _ in (0..<width).flatMap { x -> [UInt8] in x < width / 2 ? [0, 0, 0, 0] : [220, 30, 40, 255] } }
        let result = try Self.resample(pixels, (width, height), bands: 4, to: (10, 1))
        for x in 0..<10 where result[x * 4 + 3] > 64 {
            #expect(abs(Int(result[x * 4]) - 220) <= 8 && abs(Int(result[x * 4 + 1]) - 30) <= 8, "x = \(x): \(result[(x * 4)..<(x * 4 + 4)])")
        }
    }

    /// Grey images go through libvips' own reduce, to the same size.
    @Test func greyImagesAreResampledToo() throws {
        let pixels = Self.noise(width: 90, height: 60, bands: 1, seed: 9)
        let result = try Self.resample(pixels, (90, 60), bands: 1, to: (30, 20))
        #expect(result.count == 30 * 20)
    }
}
