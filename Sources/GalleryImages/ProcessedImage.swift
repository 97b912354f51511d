import GallerySupport
import GalleryContent
import GalleryPlan

/// What the image pipeline made of one source image: the files the pages link to and the
/// placeholder shown until they arrive. Stored as JSON in the cache beside the files.
/// A local picture as the image phase hands it to the pages: what the pipeline made of it, and
/// how wide the gallery shows it.
package struct PublishedPicture: Sendable, Hashable {
    package var processed: ProcessedImage
    /// At each breakpoint, the largest share of the gallery's width the picture's box takes in any
    /// arrangement or filter (cover cropping included): what `sizes` tells the browser.
    package var galleryShares: [Double]

    package init(processed: ProcessedImage, galleryShares: [Double]) {
        self.processed = processed
        self.galleryShares = galleryShares
    }
}

package struct ProcessedImage: Sendable, Hashable, Codable {
    /// One encoded size of a raster image.
    package struct Rendition: Sendable, Hashable, Codable {
        package enum Format: String, Sendable, Hashable, Codable {
            case webp, jpeg
        }

        package var format: Format
        package var width: Int
        package var height: Int
        /// Output-relative path, e.g. `images/mojito-3f9a1c07d2-640.webp`.
        package var path: String
    }

    /// A fixed-aspect crop for structured data (Google's recipe results want 16:9, 4:3 and 1:1).
    package struct Crop: Sendable, Hashable, Codable {
        /// `16x9`, `4x3` or `1x1`.
        package var aspect: String
        package var width: Int
        package var height: Int
        package var path: String
    }

    /// Display size: the original's, turned upright by its EXIF orientation.
    package var width: Int
    package var height: Int
    /// Largest first; empty for vector images, which are served as they are.
    package var renditions: [Rendition]
    /// The vector original's output path (SVG), nil for raster images.
    package var vectorPath: String?
    package var crops: [Crop]
    /// The dominant colour as `#rrggbb`; nil for images with transparency (the theme's background
    /// shows through them instead).
    package var placeholderColor: String?
    /// A tiny blurred preview as a `data:` URI; nil for vector and transparent images.
    package var placeholderPreview: String?

    /// Every output file this image owns.
    package var paths: [String] {
        (vectorPath.map { [$0] } ?? []) + renditions.map(\.path) + crops.map(\.path)
    }

    package func renditions(_ format: Rendition.Format) -> [Rendition] {
        renditions.filter { $0.format == format }
    }
}
