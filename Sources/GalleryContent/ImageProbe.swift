import Foundation
import GallerySupport

/// An image's pixel size and format, read from its header without decoding the pixels.
package struct ImageInfo: Sendable, Hashable {
    package enum Format: String, Sendable {
        case jpeg, png, gif, webp, svg
    }

    package var width: Int
    package var height: Int
    package var format: Format

    package init(width: Int, height: Int, format: Format) {
        self.width = width
        self.height = height
        self.format = format
    }

    package var aspectRatio: Double { Double(width) / Double(height) }
}

/// Reads sizes from JPEG, PNG, GIF, WebP and SVG headers.
package enum ImageProbe {
    package struct Failure: Error, Sendable {
        package var message: String

        package init(message: String) {
            self.message = message
        }
    }

    /// Images above this many pixels are refused (decompression bombs).
    package static let pixelLimit = 100_000_000

    /// How much of a file the probe reads: enough for any header, without reading whole photos.
    static let headerLength = 512 * 1024

    /// GIFs are read whole, to the end of their last frame; larger ones are refused.
    static let gifByteLimit = 256 * 1024 * 1024

    /// What `probe` needs of a site file: the start, or all of a GIF (every frame's descriptor is
    /// checked) or of an SVG (parsed to find its size), up to their limits. Read with `SiteFile`,
    /// so a named pipe or device is refused rather than blocking.
    package static func header(of url: URL) throws(SiteFile.Failure) -> Data {
        let data = try SiteFile.read(url, upTo: headerLength)
        let whole = data.starts(with: Array("GIF8".utf8)) ? gifByteLimit
            : data.count == headerLength && !isRaster(data) ? SVGDocument.byteLimit : 0
        guard whole > 0, data.count == headerLength else { return data }
        return try SiteFile.read(url, upTo: whole + 1)
    }

    private static func isRaster(_ data: Data) -> Bool {
        [[0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8], Array("RIFF".utf8)].contains { data.starts(with: $0) }
    }

    /// A remote picture's size: from front matter when given, else a square (it is never
    /// downloaded to measure).
    package static func remote(width: Int?, height: Int?) -> ImageInfo {
        guard let width, let height else { return ImageInfo(width: 1200, height: 1200, format: .jpeg) }
        return ImageInfo(width: width, height: height, format: .jpeg)
    }

    package static func probe(_ data: Data) -> Result<ImageInfo, Failure> {
        let bytes = [UInt8](data.prefix(data.starts(with: Array("GIF8".utf8)) ? gifByteLimit + 1 : headerLength))
        guard !bytes.isEmpty else { return .failure(Failure(message: "the image file is empty")) }
        let info: ImageInfo?
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            info = png(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            info = jpeg(bytes)
        } else if bytes.starts(with: Array("GIF8".utf8)) {
            if bytes.count > gifByteLimit {
                return .failure(Failure(message: "the GIF is larger than \(gifByteLimit / 1024 / 1024) MB"))
            }
            switch gif(bytes) {
            case .success(let size): info = size
            case .failure(let failure): return .failure(failure)
            }
        } else if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            info = webp(bytes)
        } else if looksLikeXML(bytes) {
            do throws(SVGDocument.Failure) {
                info = svg(try SVGDocument.parse(data))
            } catch {
                return .failure(Failure(message: error.message))
            }
        } else {
            return .failure(Failure(message: "not a JPEG, PNG, GIF, WebP or SVG image"))
        }
        guard let info else {
            return .failure(Failure(message: "the \(formatName(bytes)) header is truncated or corrupt"))
        }
        guard info.width > 0, info.height > 0 else {
            return .failure(Failure(message: "the image has no pixels (\(info.width)×\(info.height))"))
        }
        guard info.width * info.height <= pixelLimit else {
            return .failure(Failure(message: "the image is \(info.width)×\(info.height), above the limit of \(pixelLimit / 1_000_000) megapixels"))
        }
        return .success(info)
    }

    private static func formatName(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50]) { return "PNG" }
        if bytes.starts(with: [0xFF, 0xD8]) { return "JPEG" }
        if bytes.starts(with: Array("GIF".utf8)) { return "GIF" }
        if bytes.starts(with: Array("RIFF".utf8)) { return "WebP" }
        return "SVG"
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        (offset..<offset + count).reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        (offset..<offset + count).reversed().reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }

    private static func png(_ bytes: [UInt8]) -> ImageInfo? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return ImageInfo(width: bigEndian(bytes, 16, 4), height: bigEndian(bytes, 20, 4), format: .png)
    }

    /// The frame size, turned upright: EXIF orientations 5–8 (a quarter turn) swap width and height,
    /// as the image pipeline applies the orientation to every rendition.
    private static func jpeg(_ bytes: [UInt8]) -> ImageInfo? {
        var offset = 2
        var orientation = 1
        while offset + 9 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            let length = bigEndian(bytes, offset + 2, 2)
            if marker == 0xE1, offset + 2 + length <= bytes.count {
                orientation = exifOrientation(Array(bytes[(offset + 4)..<(offset + 2 + length)])) ?? orientation
            }
            // SOF0...SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let width = bigEndian(bytes, offset + 7, 2)
                let height = bigEndian(bytes, offset + 5, 2)
                let quarterTurn = (5...8).contains(orientation)
                return ImageInfo(width: quarterTurn ? height : width, height: quarterTurn ? width : height, format: .jpeg)
            }
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// The orientation tag (0x0112) of an APP1 `Exif` segment's first directory.
    private static func exifOrientation(_ segment: [UInt8]) -> Int? {
        guard segment.count >= 14, segment.starts(with: Array("Exif".utf8) + [0, 0]) else { return nil }
        let tiff = Array(segment[6...])
        let little = tiff.starts(with: Array("II".utf8))
        guard little || tiff.starts(with: Array("MM".utf8)) else { return nil }
        func number(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= tiff.count else { return nil }
            return little ? littleEndian(tiff, offset, count) : bigEndian(tiff, offset, count)
        }
        guard let directory = number(4, 4), let entries = number(directory, 2) else { return nil }
        for entry in 0..<min(entries, 256) {
            let start = directory + 2 + entry * 12
            guard let tag = number(start, 2) else { return nil }
            if tag == 0x0112 { return number(start + 8, 2) }
        }
        return nil
    }

    private static func webp(_ bytes: [UInt8]) -> ImageInfo? {
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            return ImageInfo(width: littleEndian(bytes, 26, 2) & 0x3FFF, height: littleEndian(bytes, 28, 2) & 0x3FFF, format: .webp)
        case "VP8L":
            let bits = littleEndian(bytes, 21, 4)
            return ImageInfo(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1, format: .webp)
        case "VP8X":
            return ImageInfo(width: littleEndian(bytes, 24, 3) + 1, height: littleEndian(bytes, 27, 3) + 1, format: .webp)
        default:
            return nil
        }
    }

    /// A text file that could be XML (an SVG): `<` after an optional byte-order mark and whitespace.
    private static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }

    /// The size a renderer gives the parsed document (`SVGDocument.size`), rounded.
    private static func svg(_ document: SVGDocument) -> ImageInfo? {
        guard let size = document.size, size.width < 1e9, size.height < 1e9 else { return nil }
        return ImageInfo(width: Int(size.width.rounded()), height: Int(size.height.rounded()), format: .svg)
    }

    /// The logical screen's size, after walking every block to the trailer: each frame's image
    /// descriptor must lie within the screen (decoders allocate by the frame, so a small screen
    /// must not hide a huge frame), and the data must not end before the last frame does.
    static func gif(_ bytes: [UInt8]) -> Result<ImageInfo, Failure> {
        let corrupt = Failure(message: "the GIF header is truncated or corrupt")
        guard bytes.count >= 13 else { return .failure(corrupt) }
        let width = littleEndian(bytes, 6, 2)
        let height = littleEndian(bytes, 8, 2)
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 0x07) + 1) }
        /// Skips data sub-blocks up to and past their terminator; false when the data ends first.
        func skipSubBlocks() -> Bool {
            while offset < bytes.count {
                let length = Int(bytes[offset])
                offset += 1 + length
                if length == 0 { return true }
            }
            return false
        }
        var frames = 0
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x3B:
                return frames > 0 ? .success(ImageInfo(width: width, height: height, format: .gif)) : .failure(corrupt)
            case 0x21:
                offset += 2
                guard skipSubBlocks() else { return .failure(corrupt) }
            case 0x2C:
                guard offset + 10 <= bytes.count else { return .failure(corrupt) }
                let left = littleEndian(bytes, offset + 1, 2), top = littleEndian(bytes, offset + 3, 2)
                let frameWidth = littleEndian(bytes, offset + 5, 2), frameHeight = littleEndian(bytes, offset + 7, 2)
                guard left + frameWidth <= width, top + frameHeight <= height else {
                    return .failure(Failure(message: "GIF frame \(frames + 1) is \(frameWidth)×\(frameHeight) at (\(left), \(top)), outside the \(width)×\(height) picture"))
                }
                let flags = bytes[offset + 9]
                offset += 10
                if flags & 0x80 != 0 { offset += 3 << (Int(flags & 0x07) + 1) }
                offset += 1 // LZW minimum code size
                guard skipSubBlocks() else { return .failure(corrupt) }
                frames += 1
            default:
                return .failure(corrupt)
            }
        }
        // No trailer: decoders accept a GIF cut after its last complete frame.
        return frames > 0 ? .success(ImageInfo(width: width, height: height, format: .gif)) : .failure(corrupt)
    }
}
