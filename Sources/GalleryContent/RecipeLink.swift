import Foundation
import GallerySupport

/// A link a Markdown body makes to a recipe by its slug (`[Negroni](recipe:negroni)`), with where it
/// is written: the loader checks every one against the site's recipes, so a renamed recipe fails
/// the build at the link instead of leaving a dead link, and the renderer writes the recipe page's
/// relative address in its place.
package struct RecipeLink: Sendable, Hashable {
    /// The URL scheme that names a recipe by slug.
    package static let scheme = "recipe:"

    /// The slug as written after `recipe:` (percent escapes decoded, no fragment).
    package var slug: String
    /// The URL as the Markdown wrote it, for messages.
    package var url: String
    /// 1-based line and column (in characters) of the link's `[` in the source file.
    package var line: Int
    package var column: Int

    package init(slug: String, url: String, line: Int, column: Int) {
        self.slug = slug
        self.url = url
        self.line = line
        self.column = column
    }

    /// The slug and fragment a `recipe:` URL names (`recipe:negroni#step-2` → `negroni`, `step-2`);
    /// nil for any other URL.
    package static func target(of url: String) -> (slug: String, fragment: String?)? {
        guard url.hasPrefix(scheme) else { return nil }
        let rest = url.dropFirst(scheme.count)
        let parts = rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let written = String(parts.first ?? "")
        return (written.removingPercentEncoding ?? written, parts.count > 1 ? String(parts[1]) : nil)
    }

    /// Every `recipe:` link of `body`, in document order; `bodyLine` is the file line the body starts on.
    package static func scan(_ body: String, bodyLine: Int) -> [RecipeLink] {
        MarkdownImageScan.links(in: body, startingWith: scheme).compactMap { link in
            guard let target = target(of: link.url) else { return nil }
            return RecipeLink(slug: target.slug, url: link.url, line: bodyLine + link.line - 1,
                              column: BodyPicture.characterColumn(byteColumn: link.column, line: link.line, in: body))
        }
    }

    /// An error for each link in `links` (of the file diagnostics name `displayPath`) whose slug no
    /// recipe of `slugs` has.
    package static func problems(_ links: [RecipeLink], slugs: Set<String>, displayPath: String) -> [Diagnostic] {
        links.filter { !slugs.contains($0.slug) }.map { link in
            .error("the link '\(link.url)' names the recipe '\(link.slug)', but no recipe has that slug", path: displayPath,
                   line: link.line, column: link.column)
        }
    }
}
