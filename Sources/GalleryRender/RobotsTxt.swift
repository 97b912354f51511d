import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// `robots.txt`: lets every crawler in and names the sitemap when there is one. Crawlers read it
/// only at the root of a host, so a site published under a sub-path should copy its line to the
/// host's own robots.txt.
package struct RobotsTxt: Sendable {
    /// The sitemap's absolute address, when site.yml has a `base_url`.
    package var sitemapURL: String?

    package init(publishedURL: PublishedURL?) {
        sitemapURL = publishedURL?.file(SitemapFile.outputPath)
    }

    package var text: String {
        "User-agent: *\nDisallow:\n" + (sitemapURL.map { "\nSitemap: \($0)\n" } ?? "")
    }

    package var file: OutputFile {
        OutputFile(path: RobotsFile.outputPath, text: text)
    }
}

/// `robots.txt`, pointing at the sitemap when there is one.
package struct RobotsFile: GeneratedFile {
    package static let outputPath = "robots.txt"

    package func count(in site: PagePlan) -> Int { site.isDefaultTree ? 1 : 0 }

    package func path(_ index: Int, in site: PagePlan) -> String { RobotsFile.outputPath }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        RobotsTxt(publishedURL: site.site.config.publishedURL).file
    }
}

extension RobotsFile {
    /// Only site.yml's `base_url`, part of what every file reads.
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        inputs.hasher("robots", index).finalize()
    }
}
