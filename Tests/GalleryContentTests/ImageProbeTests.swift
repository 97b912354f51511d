import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryImages
@testable import GallerySupport

/// The picture limits come from the size a decoder will really allocate, not a header's claim.
@Suite struct ImageProbeTests {
    /// A GIF with a `width`×`height` screen and one frame per entry of `frames`, each frame's
    /// LZW data `padding` bytes of sub-blocks (never decoded: only the probe reads these).
    static func gif(width: Int, height: Int, frames: [(left: Int, top: Int, width: Int, height: Int)], padding: Int = 1) -> Data {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        var bytes = Array("GIF89a".utf8) + le16(width) + le16(height) + [0, 0, 0]
        bytes += [0x21, 0xF9, 4, 0, 0, 0, 0, 0] // a graphic control extension
        for frame in frames {
            bytes += [0x2C] + le16(frame.left) + le16(frame.top) + le16(frame.width) + le16(frame.height) + [0, 2]
            var left = padding
            while left > 0 {
                let size = min(255, left)
                bytes += [UInt8(size)] + [UInt8](repeating: 0, count: size)
                left -= size
            }
            bytes += [0]
        }
        return Data(bytes + [0x3B])
    }

    func failure(_ data: Data) -> String? {
        if case .failure(let failure) = ImageProbe.probe(data) { return failure.message }
        return nil
    }

    @Test func gifFrameLargerThanItsScreenIsRefused() {
        let bomb = Self.gif(width: 100, height: 100, frames: [(0, 0, 20000, 20000)])
        #expect(bomb.count < 64)
        #expect(failure(bomb)?.contains("GIF frame 1 is 20000×20000 at (0, 0), outside the 100×100 picture") == true, "\(failure(bomb) ?? "accepted")")
        let shifted = Self.gif(width: 100, height: 100, frames: [(0, 0, 100, 100), (60, 0, 50, 50)])
        #expect(failure(shifted)?.contains("GIF frame 2") == true)
        let fine = Self.gif(width: 100, height: 100, frames: [(0, 0, 100, 100), (10, 10, 50, 50)])
        #expect(failure(fine) == nil)
        #expect(failure(Data(fine.prefix(fine.count - 8)))?.contains("truncated") == true)
    }

    @Test func everyGIFFrameIsCheckedBeyondTheHeaderRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let gif = Self.gif(width: 100, height: 100, frames: [(0, 0, 100, 100), (0, 0, 20000, 20000)], padding: 600_000)
        try directory.write("late.gif", gif)
        let header = try ImageProbe.header(of: directory.url.appendingPathComponent("late.gif"))
        #expect(failure(header)?.contains("GIF frame 2 is 20000×20000") == true, "\(failure(header) ?? "accepted")")
    }

    /// The loader reads pictures the way the probe asks: all of a GIF, not only its first 512 KB.
    @Test func theBuildChecksGIFFramesBeyondTheHeaderRead() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/late.gif", Self.gif(width: 100, height: 100, frames: [(0, 0, 100, 100), (0, 0, 20000, 20000)],
                                                      padding: 600_000))
        try site.addRecipe("late", image: "images/late.gif")
        #expect(site.errors().contains { $0.contains("GIF frame 2 is 20000×20000") }, "\(site.errors())")
    }

    @Test func svgSizeComesFromTheParsedDocument() {
        func size(_ svg: String) -> String {
            switch ImageProbe.probe(Data(svg.utf8)) {
            case .success(let info): return "\(info.width)x\(info.height)"
            case .failure(let failure): return failure.message
            }
        }
        let ns = "xmlns='http://www.w3.org/2000/svg'"
        #expect(size("<svg \(ns) width='20000' height='20000' viewBox='0 0 10 10'/>").contains("above the limit of 100 megapixels"))
        #expect(size("<svg \(ns)\twidth = \"300\"\nheight=\"200\"/>") == "300x200")
        #expect(size("<svg \(ns) width='2in' height='72pt'/>") == "192x96")
        #expect(size("<svg \(ns) width='100%' height='100%' viewBox='0 0 640 480'/>") == "640x480")
        #expect(size("<svg \(ns) width='320' viewBox='0,0,640,480'/>") == "320x240")
        #expect(size("<?xml version='1.0'?>\n<!-- <svg width='1' height='1'> -->\n<svg \(ns) width='40' height='30'/>") == "40x30")
        #expect(size("<svg \(ns) width='40'/>").contains("truncated or corrupt"))
    }

    @Test func decoderChecksTheSizeItOpenedBeforeAllocating() throws {
        guard Vips.canLoadSVG else { return }
        // 10050×10050 is just over the limit: small enough that, unchecked, librsvg would render it.
        let svg = Data("<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'/>".utf8)
        #expect(throws: Vips.Failure.self) { _ = try Vips.openSVG(svg, scale: 100.5) }
        #expect(try Vips.openSVG(svg, scale: 0.5).width == 50)
    }
}
