import Foundation
import GallerySupport

/// Turns a post file's text (`posts/summer-menu.md`) into a `Post`, reporting every problem with
/// its position, as `RecipeParser` does for recipes.
package enum PostParser {
    /// Front matter keys a post understands; anything else draws a warning.
    package static let knownKeys = ["title", "slug", "date", "summary", "tags", "image", "image_alt", "author", "draft"]

    /// Parses one post. `sourcePath` is relative to the site folder (`posts/summer-menu.md`) and
    /// `displayPath` is how diagnostics name the file.
    package static func parse(_ text: String, sourcePath: String, displayPath: String,
                             slugStyle: SlugStyle = .unicode) -> (Post?, [Diagnostic]) {
        let frontMatter: FrontMatter
        do {
            frontMatter = try FrontMatter.parse(text, path: displayPath, what: "a post")
        } catch {
            return (nil, [error])
        }
        var reader = FieldReader(frontMatter.yaml, path: displayPath, what: "front matter")
        let title = reader.string("title")?.trimmingSpacesAndNewlines()
        if title?.isEmpty ?? true, !reader.diagnostics.contains(where: { $0.message.hasPrefix("'title'") }) {
            if let position = reader.keyPosition("title") {
                reader.error("'title' must not be empty", line: position.line, column: position.column)
            } else {
                reader.error("missing required field 'title'")
            }
        }
        let fileStem = sourcePath.pathLastComponent.pathDeletingExtension
        var slug = Slug.make(from: fileStem, style: slugStyle)
        if let node = reader.value("slug") {
            if let text = node.scalar, Slug.isValid(text, style: slugStyle) {
                slug = Slug.make(from: text, style: slugStyle)
            } else {
                reader.error("invalid slug '\(node.scalar ?? node.kindName)': use \(slugStyle.allowed) (for example '\(slugStyle.example(for: node.scalar ?? fileStem))')", at: node)
            }
        } else if !Slug.isValid(fileStem, style: slugStyle) {
            reader.error("the file name '\(fileStem)' is not a valid slug: rename the file or set 'slug:' (\(slugStyle.allowed), for example '\(slugStyle.example(for: fileStem))')")
        }
        let date = reader.date("date")
        if reader.value("date") == nil {
            reader.error("missing required field 'date': a post needs one (YYYY-MM-DD) for the journal's order and the feed")
        }
        let summary = reader.string("summary").map(Typography.smarten)
        let tags = reader.tags(splittingCommas: false)
        let (image, imageAlt) = (reader.imageReference("image"), reader.string("image_alt"))
        let (author, isDraft) = (reader.string("author"), reader.bool("draft") ?? false)
        let (pictures, pictureProblems) = BodyPicture.scan(frontMatter.body, sourcePath: sourcePath,
                                                           bodyLine: frontMatter.bodyLine, displayPath: displayPath)
        reader.warnUnknownKeys(in: "front matter")
        let diagnostics = reader.diagnostics + pictureProblems
        guard let date, let title, !reader.diagnostics.contains(where: { $0.severity == .error }) else { return (nil, diagnostics) }
        var post = Post(slug: slug, title: title, date: date, sourcePath: sourcePath, summary: summary, tags: tags,
                        image: image, imageAlt: imageAlt, author: author, isDraft: isDraft, body: frontMatter.body)
        post.keyLines = reader.keyLines
        post.bodyPictures = pictures
        post.recipeLinks = RecipeLink.scan(frontMatter.body, bodyLine: frontMatter.bodyLine)
        return (post, diagnostics)
    }
}
