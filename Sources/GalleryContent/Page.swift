import Foundation
import GallerySupport

/// A page of the site that is not a recipe (an About page, a FAQ): a Markdown file under `pages/`
/// with its front matter. It gets its own address (`pages/about.md` → `about/index.html`,
/// `pages/help/faq.md` → `help/faq/index.html`) and is never a gallery card, a tag member, a feed
/// entry or a schema.org `Recipe`.
package struct Page: Sendable, Hashable {
    /// The page's folder in the output, without slashes at either end: `about`, `help/faq`.
    package var path: String
    package var title: String
    /// For the description meta tag and the search index.
    package var description: String?
    package var image: ImageReference?
    package var imageAlt: String?
    /// The page's own entry in the site menu, when its front matter has `menu:`.
    package var menu: MenuPlacement?
    /// A theme template other than `page` to render it with (`template: wide` → `wide.mustache`).
    package var template: String?
    package var isDraft: Bool
    /// The source file relative to the site folder, e.g. `pages/about.md`.
    package var sourcePath: String
    /// The Markdown after the front matter.
    package var body: String
    /// The pictures the body shows, with their positions in the file (`BodyPicture.scan`).
    package var bodyPictures: [BodyPicture] = []
    /// The body's links to recipes by slug (`RecipeLink.scan`), checked when the site is read.
    package var recipeLinks: [RecipeLink] = []
    /// The line of each front matter key, for diagnostics found after parsing.
    package var keyLines: [Recipe.KeyLine] = []
    /// For a translation (`pages/about.fr.md`), its original's source path; nil for an original.
    package var translationOf: String?

    package init(path: String, title: String, sourcePath: String, description: String? = nil,
                 image: ImageReference? = nil, imageAlt: String? = nil, menu: MenuPlacement? = nil,
                 template: String? = nil, isDraft: Bool = false, body: String = "") {
        self.path = path
        self.title = title
        self.sourcePath = sourcePath
        self.description = description
        self.image = image
        self.imageAlt = imageAlt
        self.menu = menu
        self.template = template
        self.isDraft = isDraft
        self.body = body
    }

    /// The line of `key:` in the source file, or 1 when the key is absent.
    package func line(of key: String) -> Int {
        keyLines.line(of: key)
    }

    /// The output file: `about/index.html`.
    package var outputPath: String { Self.outputPath(of: path) }

    /// The output file of the page at `path`: `about/index.html`, `index.html` for the root.
    package static func outputPath(of path: String) -> String {
        path.isEmpty ? "index.html" : path + "/index.html"
    }

    /// The page's folder for a file under `pages/`: `pages/about.md` → `about`, `pages/help/index.md`
    /// → `help`, `pages/index.md` → `` (the site's root, which the gallery owns).
    package static func path(forSource sourcePath: String) -> String {
        var parts = sourcePath.split(separator: "/").map(String.init)
        if parts.first == "pages" { parts.removeFirst() }
        guard var last = parts.popLast() else { return "" }
        if last.hasSuffix(".md") { last.removeLast(3) }
        if last != "index" { parts.append(last) }
        return parts.joined(separator: "/")
    }
}

/// Where an entry sits in the site menu: lower weights first, then by label.
package struct MenuPlacement: Sendable, Hashable {
    package var weight: Int
    /// The menu's text; nil: the page's title.
    package var label: String?

    package init(weight: Int = 0, label: String? = nil) {
        self.weight = weight
        self.label = label
    }
}

/// One link of the site menu, from site.yml's `menu:` or a page's front matter.
package struct MenuEntry: Sendable, Hashable {
    /// What an entry links to.
    package enum Target: Sendable, Hashable {
        /// A page by its path (`about`, `help/faq`).
        case page(String)
        /// A recipe by its slug.
        case recipe(String)
        /// A tag's page by the tag's slug.
        case tag(String)
        /// Another site: an absolute http(s) or mailto URL, used as it is.
        case url(String)
    }

    package var label: String
    package var weight: Int
    package var target: Target
    /// Where the entry was written, for diagnostics: the file (site-relative) and line.
    package var sourcePath: String
    package var line: Int
    package var column: Int

    package init(label: String, weight: Int = 0, target: Target, sourcePath: String = "site.yml", line: Int = 1, column: Int = 1) {
        self.label = label
        self.weight = weight
        self.target = target
        self.sourcePath = sourcePath
        self.line = line
        self.column = column
    }

    /// The menu's order: weight, then label (case-insensitively, then as written), then where it
    /// was written, so ties never depend on the order files were read in.
    package static func menuOrder(_ a: MenuEntry, _ b: MenuEntry) -> Bool {
        if a.weight != b.weight { return a.weight < b.weight }
        let (x, y) = (a.label.lowercased(), b.label.lowercased())
        if x != y { return x < y }
        if a.label != b.label { return a.label < b.label }
        return (a.sourcePath, a.line) < (b.sourcePath, b.line)
    }
}

/// A file of the site's `static/` folder, published as it is at the same path under the output root.
package struct StaticFile: Sendable, Hashable {
    /// The path under `static/` and in the output: `CNAME`, `.well-known/security.txt`.
    package var path: String
    /// The file to copy (the target of a symbolic link that stays inside the site folder).
    package var source: URL

    package init(path: String, source: URL) {
        self.path = path
        self.source = source
    }

    /// The site-relative path, for messages: `static/CNAME`.
    package var sourcePath: String { "static/" + path }
}
