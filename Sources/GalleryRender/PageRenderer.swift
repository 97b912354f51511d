import Foundation
import GalleryContent
import GalleryImages
import GalleryLayout
import GalleryPlan
import GallerySupport
import Mustache

/// Renders every page of a site with a theme: pure, from values to `OutputFile`s.
package struct PageRenderer: Sendable {
    package var site: Site
    package var theme: Theme
    /// Layout engines by arrangement (site.yml's order), then breakpoint.
    package var layouts: [[any CollectionLayout]]
    /// How diagnostics name the site's site.yml.
    package var configDisplayPath = "site.yml"
    /// Each recipe's tags as a card's `tags` value, by slug: made once, since every tag page of a
    /// recipe shows its card, and rebuilding the list there would be quadratic in its tag count.
    private let cardTags: [String: MustacheValue]

    /// What the image phase made of each local picture, by site-relative path; empty while
    /// planning renditions (pages then name the originals).
    package let pictures: [String: PublishedPicture]

    package init(site: Site, theme: Theme, layouts: [[any CollectionLayout]], pictures: [String: PublishedPicture] = [:]) {
        var site = site
        // Summaries get the smart punctuation cmark gives bodies, wherever they appear.
        for index in site.recipes.indices {
            site.recipes[index].summary = site.recipes[index].summary.map(Typography.smarten)
        }
        self.site = site
        cardTags = Dictionary(site.recipes.map { ($0.slug, Self.tagList(of: $0)) }, uniquingKeysWith: { first, _ in first })
        self.theme = theme
        self.layouts = layouts
        self.pictures = pictures
    }

    /// A recipe's tags as a card's `tags` value.
    static func tagList(of recipe: Recipe) -> MustacheValue {
        .array(recipe.tags.map { ["name": .string($0)] })
    }

    /// Output path of the gallery's first page.
    package static let galleryPath = "index.html"

    /// Output path of gallery page `number` (1-based): `index.html`, `page/2/index.html`, …
    package static func galleryPath(page number: Int) -> String {
        number <= 1 ? galleryPath : "page/\(number)/index.html"
    }

    /// The recipes of each gallery page.
    package var galleryPages: [ArraySlice<Recipe>] {
        let size = max(site.config.gallery.pageSize, 1)
        guard !site.recipes.isEmpty else { return [site.recipes[...]] }
        return stride(from: 0, to: site.recipes.count, by: size).map { site.recipes[$0..<min($0 + size, site.recipes.count)] }
    }

    /// Output path of a recipe's page.
    package static func recipePath(_ recipe: Recipe) -> String {
        "recipes/\(recipe.slug)/index.html"
    }

    /// Output path of a local image: everything under `images/`, whatever folder it came from.
    package static func imagePath(_ sourcePath: String) -> String {
        sourcePath.hasPrefix("images/") ? sourcePath : "images/" + sourcePath
    }

    /// Renders all pages; template errors come back as diagnostics, each reported once.
    package func render() -> ([OutputFile], [Diagnostic]) {
        let files = ResultsByPosition<OutputFile>()
        let diagnostics = render { file, position in files.set(file, at: position) }
        return (files.inOrder, diagnostics)
    }

    /// Renders every page and site-wide file side by side on every core, handing each file to
    /// `emit` on the thread that made it as soon as it is done (the build writes it at once and
    /// lets it go, so a large site is never held in memory), with its position in the output
    /// order: gallery pages, recipes, tags, the tag index, 404, then sitemap.xml, feed.xml,
    /// robots.txt and search.json. Diagnostics come in that order, whatever the scheduling; a page
    /// that fails is left out and reported once.
    package func render(emit: @Sendable (_ file: OutputFile, _ position: Int) -> Void) -> [Diagnostic] {
        let pages = galleryPages
        let tags = TagPages.tags(of: site.recipes)
        let published = site.config.publishedURL
        var pageJobs: [Page] = pages.indices.map { .gallery(number: $0 + 1) }
        pageJobs += site.recipes.indices.map { .recipe($0) }
        pageJobs += tags.map { .tag($0) }
        if hasTagIndex { pageJobs.append(.tagIndex(tags)) }
        pageJobs.append(.notFound)
        var siteFiles: [SiteFile] = published.map { [.feed($0)] } ?? []
        siteFiles.append(.robots)
        if site.config.search { siteFiles.append(.searchIndex) }
        // Positions: the pages, the sitemap (made last, from their paths), the other site files.
        // They are made in another order: the site files that need no page early, beside the
        // heavy gallery pages, so that no core is left alone with one at the end.
        let siteFileStart = pageJobs.count + (published == nil ? 0 : 1)
        let galleryCount = pages.count
        let jobs: [(job: Job, position: Int)] = pageJobs.indices.prefix(galleryCount).map { (.page(pageJobs[$0]), $0) }
            + siteFiles.indices.map { (.siteFile(siteFiles[$0]), siteFileStart + $0) }
            + pageJobs.indices.dropFirst(galleryCount).map { (.page(pageJobs[$0]), $0) }
        let results = concurrentMap(count: jobs.count) { index in
            Result { () throws -> String in
                let file = try make(jobs[index].job, pages: pages)
                emit(file, jobs[index].position)
                return file.path
            }
        }
        var diagnostics: [Diagnostic] = []
        var paths: [String] = []
        for ((job, _), result) in zip(jobs, results).sorted(by: { $0.0.position < $1.0.position }) {
            guard case .page(let page) = job else { continue }
            do {
                paths.append(try result.get())
            } catch let error as TemplateError {
                let diagnostic = Diagnostic.error(error.message, path: error.templateName, line: error.line, column: error.column)
                if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
            } catch {
                diagnostics.append(.error("\(error)", path: page.templateName))
            }
        }
        if let published {
            emit(Sitemap(outputPaths: paths, publishedURL: published).file, pageJobs.count)
        } else {
            diagnostics.append(.warning("no 'base_url' in site.yml: sitemap.xml, feed.xml and absolute links for sharing are left out",
                                        path: configDisplayPath))
        }
        return diagnostics
    }

    /// One file of `render(emit:)`.
    private enum Job: Sendable {
        case page(Page)
        case siteFile(SiteFile)
    }

    /// A page from a template, which may fail.
    private enum Page: Sendable {
        case gallery(number: Int)
        case recipe(Int)
        case tag(RecipeTag)
        case tagIndex([RecipeTag])
        case notFound

        var templateName: String {
            switch self {
            case .gallery: "gallery"
            case .recipe: "recipe"
            case .tag: "tag"
            case .tagIndex: "tags"
            case .notFound: "404"
            }
        }
    }

    /// A site-wide file besides the sitemap.
    private enum SiteFile: Sendable {
        case feed(PublishedURL)
        case robots
        case searchIndex
    }

    /// Renders one file; `pages` are the gallery's pages.
    private func make(_ job: Job, pages: [ArraySlice<Recipe>]) throws -> OutputFile {
        switch job {
        case .page(let page):
            let (path, context): (String, MustacheValue)
            switch page {
            case .gallery(let number): (path, context) = (Self.galleryPath(page: number), galleryContext(page: number, of: pages))
            case .recipe(let index): (path, context) = (Self.recipePath(site.recipes[index]), recipeContext(index))
            case .tag(let tag): (path, context) = (TagPages.path(forSlug: tag.slug), tagContext(tag))
            case .tagIndex(let tags): (path, context) = (TagPages.indexPath, tagIndexContext(tags))
            case .notFound: (path, context) = (NotFoundPage.path, notFoundContext())
            }
            return OutputFile(path: path, contents: .data(Data(try render(page.templateName, context: context))))
        case .siteFile(.feed(let published)):
            return AtomFeed(site: site, publishedURL: published, pictures: pictures).file
        case .siteFile(.robots):
            return RobotsTxt(publishedURL: site.config.publishedURL).file
        case .siteFile(.searchIndex):
            return SearchIndex(recipes: site.recipes).file
        }
    }

    private func render(_ name: String, context: MustacheValue) throws -> [UInt8] {
        guard let template = theme.templates.templates[name] else {
            throw TemplateError(templateName: name, line: 1, column: 1, message: "the theme has no template '\(name)'")
        }
        var options = RenderOptions()
        options.missingPartialIsError = true
        return try template.renderUTF8(context, partials: theme.templates, options: options)
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
            "tags": cardTags[recipe.slug] ?? Self.tagList(of: recipe),
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
