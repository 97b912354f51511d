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
        if let address = Self.plainPage(base: base, outputPath) { return address }
        let folder = outputPath == "index.html" ? "" :
            outputPath.hasSuffix("/index.html") ? String(outputPath.dropLast("index.html".count)) : outputPath
        return base + URLPath.encode(folder)
    }

    /// `page(outputPath)` when its folder needs no encoding (every page's but one with an unusual
    /// slug), written as one string from the bytes; nil for another path. Cutting the folder from
    /// the path, encoding it and appending it to the base cost some 3,000 instructions, for every
    /// address of the sitemap, of the gallery's ItemList and of every page's Open Graph (issue 37).
    private static func plainPage(base: String, _ outputPath: String) -> String? {
        var (base, path) = (base, outputPath)
        return path.withUTF8 { path -> String? in
            let index: StaticString = "index.html"
            let suffix = UnsafeBufferPointer(start: index.utf8Start, count: index.utf8CodeUnitCount)
            var folder = path.count
            // `index.html` alone, or after a slash, is left out: the folder's address.
            if folder >= suffix.count, path[(folder - suffix.count)...].elementsEqual(suffix),
               folder == suffix.count || path[folder - suffix.count - 1] == UInt8(ascii: "/") {
                folder -= suffix.count
            }
            guard path[..<folder].allSatisfy(URLPath.isUnreservedOrSlash) else { return nil }
            return base.withUTF8 { base in
                String(unsafeUninitializedCapacity: base.count + folder) { address in
                    _ = address.initialize(fromContentsOf: base)
                    _ = UnsafeMutableBufferPointer(rebasing: address[base.count...])
                        .initialize(fromContentsOf: UnsafeBufferPointer(rebasing: path[..<folder]))
                    return base.count + folder
                }
            }
        }
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
