import Foundation
import GallerySupport

/// Turns a page file's text (`pages/about.md`) into a `Page`, reporting every problem with its
/// position, as `RecipeParser` does for recipes.
package enum PageParser {
    /// Front matter keys a page understands; anything else draws a warning.
    package static let knownKeys = ["title", "description", "image", "image_alt", "menu", "draft", "template"]

    /// Parses one page. `sourcePath` is relative to the site folder (`pages/about.md`) and
    /// `displayPath` is how diagnostics name the file.
    package static func parse(_ text: String, sourcePath: String, displayPath: String,
                             slugStyle: SlugStyle = .unicode, path givenPath: String? = nil) -> (Page?, [Diagnostic]) {
        let frontMatter: FrontMatter
        do {
            frontMatter = try FrontMatter.parse(text, path: displayPath, what: "a page")
        } catch {
            return (nil, [error])
        }
        var reader = FieldReader(frontMatter.yaml, path: displayPath, what: "front matter")
        let title = reader.requiredText("title")
        // A translation (`about.fr.md`) takes its original's address.
        let path = givenPath ?? Page.path(forSource: sourcePath)
        if let bad = path.split(separator: "/").first(where: { !Slug.isValid(String($0), style: slugStyle) }) {
            reader.error("the name '\(bad)' cannot be part of a page's address: rename the file or folder (\(slugStyle.allowed), for example '\(slugStyle.example(for: String(bad)))')")
        }
        let image = reader.imageReference("image")
        var menu: MenuPlacement?
        if let node = reader.value("menu") {
            menu = parseMenu(node, reader: &reader)
        }
        var template: String?
        if let node = reader.value("template") {
            if let text = node.scalar?.trimmingSpaces() {
                let name = text.hasSuffix(".mustache") ? String(text.dropLast(".mustache".count)) : text
                if name.isEmpty || name.hasPrefix("/") || name.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) {
                    reader.error("'template' must name a template of the theme, like 'page' for page.mustache, found '\(text)'", at: node)
                } else {
                    template = name
                }
            } else {
                reader.error("'template' must be a template's name, found \(node.kindName)", at: node)
            }
        }
        var page = Page(path: path, title: title ?? "", sourcePath: sourcePath,
                        description: reader.string("description"), image: image, imageAlt: reader.string("image_alt"),
                        menu: menu, template: template, isDraft: reader.bool("draft") ?? false, body: frontMatter.body)
        page.keyLines = reader.keyLines
        let (pictures, pictureProblems) = BodyPicture.scan(frontMatter.body, sourcePath: sourcePath,
                                                           bodyLine: frontMatter.bodyLine, displayPath: displayPath)
        page.bodyPictures = pictures
        page.recipeLinks = RecipeLink.scan(frontMatter.body, bodyLine: frontMatter.bodyLine)
        reader.warnUnknownKeys(in: "front matter")
        let failed = reader.diagnostics.contains { $0.severity == .error }
        return (failed ? nil : page, reader.diagnostics + pictureProblems)
    }

    /// `menu: true`, `menu: 20` (a weight) or `menu: { weight: 20, label: About us }`.
    private static func parseMenu(_ node: YAMLNode, reader: inout FieldReader) -> MenuPlacement? {
        if let flag = node.bool { return flag ? MenuPlacement() : nil }
        if let weight = node.int { return MenuPlacement(weight: weight) }
        guard node.mapping != nil else {
            reader.error("'menu' must be true, a weight, or a mapping like '{ weight: 10, label: About }', found \(node.kindName)", at: node)
            return nil
        }
        var entry = FieldReader(node, path: reader.path, what: "menu")
        let placement = MenuPlacement(weight: entry.int("weight") ?? 0,
                                      label: entry.string("label")?.trimmingSpaces())
        if placement.label?.isEmpty == true, let position = entry.keyPosition("label") {
            entry.error("'label' must not be empty", line: position.line, column: position.column)
        }
        entry.warnUnknownKeys(in: "menu")
        reader.absorb(entry)
        return placement
    }
}
