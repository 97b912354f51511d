import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// `sitemap.xml` (sitemaps.org protocol): the absolute address of every page search engines should
/// know, in the order the pages were rendered. It needs site.yml's `base_url`.
package struct Sitemap: Sendable {
    /// The pages' absolute addresses.
    package var urls: [String]

    /// The pages at `pagePaths` (output paths), at their published addresses.
    package init(pagePaths: [String], publishedURL: PublishedURL) {
        urls = pagePaths.map(publishedURL.page)
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
        OutputFile(path: SitePaths.sitemap, text: text)
    }
}

/// `sitemap.xml`, when site.yml has a `base_url`: every page of the kinds listed in sitemaps.
package struct SitemapFile: GeneratedFile {
    package func count(in site: PageRenderer) -> Int { site.site.config.publishedURL == nil ? 0 : 1 }

    package func path(_ index: Int, in site: PageRenderer) -> String { SitePaths.sitemap }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        let paths = site.files.filter { PageRenderer.kinds[$0.kind].isListedInSitemap }
            .map { PageRenderer.kinds[$0.kind].path($0.index, in: site) }
        return Sitemap(pagePaths: paths, publishedURL: site.site.config.publishedURL!).file
    }
}
