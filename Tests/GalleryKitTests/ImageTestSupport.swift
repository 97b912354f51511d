import Foundation
@testable import GalleryContent
@testable import GalleryImages
@testable import GalleryKit
@testable import GalleryPlan
@testable import GalleryRender
@testable import GalleryServe
@testable import GallerySupport

/// Small images drawn with libvips for the image tests: a smooth gradient with a bright square, so
/// encoders and smart crops have something to work on.
enum ImageFixture {
    static func pixels(width: Int, height: Int, alpha: Bool = false) -> [UInt8] {
        let bands = alpha ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: width * height * bands)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * bands
                let inSquare = abs(x - width * 2 / 3) < width / 8 && abs(y - height / 3) < height / 8
                pixels[offset] = inSquare ? 250 : UInt8(40 + 150 * x / max(width - 1, 1))
                pixels[offset + 1] = inSquare ? 220 : UInt8(90 + 60 * y / max(height - 1, 1))
                pixels[offset + 2] = inSquare ? 60 : 120
                if alpha { pixels[offset + 3] = x < width / 2 ? 0 : 255 }
            }
        }
        return pixels
    }

    static func jpeg(width: Int = 120, height: Int = 90) throws -> Data {
        try Vips.image(pixels: pixels(width: width, height: height), width: width, height: height, bands: 3).jpeg(quality: 85)
    }

    static func png(width: Int = 120, height: Int = 90, alpha: Bool = false) throws -> Data {
        try Vips.image(pixels: pixels(width: width, height: height, alpha: alpha), width: width, height: height,
                       bands: alpha ? 4 : 3).png()
    }

    /// A JPEG whose EXIF orientation says "turn a quarter clockwise" (6): an APP1 segment with one
    /// IFD entry spliced in after the SOI marker.
    static func rotatedJPEG(width: Int, height: Int) throws -> Data {
        let plain = try jpeg(width: width, height: height)
        var tiff: [UInt8] = Array("II".utf8) + [0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]
        tiff += [0x01, 0x00]                                             // one entry
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]                                 // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Data(plain.prefix(2)) + Data(segment) + Data(plain.dropFirst(2))
    }

    /// A PNG header (signature and IHDR) claiming `width`×`height`, with no pixel data at all.
    static func pngHeader(width: Int, height: Int) -> Data {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let ihdr = be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr)
    }
}

/// A throwaway site folder for image tests: site.yml, one recipe per image, and a build helper.
struct ImageTestSite {
    let temporary: TemporaryDirectory
    var root: URL { temporary.url.appendingPathComponent("site") }
    var output: URL { temporary.url.appendingPathComponent("out") }

    init() throws {
        temporary = try TemporaryDirectory()
        try temporary.write("site/site.yml", """
            title: Image Test
            breakpoints:
              - { name: phone, width: 375 }
              - { name: desktop, width: 1024 }
            gallery:
              layout: flow
              item_width: 150
              item_height: 230

            """)
    }

    func remove() { temporary.remove() }

    /// A recipe `slug` whose `image:` is `image` (a site-relative path or an URL).
    func addRecipe(_ slug: String, image: String, extra: String = "") throws {
        try temporary.write("site/recipes/\(slug).md", "---\ntitle: \(slug.capitalized)\nimage: \(image)\n\(extra)---\nStir.\n")
    }

    func addImage(_ relative: String, _ data: Data) throws {
        try temporary.write("site/" + relative, data)
    }

    func build(output: URL? = nil, jobs: Int? = nil) throws(BuildFailure) -> BuildReport {
        var options = BuildOptions(siteDirectory: root, outputDirectory: output ?? self.output, themeDirectory: Repository.templates)
        options.displayPath = { $0.lastPathComponent }
        options.jobs = jobs
        return try SiteBuilder(options: options).build()
    }

    /// The build's error messages (empty when it succeeded).
    func errors() -> [String] {
        do {
            _ = try build()
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }
}
