import Foundation
import GalleryContent
import GalleryPlan
import GallerySupport

/// The encoder settings: every one changes output bytes, so all are part of each cache key.
package struct ImageEncoding: Sendable, Hashable {
    package var jpegQuality = 82
    package var webpQuality = 78
    /// libwebp's method, 0 (fastest) … 6 (smallest); 4 is libwebp's default.
    package var webpEffort = 4
    /// Width of the inlined blurred preview; 20 px gives a 100–300 byte WebP.
    package var previewWidth = 20
    /// The structured-data crops aim at about this many pixels (Google asks for at least 50,000).
    package var cropPixels = 480_000
    /// WebP renditions beside the JPEG ones; structured-data crops.
    package var makesWebP = true
    package var makesCrops = true
    /// SVGs made into raster renditions rather than published sanitised (`svg: rasterize`).
    package var rasterizesVectors = false
    /// Bumped whenever the processing itself changes, so old cache entries are not reused.
    static let version = 5

    package init() {}

    /// The encoding site.yml's `images:` asks for.
    package init(_ settings: ImageSettings) {
        jpegQuality = settings.jpegQuality
        webpQuality = settings.webpQuality
        webpEffort = settings.webpEffort
        makesWebP = settings.makesWebP
        makesCrops = settings.makesCrops
        rasterizesVectors = settings.rasterizesVectors
    }

    /// Everything above as text, for cache keys.
    var fingerprint: String {
        "v\(Self.version) jpeg\(jpegQuality) webp\(makesWebP ? "\(webpQuality)/\(webpEffort)" : "none") "
            + "preview\(previewWidth) crop\(makesCrops ? cropPixels : 0)" + (rasterizesVectors ? " svg-raster" : "")
    }
}

/// Makes one image's files with libvips: renditions, crops and placeholder. Runs on one worker
/// thread from start to finish; knows nothing of caches or output folders.
struct ImageProcessor {
    var encoding: ImageEncoding

    /// The aspect ratios of the structured-data crops, as Google's recipe results list them.
    static let cropAspects: [(name: String, width: Int, height: Int)] = [("16x9", 16, 9), ("4x3", 4, 3), ("1x1", 1, 1)]
    /// Google ignores smaller structured-data images.
    static let minimumCropPixels = 50_000

    /// The processed image and its files' bytes by file name. `baseName` prefixes every file name
    /// (`mojito-3f9a1c07d2`); paths in the result are under `images/`.
    func process(_ data: Data, info: ImageInfo, widths: [Int], baseName: String) throws(Vips.Failure) -> (ProcessedImage, [String: Data]) {
        if info.format == .svg && !encoding.rasterizesVectors {
            return try processVector(data, info: info, baseName: baseName)
        }
        var files: [String: Data] = [:]
        var result = ProcessedImage(width: info.width, height: info.height, renditions: [], vectorPath: nil, crops: [])
        let cropTargets = encoding.makesCrops
            ? Self.cropSizes(width: info.width, height: info.height, pixels: encoding.cropPixels, upscale: false) : []
        let cropSourceWidth = cropTargets.map { target in
            Int((Double(info.width) * max(Double(target.width) / Double(info.width), Double(target.height) / Double(info.height))).rounded(.up))
        }.max() ?? 0
        let largest = max(widths.max() ?? 0, cropSourceWidth, encoding.previewWidth)
        let decoded = info.format == .svg
            ? try Vips.openSVG(try Self.sanitized(data), scale: Double(largest) / Double(info.width)).sRGB()
            : try Vips.decode(data, fullWidth: info.width, fitting: largest).sRGB()
        let image = try (decoded.width > largest ? decoded.resampled(toWidth: largest) : decoded).strippedOfMetadata()

        // Largest first, each made from the one before: every step shrinks by 30 % or more, which
        // Lanczos handles as well as starting over from the full image, and costs less.
        var source = image
        for width in widths.sorted(by: >) {
            let scaled = width < source.width ? try source.resampled(toWidth: width) : source
            let jpegName = "\(baseName)-\(width).jpg"
            let webpName = "\(baseName)-\(width).webp"
            if encoding.makesWebP {
                files[webpName] = try scaled.webp(quality: encoding.webpQuality, effort: encoding.webpEffort)
                result.renditions.append(.init(format: .webp, width: scaled.width, height: scaled.height, path: "images/" + webpName))
            }
            files[jpegName] = try opaque(scaled).jpeg(quality: encoding.jpegQuality)
            result.renditions.append(.init(format: .jpeg, width: scaled.width, height: scaled.height, path: "images/" + jpegName))
            source = scaled
        }
        result.crops = try crops(of: image, targets: cropTargets, baseName: baseName, files: &files)
        try addPlaceholder(from: source, to: &result, preview: true)
        return (result, files)
    }

