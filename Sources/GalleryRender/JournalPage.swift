import GalleryContent
import GallerySupport
import Mustache

/// The journal's list (`journal` template): the posts newest first, `postsPerPage` to a page
/// (`journal/index.html`, `journal/page/2/index.html`, …); no page at all for a site without posts.
package struct JournalPage: TemplatePage {
    /// The journal's list page `number` (1-based): `journal/index.html`, `journal/page/2/index.html`, …
    package static func path(page number: Int) -> String {
        number <= 1 ? Post.journalPath + "/index.html" : Post.journalPath + "/page/\(number)/index.html"
    }

    /// Enough to scroll through on a phone without a wall of text.
    package static let postsPerPage = 10

    package var templateName: String { "journal" }

    package func count(in site: PagePlan) -> Int {
        (site.site.posts.count + Self.postsPerPage - 1) / Self.postsPerPage
    }

    package func path(_ index: Int, in site: PagePlan) -> String { JournalPage.path(page: index + 1) }

    package func context(_ index: Int, in site: PageRenderer) -> MustacheValue { site.journalContext(page: index + 1) }

    /// The page's posts as the list shows them, its number and the page count.
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("journal", index)
        hasher.combine(count(in: site.plan))
        for position in Self.positions(page: index + 1, of: site.site.posts.count) { hasher.combine(inputs.posts[position]) }
        return hasher.finalize()
    }

    /// The positions in the site's posts of list page `number`'s posts.
    static func positions(page number: Int, of count: Int) -> Range<Int> {
        let start = min(count, (number - 1) * postsPerPage)
        return start..<min(count, start + postsPerPage)
    }
}

extension PageRenderer {
    func journalContext(page number: Int) -> MustacheValue {
        let path = JournalPage.path(page: number)
        let root = URLPath.root(from: path)
        let title = strings.text("journal")
        let description = strings.phrase("journal_description", ["site": site.config.title])
        let posts = JournalPage.positions(page: number, of: site.posts.count).map { position -> MustacheValue in
            var summary = postSummary(site.posts[position], root: root)
            summary["loading"] = .string(position - (number - 1) * JournalPage.postsPerPage < 3 ? "eager" : "lazy")
            return .dictionary(summary)
        }
        let pageCount = JournalPage().count(in: plan)
        let context: [String: MustacheValue] = [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(title), "description": .string(description), "number": .int(number)],
            "meta": socialMeta(path: path, root: root, title: "\(title) · \(site.config.title)", description: description).context,
            "galleryURL": .string(URLPath.link(to: GalleryPage.firstPagePath, root: root)),
            "posts": .array(posts),
            "pagination": pagination(page: number, of: pageCount, root: root, path: JournalPage.path(page:)),
        ]
        return .dictionary(context.merging(headerContext(root: root)) { _, header in header })
    }
}
