import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// A recipe picture as a page's template context describes it, read back for the outputs that
/// need absolute addresses (JSON-LD, Open Graph), so they follow whatever the image pipeline put
/// in the context: its `crops` ({url, width, height}) when it made them, else the image's `src`.
struct PublishedImage: Sendable, Hashable {
    var url: String
    var width: Int?
    var height: Int?

    /// The crops of an image context, or its one `src`; URLs as the page wrote them.
    static func candidates(in image: MustacheValue) -> [PublishedImage] {
        guard case .dictionary(let fields) = image else { return [] }
        if case .array(let crops)? = fields["crops"] {
            let pictures = crops.compactMap { crop -> PublishedImage? in
                guard case .dictionary(let crop) = crop else { return nil }
                return PublishedImage(crop)
            }
            if !pictures.isEmpty { return pictures }
        }
        return [PublishedImage(["url": fields["src"] ?? .null, "width": fields["width"] ?? .null,
                                "height": fields["height"] ?? .null])].compactMap { $0 }
    }

    private init?(_ fields: [String: MustacheValue]) {
        guard case .string(let url)? = fields["url"], !url.isEmpty else { return nil }
        self.url = url
        if case .int(let width)? = fields["width"] { self.width = width }
        if case .int(let height)? = fields["height"] { self.height = height }
    }

    /// The widest of several crops: link previews (Open Graph, X cards) are landscape.
    static func widest(_ images: [PublishedImage]) -> PublishedImage? {
        images.max { a, b in a.aspectRatio < b.aspectRatio }
    }

    private var aspectRatio: Double {
        guard let width, let height, height > 0 else { return 0 }
        return Double(width) / Double(height)
    }
}