    /// SVG: published sanitised (`SVGSanitizer`); rasterised, from the sanitised text, only for
    /// the placeholder colour and the crops, when this libvips can (librsvg), else without them.
    private func processVector(_ original: Data, info: ImageInfo, baseName: String) throws(Vips.Failure) -> (ProcessedImage, [String: Data]) {
        let data = try Self.sanitized(original)
        let name = "\(baseName).svg"
        var files = [name: data]
        var result = ProcessedImage(width: info.width, height: info.height, renditions: [], vectorPath: "images/" + name, crops: [])
        guard Vips.canLoadSVG else { return (result, files) }
        let small = try Vips.openSVG(data, scale: 64 / Double(max(info.width, info.height))).strippedOfMetadata()
        try addPlaceholder(from: small, to: &result, preview: false)
        guard encoding.makesCrops else { return (result, files) }
        let targets = Self.cropSizes(width: info.width, height: info.height, pixels: encoding.cropPixels, upscale: true)
        let scale = targets.map { max(Double($0.width) / Double(info.width), Double($0.height) / Double(info.height)) }.max() ?? 1
        let raster = try Vips.openSVG(data, scale: scale).strippedOfMetadata()
        result.crops = try crops(of: raster, targets: targets, baseName: baseName, files: &files)
        return (result, files)
    }

    /// What librsvg and the published file are made from: never the SVG as it came.
    private static func sanitized(_ data: Data) throws(Vips.Failure) -> Data {
        do throws(SVGDocument.Failure) {
            return try SVGSanitizer.sanitize(data)
        } catch {
            throw Vips.Failure(message: error.message)
        }
    }

    /// The crop sizes for an image: about `pixels` each, within the image unless it is a vector
    /// (`upscale`), and none below Google's minimum.
    static func cropSizes(width: Int, height: Int, pixels: Int, upscale: Bool) -> [(name: String, width: Int, height: Int)] {
        cropAspects.compactMap { aspect in
            let ratio = Double(aspect.width) / Double(aspect.height)
            var cropWidth = (Double(pixels) * ratio).squareRoot()
            if !upscale {
                cropWidth = min(cropWidth, Double(width), Double(height) * ratio)
            }
            let size = (width: Int(cropWidth.rounded(.down)), height: Int((cropWidth / ratio).rounded(.down)))
            guard size.width * size.height >= minimumCropPixels else { return nil }
            return (aspect.name, size.width, size.height)
        }
    }

    private func crops(of image: VipsImage, targets: [(name: String, width: Int, height: Int)], baseName: String,
                       files: inout [String: Data]) throws(Vips.Failure) -> [ProcessedImage.Crop] {
        var crops: [ProcessedImage.Crop] = []
        for target in targets {
            let crop = try image.smartCropped(width: target.width, height: target.height)
            let name = "\(baseName)-\(target.name).jpg"
            files[name] = try opaque(crop).jpeg(quality: encoding.jpegQuality)
            crops.append(.init(aspect: target.name, width: crop.width, height: crop.height, path: "images/" + name))
        }
        return crops
    }

    /// JPEG has no alpha: transparent parts become white.
    private func opaque(_ image: VipsImage) throws(Vips.Failure) -> VipsImage {
        image.hasAlpha ? try image.flattened(red: 255, green: 255, blue: 255) : image
    }

    /// The dominant colour, and for opaque raster images a tiny blurred WebP as a data URI.
    private func addPlaceholder(from image: VipsImage, to result: inout ProcessedImage, preview: Bool) throws(Vips.Failure) {
        let tiny = image.width > encoding.previewWidth ? try image.resampled(toWidth: encoding.previewWidth) : image
        let pixels = try tiny.pixels()
        let bands = tiny.bands
        guard bands >= 3 else { return }
        // Transparent images get no placeholder (it would show through them); a few see-through
        // pixels at the edge of a rasterised vector do not count.
        if bands >= 4 {
            let transparent = stride(from: 3, to: pixels.count, by: bands).filter { pixels[$0] < 128 }.count
            if transparent * 20 > pixels.count / bands { return }
        }
        result.placeholderColor = Self.dominantColor(pixels, bands: bands)
        if preview {
            let blurred = try opaque(tiny).blurred(sigma: 0.8)
            let bytes = try blurred.webp(quality: 40, effort: 6)
            result.placeholderPreview = "data:image/webp;base64," + bytes.base64EncodedString()
        }
    }

    /// The mean of the most populated 4-bit-per-channel colour bucket, as `#rrggbb`: the colour
    /// most of the picture is, rather than the muddy average of all of it.
    static func dominantColor(_ pixels: [UInt8], bands: Int) -> String {
        var counts = [Int](repeating: 0, count: 4096)
        var sums = [Int](repeating: 0, count: 4096 * 3)
        for start in stride(from: 0, to: pixels.count - bands + 1, by: bands) {
            let (red, green, blue) = (Int(pixels[start]), Int(pixels[start + 1]), Int(pixels[start + 2]))
            let bucket = (red >> 4) << 8 | (green >> 4) << 4 | blue >> 4
            counts[bucket] += 1
            sums[bucket * 3] += red
            sums[bucket * 3 + 1] += green
            sums[bucket * 3 + 2] += blue
        }
        let best = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) } ?? 0
        let count = max(counts[best], 1)
        let channels = (0..<3).map { sums[best * 3 + $0] / count }
        return "#" + channels.map { String(format: "%02x", $0) }.joined()
    }
}
