import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport

/// A picture file as the outputs that need absolute addresses (JSON-LD, Open Graph) name it:
/// the image pipeline's crops when it made them, else the one file a page's `src` names.
struct PublishedImage: Sendable, Hashable {
    var url: String
    var width: Int?
    var height: Int?

    /// The widest of several crops: link previews (Open Graph, X cards) are landscape.
    static func widest(_ images: [PublishedImage]) -> PublishedImage? {
        images.max { a, b in a.aspectRatio < b.aspectRatio }
    }

    private var aspectRatio: Double {
        guard let width, let height, height > 0 else { return 0 }
        return Double(width) / Double(height)
    }
}

extension PageRenderer {
    /// `image` as published, from the image step's pictures and the probed sizes the page's own
    /// picture is made from (`imageContext`): its crops ({url, width, height}), else its `src`
    /// with the original's size. URLs as a page whose root is `home` writes them.
    func publishedImages(_ image: ImageReference, root home: String) -> [PublishedImage] {
        let root = assetRoot(home)
        switch image {
        case .local(let path):
            let info = site.images[path]
            var sourcePath = AssetPaths.image(path)
            if info != nil, let processed = pictures[path]?.processed {
                if !processed.crops.isEmpty {
                    return processed.crops.map { PublishedImage(url: URLPath.link(to: $0.path, root: root), width: $0.width, height: $0.height) }
                }
                sourcePath = Self.sourcePath(path, processed: processed, jpegs: processed.renditions(.jpeg).sorted { $0.width < $1.width })
            }
            return [PublishedImage(url: URLPath.link(to: sourcePath, root: root), width: info?.width, height: info?.height)]
        case .remote(let url):
            let info = site.images[url]
            return url.isEmpty ? [] : [PublishedImage(url: url, width: info?.width, height: info?.height)]
        }
    }
}
