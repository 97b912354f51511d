import Foundation
import GallerySupport

/// The site's own home text: `index.md` at the site folder's root, shown above the gallery on its
/// first page, with optionally a few featured recipes and the latest journal posts. The menu stays
/// as it is; the gallery keeps its place below.
package struct HomeText: Sendable, Hashable {
    /// The file, relative to the site folder.
    package static let sourcePath = "index.md"
    /// Front matter keys the home text understands; anything else draws a warning.
    package static let knownKeys = ["title", "featured", "latest_posts"]

    /// A heading above the text; nil: the text stands under the site's title alone.
    package var title: String?
    /// Recipes shown as cards under the text, by slug, in the order written (each checked).
    package var featured: [RecipeLink] = []
    /// How many of the newest journal posts to list under the text (0: none).
    package var latestPosts = 0
    /// The Markdown after the front matter.
    package var body: String
    /// The pictures the body shows (`BodyPicture.scan`).
    package var bodyPictures: [BodyPicture] = []
    /// The body's links to recipes by slug (`RecipeLink.scan`).
    package var recipeLinks: [RecipeLink] = []

    package init(title: String? = nil, body: String) {
        self.title = title
        self.body = body
    }

    /// Parses `index.md`; `displayPath` is how diagnostics name it. A file without front matter is
    /// all body.
    package static func parse(_ text: String, displayPath: String) -> (HomeText?, [Diagnostic]) {
        let hasFrontMatter = text.hasPrefix("---\n") || text.hasPrefix("---\r\n")
        let frontMatter: FrontMatter
        do {
            frontMatter = hasFrontMatter ? try FrontMatter.parse(text, path: displayPath, what: "the home text")
                : FrontMatter(yaml: nil, body: text, bodyLine: 1)
        } catch {
            return (nil, [error])
        }
        var reader = FieldReader(frontMatter.yaml, path: displayPath, what: "front matter")
        var home = HomeText(title: reader.string("title")?.trimmingSpaces(), body: frontMatter.body)
        if home.title?.isEmpty == true { home.title = nil }
        if let node = reader.value("featured") {
            if let items = node.sequence {
                for item in items {
                    guard let slug = item.scalar?.trimmingSpaces(), !slug.isEmpty else {
                        reader.error("each of 'featured' must be a recipe's slug, found \(item.kindName)", at: item)
                        continue
                    }
                    home.featured.append(RecipeLink(slug: slug, url: slug, line: item.line, column: item.column))
                }
            } else {
                reader.error("'featured' must be a list of recipe slugs, like '[negroni, mojito]'", at: node)
            }
        }
        if let count = reader.int("latest_posts") {
            if count < 0, let node = reader.value("latest_posts") {
                reader.error("'latest_posts' must be 0 or more, found \(count)", at: node)
            }
            home.latestPosts = max(0, count)
        }
        let (pictures, pictureProblems) = BodyPicture.scan(frontMatter.body, sourcePath: sourcePath,
                                                           bodyLine: frontMatter.bodyLine, displayPath: displayPath)
        home.bodyPictures = pictures
        home.recipeLinks = RecipeLink.scan(frontMatter.body, bodyLine: frontMatter.bodyLine)
        reader.warnUnknownKeys(in: "front matter")
        let failed = reader.diagnostics.contains { $0.severity == .error }
        return (failed ? nil : home, reader.diagnostics + pictureProblems)
    }

    /// The local pictures the body shows.
    package var pictureUses: [PictureUse] {
        PictureUse.uses(image: nil, imageLine: 1, imageIsInBody: true, bodyPictures: bodyPictures, sourcePath: Self.sourcePath)
    }
}
