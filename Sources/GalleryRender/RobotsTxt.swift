import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// `robots.txt`: lets every crawler in and names the sitemap when there is one. Crawlers read it
/// only at the root of a host, so a site published under a sub-path should copy its line to the
/// host's own robots.txt.
package struct RobotsTxt: Sendable {
    package static let path = "robots.txt"

    /// The sitemap's absolute address, when site.yml has a `base_url`.
    package var sitemapURL: String?

    package init(publishedURL: PublishedURL?) {
        sitemapURL = publishedURL?.file(Sitemap.path)
    }

    package var text: String {
        "User-agent: *\nDisallow:\n" + (sitemapURL.map { "\nSitemap: \($0)\n" } ?? "")
    }

    package var file: OutputFile {
        OutputFile(path: Self.path, text: text)
    }
}
