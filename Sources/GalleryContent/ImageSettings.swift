import GallerySupport

/// site.yml's `images:` section: what the image pipeline makes. Every field has a default, so most
/// sites never write the section.
///
/// ```yaml
/// images:
///   formats: [webp, jpeg]   # the <picture>'s sources; JPEG is always made (the <img> fallback)
///   max_width: 1600         # no rendition is wider
///   jpeg_quality: 82
///   webp_quality: 78
///   webp_effort: 4          # libwebp's method: 0 fastest … 6 smallest files
///   crops: true             # 16:9, 4:3 and 1:1 crops for recipe structured data
///   widths: [1280, 320]     # optional: these rendition widths instead of the planned ones
///   svg: sanitize           # or rasterize: SVGs become WebP/JPEG renditions like photos
/// ```
package struct ImageSettings: Sendable, Hashable {
    package var makesWebP = true
    /// The default `max_width`: beyond it the bytes grow faster than anyone can see.
    package static let defaultMaximumWidth = 1600
    package var maximumWidth = defaultMaximumWidth
    package var jpegQuality = 82
    package var webpQuality = 78
    package var webpEffort = 4
    package var makesCrops = true
    /// Rendition widths chosen by hand (say, to match a CDN's presets); empty: planned from the
    /// layouts. Widths above an original's are dropped.
    package var fixedWidths: [Int] = []
    /// SVG pictures are published as WebP and JPEG renditions (`svg: rasterize`) instead of as
    /// sanitised SVG (`svg: sanitize`, the default).
    package var rasterizesVectors = false

    package init() {}

    static func parse(_ reader: inout FieldReader) -> ImageSettings {
        var settings = ImageSettings()
        if let node = reader.value("formats") {
            let formats = reader.strings("formats").map { $0.lowercased() }
            if let unknown = formats.first(where: { $0 != "webp" && $0 != "jpeg" }) {
                reader.error("unknown image format '\(unknown)' in 'formats': use webp and jpeg", at: node)
            }
            settings.makesWebP = formats.contains("webp")
        }
        for (key, range) in [("max_width", 64...8192), ("jpeg_quality", 1...100), ("webp_quality", 1...100), ("webp_effort", 0...6)] {
            guard let value = reader.int(key) else { continue }
            guard range.contains(value) else {
                if let node = reader.value(key) {
                    reader.error("'\(key)' must be between \(range.lowerBound) and \(range.upperBound), found \(value)", at: node)
                }
                continue
            }
            switch key {
            case "max_width": settings.maximumWidth = value
            case "jpeg_quality": settings.jpegQuality = value
            case "webp_quality": settings.webpQuality = value
            default: settings.webpEffort = value
            }
        }
        if let crops = reader.bool("crops") { settings.makesCrops = crops }
        if let node = reader.value("svg"), let mode = reader.string("svg") {
            switch mode.lowercased() {
            case "sanitize": settings.rasterizesVectors = false
            case "rasterize": settings.rasterizesVectors = true
            default: reader.error("'svg' must be sanitize or rasterize, found '\(mode)'", at: node)
            }
        }
        if let node = reader.value("widths") {
            let widths = node.sequence?.compactMap(\.int) ?? []
            if widths.isEmpty || widths.count != node.sequence?.count || widths.contains(where: { !(16...8192).contains($0) }) {
                reader.error("'widths' must be a list of whole numbers between 16 and 8192, e.g. [1280, 640, 320]", at: node)
            } else {
                settings.fixedWidths = Array(Set(widths)).sorted(by: >)
            }
        }
        return settings
    }
}
