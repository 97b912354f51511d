import Foundation
import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// `sitemap.xml` (sitemaps.org protocol): the absolute address of every page search engines should
/// know, in the order the pages were rendered. It needs site.yml's `base_url`. On a multilingual
/// site each page names its versions in the other languages (`xhtml:link rel="alternate"`, as
/// Google documents for localized versions), the page itself and `x-default` included.
package struct Sitemap: Sendable {
    /// One page: its address, and its versions' (hreflang, address), empty for a page in one language.
    package struct Entry: Sendable, Hashable {
        package var url: String
        package var alternates: [Alternate] = []
    }

    package struct Alternate: Sendable, Hashable {
        package var hreflang: String
        package var url: String
    }

    package var entries: [Entry]

    /// The URLs of the sitemap, in order.
    package var urls: [String] { entries.map(\.url) }

    /// The pages at `pagePaths` (output paths), at their published addresses.
    package init(pagePaths: [String], publishedURL: PublishedURL) {
        entries = pagePaths.map { Entry(url: publishedURL.page($0)) }
    }

    /// Every page of every language's tree, each with its versions.
    package init(languages: LanguageVersions) {
        entries = []
        for tree in languages.trees {
            guard let published = tree.published else { continue }
            for (path, key) in tree.listed {
                let versions = languages.versions(of: key)
                var alternates: [Alternate] = []
                if versions.count > 1 {
                    alternates = versions.compactMap { version in
                        version.tree.published.map { Alternate(hreflang: version.tree.code, url: $0.page(version.path)) }
                    }
                    if let first = versions.first, first.tree.prefix.isEmpty, let url = first.tree.published?.page(first.path) {
                        alternates.append(Alternate(hreflang: "x-default", url: url))
                    }
                }
                entries.append(Entry(url: published.page(path), alternates: alternates))
            }
        }
    }

    /// Entries per piece of the file.
    static let chunkSize = 2048

    /// The XML of entries `range`, with the document's head before the first and its end after the last.
    private func xml(_ range: Range<Int>, hasAlternates: Bool) -> String {
        var xml = ""
        if range.lowerBound == 0 {
            xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"\(hasAlternates ? " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"" : "")>

            """
        }
        for entry in entries[range] {
            if entry.alternates.isEmpty {
                xml += "  <url><loc>\(XMLText.escape(entry.url))</loc></url>\n"
                continue
            }
            xml += "  <url>\n    <loc>\(XMLText.escape(entry.url))</loc>\n"
            for alternate in entry.alternates {
                xml += "    <xhtml:link rel=\"alternate\" hreflang=\"\(XMLText.escape(alternate.hreflang))\" href=\"\(XMLText.escape(alternate.url))\"/>\n"
            }
            xml += "  </url>\n"
        }
        if range.upperBound == entries.count { xml += "</urlset>\n" }
        return xml
    }

    private var hasAlternates: Bool { entries.contains { !$0.alternates.isEmpty } }

    package var text: String {
        xml(entries.indices, hasAlternates: hasAlternates)
    }

    /// Written piece by piece: a large site's sitemap is never one string.
    package var file: OutputFile {
        let sitemap = self, hasAlternates = hasAlternates, size = Self.chunkSize
        let count = max(1, (entries.count + size - 1) / size)
        return OutputFile(path: SitePaths.sitemap, contents: .pieces(OutputFile.Pieces(count: count) { piece in
            Data(sitemap.xml(piece * size..<min(piece * size + size, sitemap.entries.count), hasAlternates: hasAlternates).utf8)
        }))
    }
}

/// `sitemap.xml`, when site.yml has a `base_url`: every page of the kinds listed in sitemaps, of
/// every language's tree (it is written once, at the output root).
package struct SitemapFile: GeneratedFile {
    package func count(in site: PagePlan) -> Int { site.site.config.publishedURL == nil || !site.isDefaultTree ? 0 : 1 }

    package func path(_ index: Int, in site: PagePlan) -> String { SitePaths.sitemap }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        if let languages = site.languages, languages.trees.count > 1 {
            return Sitemap(languages: languages).file
        }
        let paths = site.files.filter { PageRenderer.kinds[$0.kind].isListedInSitemap }
            .map { PageRenderer.kinds[$0.kind].path($0.index, in: site.plan) }
        return Sitemap(pagePaths: paths, publishedURL: site.site.config.publishedURL!).file
    }
}

extension SitemapFile {
    /// The path of every listed page (the language trees' are part of every file's fingerprint).
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("sitemap", index)
        for (kind, position) in site.files where PageRenderer.kinds[kind].isListedInSitemap {
            hasher.combine(PageRenderer.kinds[kind].path(position, in: site.plan))
        }
        return hasher.finalize()
    }
}
