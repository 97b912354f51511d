import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// `404.html`, the page a static host serves for any missing address. Served from whatever folder
/// the missing address names, it cannot use relative links; so its root is the path of site.yml's
/// `base_url` (`/back-bar/`: right on the published host, under any domain or protocol) or, without
/// one, `/` (the site at the root of its host, as `gallerygen serve` and most hosts serve it).
package struct NotFoundPage: TemplatePage {
    package static let outputPath = "404.html"

    package var templateName: String { "404" }
    package var isListedInSitemap: Bool { false }

    package func count(in site: PagePlan) -> Int { site.isDefaultTree ? 1 : 0 }

    package func path(_ index: Int, in site: PagePlan) -> String { NotFoundPage.outputPath }

    package func context(_ index: Int, in site: PageRenderer) -> MustacheValue { site.notFoundContext() }

    /// The prefix the page's links start with.
    package static func root(for config: SiteConfig) -> String {
        config.publishedURL?.path ?? "/"
    }
}

extension PageRenderer {
    func notFoundContext() -> MustacheValue {
        let root = NotFoundPage.root(for: site.config)
        return [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(strings.text("not_found_title")), "description": .null],
            "galleryURL": .string(URLPath.link(to: GalleryPage.firstPagePath, root: root)),
            "tagsURL": hasTagIndex ? .string(URLPath.link(to: TagIndexPage.outputPath, root: root)) : .null,
        ]
    }
}

extension NotFoundPage {
    /// Only what every page reads.
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        inputs.hasher("404", index).finalize()
    }
}
