import Foundation
import GalleryContent
import GalleryImages
import GalleryLayout
import GalleryPlan
import GallerySupport
import Mustache

/// Renders every page of a site with a theme: pure, from values to `OutputFile`s.
package struct PageRenderer: Sendable {
    package let site: Site
    package let theme: Theme
    /// The gallery plan: each gallery page's recipes, and their layouts on demand.
    package let gallery: GalleryPages
    /// What the image phase made of each local picture, by site-relative path.
    package var pictures: [String: PublishedPicture]
    /// Every tag of the site, with its recipes, in tag-page order.
    package let tags: [RecipeTag]
    /// How diagnostics name the site's site.yml.
    package var configDisplayPath = "site.yml"
    /// The `tags` value of the cards of recipes with many tags, by slug: made once, since every
    /// tag page of a recipe shows its card, and rebuilding the list there would be quadratic in
    /// its tag count. A few tags are listed where the card is made (one value per recipe of a
    /// large site would be held all build long).
    private let cardTags: [String: MustacheValue]
    static let cachedTagListMinimum = 16
    /// The icons every page links (`site.icons`), the site's own or the theme's.
    package let icons: [SiteIcon]
    /// The theme's strings in the site's language (`t` in templates), dates, durations, counts.
    package let strings: ThemeStrings
    /// What making `strings` found: unknown keys in the site's i18n files, a language with no table.
    let stringDiagnostics: [Diagnostic]
    /// A multilingual site's trees and where each page's versions are (hreflang alternates, the
    /// language switcher, the sitemap's alternates); nil for a site in one language.
    package var languages: LanguageVersions?
    /// What the tree's files are made from and what was made of it before (`serve` keeps the
    /// memo between rebuilds): the search index tokenises again only the recipes that changed.
    package var inputs: PageInputs?
    package var memo: FingerprintMemo?
    /// The tree's search index, made on first use and shared by the renderer's copies.
    package let searchPlan = SearchIndexPlan()
    /// The recipes in A–Z order (`RecipeIndexPage`), made on first use.
    let recipeIndex = SharedLazy<[Int]>()
    /// Recipes on one page of the A–Z list (`RecipeIndexPage.recipesPerPage`; fewer in tests).
    package var recipesPerIndexPage = RecipeIndexPage.recipesPerPage

    /// Every kind of file, in output order. A new kind of page is one file with a type
    /// conforming to `TemplatePage` (or `GeneratedFile`), and one entry here.
    package static let kinds: [any PageKind] = [
        GalleryPage(), RecipePage(), TagPage(), TagIndexPage(), RecipeIndexPage(), ContentPage(), JournalPage(), PostPage(), NotFoundPage(),
        SitemapFile(), FeedFile(), RobotsFile(), SearchIndexFile(), WebManifestFile(),
    ]

    package init(site: Site, theme: Theme, pictures: [String: PublishedPicture] = [:]) {
        self.site = site
        cardTags = Dictionary(site.recipes.filter { $0.tags.count >= Self.cachedTagListMinimum }.map { ($0.slug, Self.tagList(of: $0)) },
                              uniquingKeysWith: { first, _ in first })
        self.theme = theme
        self.pictures = pictures
        gallery = GalleryPages(site: site)
        tags = TagPage.tags(of: site.recipes, posts: site.posts, style: site.config.slugStyle)
        icons = Self.icons(site: site, theme: theme)
        (strings, stringDiagnostics) = ThemeStrings.make(language: site.config.language, overrides: site.translations,
                                                         languagePosition: site.config.languagePosition)
    }

    /// A recipe's tags as a card's `tags` value.
    static func tagList(of recipe: Recipe) -> MustacheValue {
        .array(recipe.tags.map { ["name": .string($0)] })
    }

    /// Renders all files; template errors come back as diagnostics, each reported once.
    package func render() -> ([OutputFile], [Diagnostic]) {
        let files = ResultsByPosition<OutputFile>()
        let diagnostics = render { file, position in files.set(file, at: position) }
        return (files.inOrder, diagnostics)
    }

    /// Every file of every kind, in output order: the kind's index in `kinds` and the file's.
    package var files: [(kind: Int, index: Int)] {
        Self.kinds.indices.flatMap { kind in (0..<Self.kinds[kind].count(in: self)).map { (kind, $0) } }
    }

    /// Renders every file side by side on every core, handing each to `emit` on the thread that
    /// made it as soon as it is done (the build writes it at once and lets it go, so a large site
    /// is never held in memory), with its position in the output order (`kinds`' order).
    /// Diagnostics come in that order, whatever the scheduling; a file that fails is left out and
    /// reported once.
    /// `only`: the positions to render (an incremental build's changed pages); nil: every file.
    /// `warn`: takes each page's warnings (its recipe's rich-result advice) as soon as the page is
    /// made, so a build never holds them all; nil: they are returned with the others.
    package func render(only: Set<Int>? = nil, warn: (@Sendable ([Diagnostic]) -> Void)? = nil,
                        emit: @Sendable (_ file: OutputFile, _ position: Int) -> Void) -> [Diagnostic] {
        let files = files
        // Made in another order: the heavy gallery pages first, with the files made in code
        // beside them, so that no core is left alone with a gallery page at the end.
        let galleryKind = Self.kinds.firstIndex { $0 is GalleryPage }
        let order = files.indices.filter { only?.contains($0) ?? true }.sorted { a, b in
            func rank(_ position: Int) -> Int {
                files[position].kind == galleryKind ? 0 : Self.kinds[files[position].kind].template == nil ? 1 : 2
            }
            return (rank(a), a) < (rank(b), b)
        }
        let results = concurrentMap(count: order.count) { slot in
            let position = order[slot]
            let (kind, index) = files[position]
            return Result { () throws -> [Diagnostic] in
                let made = try Self.kinds[kind].makeReportingWarnings(index, in: self)
                var file = made.0
                file.path = site.treePrefix + file.path
                emit(file, position)
                guard let warn else { return made.1 }
                if !made.1.isEmpty { warn(made.1) }
                return []
            }
        }
        var failures: [(position: Int, error: any Error)] = []
        var warnings: [(position: Int, diagnostics: [Diagnostic])] = []
        for (slot, result) in results.enumerated() {
            switch result {
            case .failure(let error): failures.append((order[slot], error))
            case .success(let found) where !found.isEmpty: warnings.append((order[slot], found))
            case .success: break
            }
        }
        var diagnostics = stringDiagnostics.map { diagnostic in
            // site.yml as the build names it.
            diagnostic.path != "site.yml" ? diagnostic
                : Diagnostic(diagnostic.severity, path: configDisplayPath, line: diagnostic.line, column: diagnostic.column, diagnostic.message)
        }
        for (position, error) in failures.sorted(by: { $0.position < $1.position }) {
            let kind = Self.kinds[files[position].kind]
            let diagnostic = (error as? TemplateError)?.diagnostic ?? (error as? Diagnostic)
                ?? .error("\(error)", path: kind.template ?? kind.path(files[position].index, in: self))
            if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
        diagnostics += warnings.sorted { $0.position < $1.position }.flatMap(\.diagnostics)
        if site.config.publishedURL == nil {
            diagnostics.append(.warning("no 'base_url' in site.yml: sitemap.xml, feed.xml and absolute links for sharing are left out",
                                        path: configDisplayPath))
        }
        return diagnostics
    }

    /// Renders template `name` of the theme with `context`.
    func render(_ name: String, context: MustacheValue) throws -> [UInt8] {
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
            "direction": .string(config.layoutDirection.rawValue),
            "author": config.author.map(MustacheValue.string) ?? .null,
            "recipeCount": .int(site.recipes.count),
            "recipeCountText": .string(strings.counted("recipe_count", site.recipes.count)),
            "hasFeed": .bool(config.baseURL != nil),
            "hasTagIndex": .bool(hasTagIndex),
            "hasJournal": .bool(!site.posts.isEmpty),
            "paths": SitePaths.context,
            "colorScheme": .string(config.theme.colorScheme.rawValue),
            "themeColor": .string(config.themeColor),
            "icons": iconsContext,
            "extra": config.extra.map(Self.templateValue) ?? .null,
        ]
    }

    /// Whether the site has a tag index: when any recipe or post has a tag.
    var hasTagIndex: Bool {
        site.recipes.contains { !$0.tags.isEmpty } || site.posts.contains { !$0.tags.isEmpty }
    }

    /// Fields shared by a card and a page: title, link, picture.
    func summaryContext(_ recipe: Recipe, root: String) -> [String: MustacheValue] {
        var context: [String: MustacheValue] = [
            "title": .string(recipe.title),
            "slug": .string(recipe.slug),
            "url": .string(URLPath.link(to: SitePaths.recipe(recipe), root: root)),
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
        ["title": .string(recipe.title), "url": .string(URLPath.link(to: SitePaths.recipe(recipe), root: root))]
    }
}
