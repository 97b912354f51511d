import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// Pictures in running text: what the image phase published for each image a Markdown body names,
/// as HTML sized for the text column. Serves any document with a source file (recipes, pages) on
/// any page or feed.
struct BodyPictureMarkup: Sendable {
    /// Header-probed sizes of local pictures, by site-relative path (`Site.images`).
    var images: [String: ImageInfo]
    /// What the image phase made of each local picture.
    var pictures: [String: PublishedPicture]

    /// The `Markdown.ImageRenderer` for the body of the document at `documentPath` (site-relative)
    /// on a page whose root is `root`: a local picture becomes a responsive `<picture>` (renditions,
    /// `srcset`/`sizes` for the text column, width and height, lazy loading, placeholder colour),
    /// a remote one keeps its URL; a titled image alone in its paragraph becomes a `<figure>` with
    /// the title as its `<figcaption>`. URLs are resolved as `BodyPicture.resolve` resolved them
    /// when the site was read; anything else is left to cmark.
    func renderer(documentPath: String, root: String) -> Markdown.ImageRenderer {
        { image in
            guard case .success(let reference?) = BodyPicture.resolve(image.url, documentPath: documentPath) else { return nil }
            let asFigure = image.standsAlone && image.title != nil
            let title = asFigure ? nil : image.title
            let html: String
            switch reference {
            case .local(let path):
                guard let info = images[path] else { return nil }
                html = bodyPictureHTML(path: path, info: info, alt: image.alt, title: title, root: root)
            case .remote(let url):
                html = "<img class=\"body-picture\" src=\"\(escapeHTML(url))\" alt=\"\(escapeHTML(image.alt))\"\(Self.titleAttribute(title))"
                    + " loading=\"lazy\" decoding=\"async\">"
            }
            guard asFigure, let caption = image.title else { return .inline(html) }
            return .block("<figure class=\"body-figure\">\(html)<figcaption>\(escapeHTML(Typography.smarten(caption)))</figcaption></figure>")
        }
    }

    /// `sizes` for a picture in the method column (style.css: one column below 760 px with about 4vw
    /// of padding each side, then 6/11 of a column at most 1036 px wide, less the 2rem gap).
    static let textColumnSizes = "(min-width: 1100px) 548px, (min-width: 760px) 50vw, 92vw"

    private func bodyPictureHTML(path: String, info: ImageInfo, alt: String, title: String?, root: String) -> String {
        func url(_ path: String) -> String { escapeHTML(URLPath.link(to: path, root: root)) }
        let processed = pictures[path]?.processed
        let (width, height) = processed.map { ($0.width, $0.height) } ?? (info.width, info.height)
        let style = processed.flatMap(PageRenderer.placeholderStyle).map { " style=\"\(escapeHTML($0))\"" } ?? ""
        let attributes = " alt=\"\(escapeHTML(alt))\"\(Self.titleAttribute(title)) width=\"\(width)\" height=\"\(height)\""
            + " loading=\"lazy\" decoding=\"async\"\(style)>"
        let jpegs = processed?.renditions(.jpeg).sorted { $0.width < $1.width } ?? []
        guard let processed, let fallback = jpegs.last(where: { $0.width <= PageRenderer.fallbackWidth }) ?? jpegs.first else {
            // A vector, or (in tests of the renderer alone) a picture the image phase did not see.
            return "<img class=\"body-picture\" src=\"\(url(processed?.vectorPath ?? AssetPaths.image(path)))\"" + attributes
        }
        let webps = processed.renditions(.webp).sorted { $0.width < $1.width }
        let sizes = Self.textColumnSizes
        var html = "<picture>"
        if !webps.isEmpty {
            html += "<source type=\"image/webp\" srcset=\"\(escapeHTML(PageRenderer.srcset(webps, root: root)))\" sizes=\"\(sizes)\">"
        }
        html += "<img class=\"body-picture\" src=\"\(url(fallback.path))\" srcset=\"\(escapeHTML(PageRenderer.srcset(jpegs, root: root)))\" sizes=\"\(sizes)\""
        return html + attributes + "</picture>"
    }

    private static func titleAttribute(_ title: String?) -> String {
        title.map { " title=\"\(escapeHTML($0))\"" } ?? ""
    }
}

extension PageRenderer {
    /// The body pictures' markup for the document at `documentPath`, on a page whose root is `root`.
    func bodyImages(documentPath: String, root: String) -> Markdown.ImageRenderer {
        BodyPictureMarkup(images: site.images, pictures: pictures).renderer(documentPath: documentPath, root: assetRoot(root))
    }
}
