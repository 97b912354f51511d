import Foundation
import Mustache

/// Renders every page of a site with a theme: pure, from values to `OutputFile`s.
public struct PageRenderer: Sendable {
    public var site: Site
    public var theme: Theme
    public var arrangement: GalleryArrangement

    public init(site: Site, theme: Theme, arrangement: GalleryArrangement) {
        self.site = site
        self.theme = theme
        self.arrangement = arrangement
    }

    /// Output path of the gallery.
    public static let galleryPath = "index.html"

    /// Output path of a recipe's page.
    public static func recipePath(_ recipe: Recipe) -> String {
        "recipes/\(recipe.slug)/index.html"
    }

    /// Output path of a local image: everything under `images/`, whatever folder it came from.
    public static func imagePath(_ sourcePath: String) -> String {
        sourcePath.hasPrefix("images/") ? sourcePath : "images/" + sourcePath
    }

    /// Renders all pages; template errors come back as diagnostics, each reported once.
    public func render() -> ([OutputFile], [Diagnostic]) {
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        func page(_ template: String, path: String, context: MustacheValue) {
            do {
                files.append(OutputFile(path: path, text: try render(template, context: context)))
            } catch let error as TemplateError {
                let diagnostic = Diagnostic.error(error.message, path: error.templateName, line: error.line, column: error.column)
                if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
            } catch {
                diagnostics.append(.error("\(error)", path: template))
            }
        }
        page("gallery", path: Self.galleryPath, context: galleryContext())
        for (index, recipe) in site.recipes.enumerated() {
            page("recipe", path: Self.recipePath(recipe), context: recipeContext(index))
        }
        return (files, diagnostics)
    }

    private func render(_ name: String, context: MustacheValue) throws -> String {
        guard let template = theme.templates.templates[name] else {
            throw TemplateError(templateName: name, line: 1, column: 1, message: "the theme has no template '\(name)'")
        }
        var options = RenderOptions()
        options.missingPartialIsError = true
        return try template.render(context, partials: theme.templates, options: options)
    }
}

extension PageRenderer {
    var siteContext: MustacheValue {
        let config = site.config
        return [
            "title": .string(config.title),
            "description": config.description.map(MustacheValue.string) ?? .null,
            "language": .string(config.language),
            "author": config.author.map(MustacheValue.string) ?? .null,
            "recipeCount": .int(site.recipes.count),
        ]
    }

    /// Fields shared by a card and a page: title, link, picture.
    func summaryContext(_ recipe: Recipe, root: String) -> [String: MustacheValue] {
        var context: [String: MustacheValue] = [
            "title": .string(recipe.title),
            "slug": .string(recipe.slug),
            "url": .string(root + URLPath.encode(Self.recipePath(recipe))),
            "summary": recipe.summary.map(MustacheValue.string) ?? .null,
            "tags": .array(recipe.tags.map { ["name": .string($0)] }),
            "hasTags": .bool(!recipe.tags.isEmpty),
            "initial": .string(recipe.title.first.map { String($0).uppercased() } ?? "?"),
        ]
        if let image = recipe.image {
            context["image"] = imageContext(image, alt: recipe.imageAlt ?? recipe.title, root: root)
        }
        return context
    }

    func link(to recipe: Recipe, root: String) -> MustacheValue {
        ["title": .string(recipe.title), "url": .string(root + URLPath.encode(Self.recipePath(recipe)))]
    }
}
