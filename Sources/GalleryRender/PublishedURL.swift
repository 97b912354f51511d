import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport

/// Absolute addresses on the published site, built from site.yml's `base_url`. Pages link to each
/// other with relative URLs; only the sitemap, the feed, canonical links, Open Graph and JSON-LD need
/// absolute ones, and they use the folder form (`…/recipes/negroni/`) a static host serves.
package struct PublishedURL: Sendable, Hashable {
    /// The `base_url`, always ending in `/`.
    package var base: String

    package init(base: String) {
        self.base = base.endingInSlash
    }

    /// A page's address: `recipes/negroni/index.html` → `https://example.com/bar/recipes/negroni/`.
    package func page(_ outputPath: String) -> String {
        let folder = outputPath == "index.html" ? "" :
            outputPath.hasSuffix("/index.html") ? String(outputPath.dropLast("index.html".count)) : outputPath
        return base + URLPath.encode(folder)
    }

    /// Any other output file's address: `feed.xml` → `https://example.com/bar/feed.xml`.
    package func file(_ outputPath: String) -> String {
        base + URLPath.encode(outputPath)
    }

    /// A URL as a page wrote it (relative, starting with the page's `root`) made absolute;
    /// URLs that are absolute already are returned as they are.
    package func resolve(_ url: String, root: String) -> String {
        if url.hasPrefix("https://") || url.hasPrefix("http://") { return url }
        var rest = url.hasPrefix(root) ? Substring(url.dropFirst(root.count)) : Substring(url)
        // A language tree's page reaches the output root's pictures with `../`.
        var base = Substring(base)
        while rest.hasPrefix("../"), let slash = base.dropLast().lastIndex(of: "/"), !base[..<slash].hasSuffix("/") {
            rest = rest.dropFirst(3)
            base = base[...slash]
        }
        return String(base + rest)
    }

    /// The path part of the base, e.g. `/bar/`: a root that works from any folder of the host.
    package var path: String {
        let path = URLComponents(string: base)?.percentEncodedPath ?? "/"
        return path.isEmpty ? "/" : (path.hasSuffix("/") ? path : path + "/")
    }
}

extension SiteConfig {
    /// Where the site is published, when site.yml says.
    package var publishedURL: PublishedURL? {
        baseURL.map(PublishedURL.init(base:))
    }
}
