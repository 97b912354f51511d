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

    // MARK: Contexts

    private var siteContext: MustacheValue {
        let config = site.config
        return [
            "title": .string(config.title),
            "description": config.description.map(MustacheValue.string) ?? .null,
            "language": .string(config.language),
            "author": config.author.map(MustacheValue.string) ?? .null,
            "recipeCount": .int(site.recipes.count),
        ]
    }

    func galleryContext() -> MustacheValue {
        let root = URLPath.root(from: Self.galleryPath)
        let cards: [MustacheValue] = site.recipes.enumerated().map { index, recipe in
            var card = summaryContext(recipe, root: root)
            card["style"] = .string(arrangement.cardStyle(index: index))
            // The first screen loads eagerly; the rest wait until scrolled near.
            card["loading"] = .string(index < 8 ? "eager" : "lazy")
            return .dictionary(card)
        }
        return [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(site.config.title), "isGallery": true],
            "galleryCSS": .string(arrangement.css),
            "cards": .array(cards),
            "hasCards": .bool(!cards.isEmpty),
        ]
    }

    func recipeContext(_ index: Int) -> MustacheValue {
        let recipe = site.recipes[index]
        let root = URLPath.root(from: Self.recipePath(recipe))
        var context = summaryContext(recipe, root: root)
        context["ingredients"] = .array(recipe.ingredients.map(MustacheValue.string))
        context["hasIngredients"] = .bool(!recipe.ingredients.isEmpty)
        context["glass"] = recipe.glass.map(MustacheValue.string) ?? .null
        context["yield"] = recipe.yield.map(MustacheValue.string) ?? .null
        context["prepTime"] = recipe.prepTime.map { .string($0.description) } ?? .null
        context["prepTimeISO"] = recipe.prepTime.map { .string($0.iso8601) } ?? .null
        context["cookTime"] = recipe.cookTime.map { .string($0.description) } ?? .null
        context["cookTimeISO"] = recipe.cookTime.map { .string($0.iso8601) } ?? .null
        context["date"] = recipe.date.map { .string($0.longDescription) } ?? .null
        context["dateISO"] = recipe.date.map { .string($0.iso8601) } ?? .null
        context["author"] = recipe.author.map(MustacheValue.string) ?? .null
        context["bodyHTML"] = .string(Markdown.html(recipe.body, allowRawHTML: site.config.unsafeHTML))
        context["hasFacts"] = .bool(recipe.glass != nil || recipe.yield != nil || recipe.prepTime != nil || recipe.cookTime != nil)
        if index > 0 {
            context["previous"] = link(to: site.recipes[index - 1], root: root)
        }
        if index + 1 < site.recipes.count {
            context["next"] = link(to: site.recipes[index + 1], root: root)
        }
        return [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(recipe.title), "description": recipe.summary.map(MustacheValue.string) ?? .null],
            "galleryURL": .string(root + Self.galleryPath),
            "recipe": .dictionary(context),
        ]
    }

    /// Fields shared by a card and a page: title, link, picture.
    private func summaryContext(_ recipe: Recipe, root: String) -> [String: MustacheValue] {
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

    private func imageContext(_ image: ImageReference, alt: String, root: String) -> MustacheValue {
        switch image {
        case .local(let path):
            let info = site.images[path]
            return [
                "src": .string(root + URLPath.encode(Self.imagePath(path))),
                "alt": .string(alt),
                "width": info.map { .int($0.width) } ?? .null,
                "height": info.map { .int($0.height) } ?? .null,
            ]
        case .remote(let url):
            return ["src": .string(url), "alt": .string(alt), "width": .null, "height": .null]
        }
    }

    private func link(to recipe: Recipe, root: String) -> MustacheValue {
        ["title": .string(recipe.title), "url": .string(root + URLPath.encode(Self.recipePath(recipe)))]
    }
}
