import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// `sitemap.xml` (sitemaps.org protocol): the absolute address of every page search engines should
/// know, in the order the pages were rendered. It needs site.yml's `base_url`.
package struct Sitemap: Sendable {
    package static let path = "sitemap.xml"

    /// The pages' absolute addresses.
    package var urls: [String]

    /// Every `.html` output except the 404 page, at its published address.
    package init(outputPaths: [String], publishedURL: PublishedURL) {
        urls = outputPaths
            .filter { $0.hasSuffix(".html") && $0 != NotFoundPage.path }
            .map(publishedURL.page)
    }

    package var text: String {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

        """
        for url in urls {
            xml += "  <url><loc>\(XMLText.escape(url))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }

    package var file: OutputFile {
        OutputFile(path: Self.path, text: text)
    }
}
