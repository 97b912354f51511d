import Foundation
import GallerySupport

/// A journal post: a dated Markdown file under `posts/` (`posts/summer-menu.md` →
/// `journal/summer-menu/index.html`). Posts are listed newest first on the journal pages, share
/// their tags with the recipes (a tag page lists both), are entries of the feed and the sitemap,
/// and are a schema.org `BlogPosting`; never a gallery card.
package struct Post: Sendable, Hashable {
    /// From the file name, or the front matter's `slug:`.
    package var slug: String
    package var title: String
    /// Required: the journal's order and the feed's dates.
    package var date: RecipeDate
    /// For the journal list, the description meta tag and the feed; smart punctuation applied.
    package var summary: String?
    package var tags: [String]
    package var image: ImageReference?
    package var imageAlt: String?
    /// Who wrote it; nil: the site's `author`.
    package var author: String?
    package var isDraft: Bool
    /// The source file relative to the site folder, e.g. `posts/summer-menu.md`.
    package var sourcePath: String
    /// The Markdown after the front matter.
    package var body: String
    /// The pictures the body shows, with their positions in the file (`BodyPicture.scan`).
    package var bodyPictures: [BodyPicture] = []
    /// The body's links to recipes by slug (`RecipeLink.scan`), checked when the site is read.
    package var recipeLinks: [RecipeLink] = []
    /// The line of each front matter key, for diagnostics found after parsing.
    package var keyLines: [Recipe.KeyLine] = []

    package init(slug: String, title: String, date: RecipeDate, sourcePath: String, summary: String? = nil, tags: [String] = [],
                 image: ImageReference? = nil, imageAlt: String? = nil, author: String? = nil, isDraft: Bool = false, body: String = "") {
        self.slug = slug
        self.title = title
        self.date = date
        self.sourcePath = sourcePath
        self.summary = summary
        self.tags = tags
        self.image = image
        self.imageAlt = imageAlt
        self.author = author
        self.isDraft = isDraft
        self.body = body
    }

    /// The journal's folder in the output, which a menu entry names as a page (`page: journal`).
    package static let journalPath = "journal"

    /// The line of `key:` in the source file, or 1 when the key is absent.
    package func line(of key: String) -> Int {
        keyLines.line(of: key)
    }

    /// The journal's order: newest first, then by slug, so posts of one day never depend on the
    /// order files were read in.
    package static func journalOrder(_ a: Post, _ b: Post) -> Bool {
        a.date != b.date ? a.date > b.date : a.slug < b.slug
    }
}
