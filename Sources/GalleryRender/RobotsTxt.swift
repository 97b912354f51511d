import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// `robots.txt`: lets every crawler in and names the sitemap when there is one. Crawlers read it
/// only at the root of a host, so a site published under a sub-path should copy its line to the
/// host's own robots.txt.
public struct RobotsTxt: Sendable {
    public static let path = "robots.txt"

    /// The sitemap's absolute address, when site.yml has a `base_url`.
    public var sitemapURL: String?

    public init(publishedURL: PublishedURL?) {
        sitemapURL = publishedURL?.file(Sitemap.path)
    }

    public var text: String {
        "User-agent: *\nDisallow:\n" + (sitemapURL.map { "\nSitemap: \($0)\n" } ?? "")
    }

    public var file: OutputFile {
        OutputFile(path: Self.path, text: text)
    }
}
