import GallerySupport
import GalleryContent
import GalleryPlan

/// What the image pipeline made of one source image: the files the pages link to and the
/// placeholder shown until they arrive. Stored as JSON in the cache beside the files.
/// A local picture as the image phase hands it to the pages: what the pipeline made of it, and
/// how wide the gallery shows it.
public struct PublishedPicture: Sendable, Hashable {
    public var processed: ProcessedImage
    /// At each breakpoint, the largest share of the gallery's width the picture's box takes in any
    /// arrangement or filter (cover cropping included): what `sizes` tells the browser.
    public var galleryShares: [Double]

    public init(processed: ProcessedImage, galleryShares: [Double]) {
        self.processed = processed
        self.galleryShares = galleryShares
    }
}

public struct ProcessedImage: Sendable, Hashable, Codable {
    /// One encoded size of a raster image.
    public struct Rendition: Sendable, Hashable, Codable {
        public enum Format: String, Sendable, Hashable, Codable {
            case webp, jpeg
        }

        public var format: Format
        public var width: Int
        public var height: Int
        /// Output-relative path, e.g. `images/mojito-3f9a1c07d2-640.webp`.
        public var path: String
    }

    /// A fixed-aspect crop for structured data (Google's recipe results want 16:9, 4:3 and 1:1).
    public struct Crop: Sendable, Hashable, Codable {
        /// `16x9`, `4x3` or `1x1`.
        public var aspect: String
        public var width: Int
        public var height: Int
        public var path: String
    }

    /// Display size: the original's, turned upright by its EXIF orientation.
    public var width: Int
    public var height: Int
    /// Largest first; empty for vector images, which are served as they are.
    public var renditions: [Rendition]
    /// The vector original's output path (SVG), nil for raster images.
    public var vectorPath: String?
    public var crops: [Crop]
    /// The dominant colour as `#rrggbb`; nil for images with transparency (the theme's background
    /// shows through them instead).
    public var placeholderColor: String?
    /// A tiny blurred preview as a `data:` URI; nil for vector and transparent images.
    public var placeholderPreview: String?

    /// Every output file this image owns.
    public var paths: [String] {
        (vectorPath.map { [$0] } ?? []) + renditions.map(\.path) + crops.map(\.path)
    }

    public func renditions(_ format: Rendition.Format) -> [Rendition] {
        renditions.filter { $0.format == format }
    }
}
