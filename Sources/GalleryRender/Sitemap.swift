import Foundation
import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// `sitemap.xml` (sitemaps.org protocol): the absolute address of every page search engines should
/// know, in the order the pages were rendered. It needs site.yml's `base_url`. On a multilingual
/// site each page names its versions in the other languages (`xhtml:link rel="alternate"`, as
/// Google documents for localized versions), the page itself and `x-default` included.
///
/// The protocol allows 50,000 URLs and 50 MB per file; a site with more pages gets a sitemap
/// index at `sitemap.xml` (what robots.txt names) listing parts `sitemap-1.xml`, `sitemap-2.xml`…
/// (`parts(within:)`), each within both limits.
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

    /// What one file may hold: the protocol's limits, or smaller ones in tests.
    package struct Limits: Sendable, Hashable {
        package var urls: Int
        package var bytes: Int

        package init(urls: Int, bytes: Int) {
            self.urls = urls
            self.bytes = bytes
        }

        /// sitemaps.org: "no more than 50,000 URLs and must be no larger than 50MB (52,428,800 bytes)",
        /// for a sitemap and for a sitemap index alike.
        package static let sitemapProtocol = Limits(urls: 50_000, bytes: 52_428_800)
    }

    /// How many pages it lists.
    package let count: Int
    /// Whether any entry has alternates (the document then declares the `xhtml` namespace).
    private let hasAlternates: Bool
    /// Entry `index`, made when a piece of the file needs it: a site of 100,000 pages never holds
    /// all their addresses at once.
    private let entry: @Sendable (Int) -> Entry

    /// The entries `0..<count` made by `entry`.
    package init(count: Int, hasAlternates: Bool, entry: @escaping @Sendable (Int) -> Entry) {
        self.count = count
        self.hasAlternates = hasAlternates
        self.entry = entry
    }

    /// The pages at `pagePaths` (output paths), at their published addresses.
    package init(pagePaths: [String], publishedURL: PublishedURL) {
        self.init(count: pagePaths.count, hasAlternates: false) { Entry(url: publishedURL.page(pagePaths[$0])) }
    }

    /// Every page of every language's tree, each with its versions.
    package init(languages: LanguageVersions) {
        let trees = languages.trees.filter { $0.published != nil }
        // Where each tree's pages start among the entries.
        let starts = trees.reduce(into: [0]) { $0.append($0.last! + $1.listed.count) }
        let hasAlternates = trees.contains { tree in tree.listed.contains { languages.versions(of: $0.key).count > 1 } }
        self.init(count: starts.last!, hasAlternates: hasAlternates) { index in
            let number = starts.lastIndex { $0 <= index }!
            let tree = trees[number]
            let (path, key) = tree.listed[index - starts[number]]
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
            return Entry(url: tree.published!.page(path), alternates: alternates)
        }
    }

    /// Every entry, in order (tests).
    package var entries: [Entry] { (0..<count).map(entry) }

    /// The URLs of the sitemap, in order.
    package var urls: [String] { entries.map(\.url) }

    /// Entries per piece of a file.
    static let chunkSize = 2048

    private func head(hasAlternates: Bool) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"\(hasAlternates ? " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"" : "")>

        """
    }

    private static let tail = "</urlset>\n"

    /// Appends one entry's `<url>` element to UTF-8 `xml`: its pieces copied in place, where a
    /// string of the escaped address and one of the element, appended to the document's string,
    /// cost some 5,000 instructions per entry (issue 37).
    private static func append(_ entry: Entry, to xml: inout [UInt8]) {
        if entry.alternates.isEmpty {
            xml += Markup.openLoc.utf8
            XMLText.appendEscaped(entry.url, to: &xml)
            xml += Markup.closeLoc.utf8
            return
        }
        xml += Markup.openURL.utf8
        xml += Markup.loc.utf8
        XMLText.appendEscaped(entry.url, to: &xml)
        xml += Markup.locLine.utf8
        for alternate in entry.alternates {
            xml += Markup.openLink.utf8
            XMLText.appendEscaped(alternate.hreflang, to: &xml)
            xml += Markup.href.utf8
            XMLText.appendEscaped(alternate.url, to: &xml)
            xml += Markup.closeLink.utf8
        }
        xml += Markup.closeURL.utf8
    }

    /// `xml(entry).utf8.count`, counted without making the element.
    static func size(_ entry: Entry) -> Int {
        if entry.alternates.isEmpty {
            return Markup.openLoc.utf8.count + XMLText.escapedCount(entry.url) + Markup.closeLoc.utf8.count
        }
        var size = Markup.openURL.utf8.count + Markup.loc.utf8.count + XMLText.escapedCount(entry.url) + Markup.locLine.utf8.count
        for alternate in entry.alternates {
            size += Markup.openLink.utf8.count + XMLText.escapedCount(alternate.hreflang) + Markup.href.utf8.count
                + XMLText.escapedCount(alternate.url) + Markup.closeLink.utf8.count
        }
        return size + Markup.closeURL.utf8.count
    }

    /// The fixed text around an entry's addresses, shared by `xml` and `size`.
    private enum Markup {
        static let openLoc = "  <url><loc>"
        static let closeLoc = "</loc></url>\n"
        static let openURL = "  <url>\n"
        static let loc = "    <loc>"
        static let locLine = "</loc>\n"
        static let openLink = "    <xhtml:link rel=\"alternate\" hreflang=\""
        static let href = "\" href=\""
        static let closeLink = "\"/>\n"
        static let closeURL = "  </url>\n"
    }

    /// The files the entries take: consecutive ranges, each with at most `limits.urls` entries and
    /// at most `limits.bytes` bytes with the document's head and end (an entry larger than that
    /// alone, which no real address is, gets a file of its own). One range when all fit in one.
    package func parts(within limits: Limits) -> [Range<Int>] {
        let frame = head(hasAlternates: hasAlternates).utf8.count + Self.tail.utf8.count
        var parts: [Range<Int>] = []
        var start = 0, bytes = frame
        for index in 0..<count {
            let size = Self.size(entry(index))
            if index > start, index - start >= limits.urls || bytes + size > limits.bytes {
                parts.append(start..<index)
                start = index
                bytes = frame
            }
            bytes += size
        }
        parts.append(start..<count)
        return parts
    }

    /// The XML of entries `range` of the document holding `document`, with the head before its
    /// first entry and the end after its last.
    private func xml(_ range: Range<Int>, of document: Range<Int>, hasAlternates: Bool) -> [UInt8] {
        var xml: [UInt8] = []
        if range.lowerBound == document.lowerBound { xml += head(hasAlternates: hasAlternates).utf8 }
        for index in range {
            Self.append(entry(index), to: &xml)
        }
        if range.upperBound == document.upperBound { xml += Self.tail.utf8 }
        return xml
    }

    /// The whole sitemap as one document.
    package var text: String {
        String(decoding: xml(0..<count, of: 0..<count, hasAlternates: hasAlternates), as: UTF8.self)
    }

    /// The sitemap as one file at `sitemap.xml`.
    package var file: OutputFile {
        file(0..<count, path: SitemapFile.outputPath)
    }

    /// A sitemap of entries `document` at `path`, written piece by piece: a large site's sitemap
    /// is never one string.
    package func file(_ document: Range<Int>, path: String) -> OutputFile {
        let sitemap = self, hasAlternates = hasAlternates, size = Self.chunkSize
        let count = max(1, (document.count + size - 1) / size)
        return OutputFile(path: path, contents: .pieces(OutputFile.Pieces(count: count) { piece in
            let start = document.lowerBound + piece * size
            return Data(sitemap.xml(start..<min(start + size, document.upperBound), of: document, hasAlternates: hasAlternates))
        }))
    }

    /// The sitemap index (`sitemapindex`) naming the parts at `urls`, in order.
    package static func index(of urls: [String]) -> String {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

        """
        for url in urls {
            xml += "  <sitemap><loc>\(XMLText.escape(url))</loc></sitemap>\n"
        }
        return xml + "</sitemapindex>\n"
    }
}
