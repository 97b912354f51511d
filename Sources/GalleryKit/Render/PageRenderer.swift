import Foundation
import GalleryLayout
import Mustache

/// Renders every page of a site with a theme: pure, from values to `OutputFile`s.
public struct PageRenderer: Sendable {
    public var site: Site
    public var theme: Theme
    /// Layout engines by arrangement (site.yml's order), then breakpoint.
    public var layouts: [[any CollectionLayout]]
    /// How diagnostics name the site's site.yml.
    public var configDisplayPath = "site.yml"

    public init(site: Site, theme: Theme, layouts: [[any CollectionLayout]]) {
        var site = site
        // Summaries get the smart punctuation cmark gives bodies, wherever they appear.
        for index in site.recipes.indices {
            site.recipes[index].summary = site.recipes[index].summary.map(Typography.smarten)
        }
        self.site = site
        self.theme = theme
        self.layouts = layouts
    }

    /// Output path of the gallery's first page.
    public static let galleryPath = "index.html"

    /// Output path of gallery page `number` (1-based): `index.html`, `page/2/index.html`, …
    public static func galleryPath(page number: Int) -> String {
        number <= 1 ? galleryPath : "page/\(number)/index.html"
    }

    /// The recipes of each gallery page.
    public var galleryPages: [ArraySlice<Recipe>] {
        let size = max(site.config.gallery.pageSize, 1)
        guard !site.recipes.isEmpty else { return [site.recipes[...]] }
        return stride(from: 0, to: site.recipes.count, by: size).map { site.recipes[$0..<min($0 + size, site.recipes.count)] }
    }

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
        let diagnostics = render { files += $0 }
        return (files, diagnostics)
    }

    /// Pages rendered at once: enough to keep every core busy, few enough that a build holds only
    /// a small part of a large site's pages in memory.
    static let batchSize = 32

    /// Renders all pages side by side on every core, handing them to `emit` batch by batch (the
    /// build writes each batch and lets it go). Files and diagnostics come in the same order as a
    /// one-by-one render would give them; a page that fails is left out and reported once.
    public func render(emit: ([OutputFile]) -> Void) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var paths: [String] = []
        let pages = galleryPages
        let tags = TagPages.tags(of: site.recipes)
        let hasTagIndex = hasTagIndex
        // Page kinds in output order: gallery pages, recipes, tags, the tag index, 404.
        let recipeStart = pages.count
        let tagStart = recipeStart + site.recipes.count
        let tagIndexStart = tagStart + tags.count
        let count = tagIndexStart + (hasTagIndex ? 1 : 0) + 1
        for batchStart in stride(from: 0, to: count, by: Self.batchSize) {
            let rendered = concurrentMap(count: min(Self.batchSize, count - batchStart)) { offset -> (template: String, result: Result<OutputFile, any Error>) in
                let index = batchStart + offset
                let (template, path, context): (String, String, () -> MustacheValue)
                switch index {
                case ..<recipeStart:
                    (template, path, context) = ("gallery", Self.galleryPath(page: index + 1), { galleryContext(page: index + 1, of: pages) })
                case ..<tagStart:
                    let recipe = index - recipeStart
                    (template, path, context) = ("recipe", Self.recipePath(site.recipes[recipe]), { recipeContext(recipe) })
                case ..<tagIndexStart:
                    let tag = tags[index - tagStart]
                    (template, path, context) = ("tag", TagPages.path(forSlug: tag.slug), { tagContext(tag) })
                case count - 1:
                    (template, path, context) = ("404", NotFoundPage.path, notFoundContext)
                default:
                    (template, path, context) = ("tags", TagPages.indexPath, { tagIndexContext(tags) })
                }
                return (template, Result { OutputFile(path: path, text: try render(template, context: context())) })
            }
            var files: [OutputFile] = []
            for (template, result) in rendered {
                do {
                    files.append(try result.get())
                } catch let error as TemplateError {
                    let diagnostic = Diagnostic.error(error.message, path: error.templateName, line: error.line, column: error.column)
                    if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
                } catch {
                    diagnostics.append(.error("\(error)", path: template))
                }
            }
            paths += files.map(\.path)
            emit(files)
        }
        var files: [OutputFile] = []
        if let published = site.config.publishedURL {
            files.append(Sitemap(outputPaths: paths, publishedURL: published).file)
            files.append(AtomFeed(site: site, publishedURL: published).file)
        } else {
            diagnostics.append(.warning("no 'base_url' in site.yml: sitemap.xml, feed.xml and absolute links for sharing are left out",
                                        path: configDisplayPath))
        }
        files.append(RobotsTxt(publishedURL: site.config.publishedURL).file)
        if site.config.search {
            files.append(SearchIndex(recipes: site.recipes).file)
        }
        emit(files)
        return diagnostics
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
            "hasFeed": .bool(config.baseURL != nil),
            "hasTagIndex": .bool(hasTagIndex),
        ]
    }

    /// Whether the site has a tag index: when any recipe has a tag.
    var hasTagIndex: Bool {
        site.recipes.contains { !$0.tags.isEmpty }
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
