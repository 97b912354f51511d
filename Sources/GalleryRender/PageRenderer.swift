import Foundation
import GalleryContent
import GalleryImages
import GalleryLayout
import GalleryPlan
import GallerySupport
import Mustache
import Synchronization

/// Renders every page of one language's tree with a theme: pure, from values to `OutputFile`s.
/// Made once per tree by the build's render step, after the image phase: the plan (`PagePlan`),
/// the published pictures and the other trees' versions are all known by then, and nothing of
/// it changes afterwards.
/// What it holds is one reference (`Shared`): a page's contexts each keep the renderer, and a copy
/// of a struct of all its fields (the plan's among them) retained and released each of them, four
/// times per recipe page (issue 37).
package struct PageRenderer: Sendable {
    /// Everything a renderer holds, made once per tree.
    private final class Shared: Sendable {
        let plan: PagePlan
        let pictures: [String: PublishedPicture]
        let languages: LanguageVersions?
        let inputs: PageInputs?
        let siteContext: MustacheValue
        let cookbookBodies: CookbookBodies
        let cookbookReplays: MustacheReplays
        let tagCardReplays: MustacheReplays
        let feedBodies = FeedBodies()
        let searchBoxes = SearchBoxes()
        let bylinePhrases = SharedLazy<(BylinePhrase, BylinePhrase)>()

        init(plan: PagePlan, pictures: [String: PublishedPicture], languages: LanguageVersions?, inputs: PageInputs?,
             cookbookBodies: CookbookBodies = CookbookBodies(),
             cookbookReplays: MustacheReplays = PageRenderer.cookbookReplayStore(),
             tagCardReplays: MustacheReplays = MustacheReplays(budget: PageRenderer.tagCardReplayBudget)) {
            self.cookbookBodies = cookbookBodies
            self.cookbookReplays = cookbookReplays
            self.tagCardReplays = tagCardReplays
            self.plan = plan
            self.pictures = pictures
            self.languages = languages
            self.inputs = inputs
            siteContext = PageRenderer.siteContext(of: plan)
        }
    }

    private var shared: Shared

    /// The tree's files before pictures: site, theme, gallery plan, tags, strings, paths.
    package var plan: PagePlan { shared.plan }
    /// What the image phase made of each local picture, by site-relative path.
    package var pictures: [String: PublishedPicture] { shared.pictures }
    /// A multilingual site's trees and where each page's versions are (hreflang alternates, the
    /// language switcher, the sitemap's alternates); nil for a site in one language.
    package var languages: LanguageVersions? { shared.languages }
    /// What the tree's files are made from (incremental builds only; `PageKind.fingerprint`).
    package var inputs: PageInputs? { shared.inputs }

    /// Every kind of file, in output order. A new kind of page is one file with a type
    /// conforming to `TemplatePage` (or `GeneratedFile`), and one entry here.
    package static let kinds: [any PageKind] = [
        GalleryPage(), RecipePage(), TagPage(), TagIndexPage(), RecipeIndexPage(), CookbookPage(), ContentPage(), JournalPage(), PostPage(), NotFoundPage(),
        SitemapFile(), FeedFile(), RobotsFile(), SearchIndexFile(), WebManifestFile(),
    ]

    package init(plan: PagePlan, pictures: [String: PublishedPicture] = [:], languages: LanguageVersions? = nil,
                 inputs: PageInputs? = nil) {
        shared = Shared(plan: plan, pictures: pictures, languages: languages, inputs: inputs)
    }

    /// A renderer of the same tree whose books hold their shared bodies (`CookbookBodies`) and
    /// recorded passes (`MustacheReplays`), and whose tag pages their recorded cards, within the
    /// budgets given (0: every book and page makes its own), for tests that compare the two.
    func holding(cookbookBodies bodies: CookbookBodies? = nil, cookbookReplays replays: MustacheReplays? = nil,
                 tagCardReplays cards: MustacheReplays? = nil) -> PageRenderer {
        var renderer = self
        renderer.shared = Shared(plan: plan, pictures: pictures, languages: languages, inputs: inputs,
                                 cookbookBodies: bodies ?? CookbookBodies(),
                                 cookbookReplays: replays ?? Self.cookbookReplayStore(),
                                 tagCardReplays: cards ?? MustacheReplays(budget: Self.tagCardReplayBudget))
        return renderer
    }

    /// The `site` key every page has, made once per tree rather than for each page, found by
    /// number (`MustacheTable`).
    package var siteContext: MustacheValue { shared.siteContext }

    /// The recipes' bodies in the printed books' form, made once for all the books holding them.
    var cookbookBodies: CookbookBodies { shared.cookbookBodies }
    /// Each recipe's passes in the books, recorded once for all the books holding it (`CookbookRecipeReplay`).
    var cookbookReplays: MustacheReplays { shared.cookbookReplays }
    /// The most bytes of recorded recipes held at once: about a thousand recipes' worth.
    /// 2 MB: the 1,000-recipe bench corpus's books nearly fit (each recipe in 3.5 books; 4 MB
    /// saved 2 M more of its 2,325 M instructions); at 10,000 recipes, where the recordings are
    /// held from a recipe's first tag book to its last, each megabyte of them is one more at the
    /// build's peak, which issue 37 bounds at 59 MB.
    static let cookbookReplayBudget = 2 << 20
    /// The books' passes worth recording: the built-in theme's contents line (8 nodes: three
    /// names and their text) is rendered, its recipe section (hundreds) recorded.
    static let cookbookReplayMinimumNodes = 10
    /// A store for the books' recordings, within those bounds.
    static func cookbookReplayStore() -> MustacheReplays {
        MustacheReplays(budget: cookbookReplayBudget, minimumNodes: cookbookReplayMinimumNodes)
    }
    /// Each recipe's card on the tag pages, recorded once for all the tag pages listing it
    /// (`RecipeCardContext`, `MustacheReplayable`).
    var tagCardReplays: MustacheReplays { shared.tagCardReplays }
    /// The most bytes of recorded tag-page cards held at once. A card's recording is about 600
    /// bytes with the built-in theme: 1 MB holds the 1,000-recipe bench corpus's, and at 10,000
    /// recipes it bounds what they add to the build's peak (issue 37). A recording is let go
    /// after the recipe's last tag page.
    static let tagCardReplayBudget = 1 << 18
    /// The feed's entries' bodies, made by their pages for the feed.
    var feedBodies: FeedBodies { shared.feedBodies }
    /// The header's search box by page root (`headerValue`).
    var searchBoxes: SearchBoxes { shared.searchBoxes }
    /// The byline's phrases without and with an author, split once (`bylineHTML`).
    var bylinePhrases: SharedLazy<(BylinePhrase, BylinePhrase)> { shared.bylinePhrases }

    /// A renderer of `site` alone (one tree, no incremental inputs), for tests and benchmarks.
    package init(site: Site, theme: Theme, pictures: [String: PublishedPicture] = [:]) {
        self.init(plan: PagePlan(site: site, theme: theme), pictures: pictures)
    }

    package var site: Site { plan.site }
    package var theme: Theme { plan.theme }
    package var gallery: GalleryPages { plan.gallery }
    package var tags: [RecipeTag] { plan.tags }
    package var icons: [SiteIcon] { plan.icons }
    package var strings: ThemeStrings { plan.strings }
    package var files: [(kind: Int, index: Int)] { plan.files }
    package var isDefaultTree: Bool { plan.isDefaultTree }
    package var memo: FingerprintMemo? { plan.memo }
    var hasTagIndex: Bool { plan.hasTagIndex }

    /// A card's `tags`: each tag's `name`.
    static func tagList(_ tags: [String]) -> MustacheValue {
        .array(tags.map { ["name": .string($0)] })
    }

    /// Renders all files; template errors come back as diagnostics, each reported once.
    package func render() -> ([OutputFile], [Diagnostic]) {
        let files = ResultsByPosition<OutputFile>()
        let diagnostics = render { file, position in
            // A stream made here: one that fails is reported, and left out, as a failed page is.
            let made = file.inMemory
            if case .stream(let stream) = file.contents, stream.failure != nil { return }
            files.set(made, at: position)
        }
        return (files.inOrder, diagnostics)
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
        let order = renderOrder(only: only)
        // Each kind's files still to make; a kind with none left hears `finished`.
        var remaining = [Int](repeating: 0, count: Self.kinds.count)
        for position in order { remaining[files[position].kind] += 1 }
        for kind in Self.kinds.indices where remaining[kind] == 0 { Self.kinds[kind].finished(in: plan) }
        let unmade = Mutex(remaining)
        let results = concurrentMap(count: order.count) { slot in
            let position = order[slot]
            let (kind, index) = files[position]
            defer {
                if unmade.withLock({ counts in
                    counts[kind] -= 1
                    return counts[kind] == 0
                }) {
                    Self.kinds[kind].finished(in: plan)
                }
            }
            return Result { () throws -> [Diagnostic] in
                let made = try Self.kinds[kind].makeReportingWarnings(index, in: self)
                var file = made.0
                file.path = site.treePrefix + file.path
                emit(file, position)
                // A streamed page is rendered while `emit` writes it: its failure is reported
                // here, as if it had come from `make`.
                if case .stream(let stream) = file.contents, let failure = stream.failure { throw failure }
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
        var diagnostics = plan.stringDiagnostics.map { diagnostic in
            // site.yml as the build names it.
            diagnostic.path != "site.yml" ? diagnostic
                : Diagnostic(diagnostic.severity, path: plan.configDisplayPath, line: diagnostic.line, column: diagnostic.column, diagnostic.message)
        }
        for (position, error) in failures.sorted(by: { $0.position < $1.position }) {
            let kind = Self.kinds[files[position].kind]
            let diagnostic = (error as? TemplateError)?.diagnostic ?? (error as? Diagnostic)
                ?? .error("\(error)", path: kind.template ?? kind.path(files[position].index, in: plan))
            if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
        diagnostics += warnings.sorted { $0.position < $1.position }.flatMap(\.diagnostics)
        if let note = CookbookPage.skippedNote(in: plan) { diagnostics.append(note) }
        if site.config.publishedURL == nil {
            diagnostics.append(.warning("no 'base_url' in site.yml: sitemap.xml, feed.xml and absolute links for sharing are left out",
                                        path: plan.configDisplayPath))
        }
        return diagnostics
    }

    /// The positions of the files to make (`only`, else all), in the order they are made. The
    /// search index's files first, so that the index goes before the pages are made
    /// (`PageKind.finished`); then the heavy gallery pages, with the files made in code beside
    /// them, so that no core is left alone with a gallery page at the end; the feed last, its
    /// entries' bodies made by their pages (`FeedBodies`). Each printed book comes right after
    /// the pages of its recipes that no earlier book holds (`CookbookBodies.firstBooks`), and
    /// the other pages after the books: a body a page leaves for the books is then held from its
    /// page to its last book, not from the first recipe page to the last book. With every
    /// recipe page first, the 10,000-recipe bench corpus's books (30 tags' books, each recipe
    /// in 2.5) found 1 MB of held bodies full and parsed 19,500 bodies again (issue 37).
    func renderOrder(only: Set<Int>? = nil) -> [Int] {
        let files = files
        let searchKind = Self.kinds.firstIndex { $0 is SearchIndexFile }
        let galleryKind = Self.kinds.firstIndex { $0 is GalleryPage }
        let feedKind = Self.kinds.firstIndex { $0 is FeedFile }
        let recipeKind = Self.kinds.firstIndex { $0 is RecipePage }
        let bookKind = Self.kinds.firstIndex { $0 is CookbookPage }
        let firstBooks = plan.cookbooks.isEmpty ? [] : cookbookBodies.firstBooks(in: plan)
        // Pages rank 3: among them, book k is group 2k + 1, after the recipe pages of group 2k.
        func key(_ position: Int) -> (rank: Int, group: Int, position: Int) {
            let (kind, index) = files[position]
            let rank = kind == searchKind ? 0 : kind == galleryKind ? 1 : kind == feedKind ? 4 : Self.kinds[kind].template == nil ? 2 : 3
            let group = kind == bookKind ? 2 * index + 1
                : kind == recipeKind && index < firstBooks.count && firstBooks[index] >= 0 ? 2 * Int(firstBooks[index]) : Int.max
            return (rank, rank == 3 ? group : 0, position)
        }
        return files.indices.filter { only?.contains($0) ?? true }.sorted { key($0) < key($1) }
    }

    /// Renders template `name` of the theme with `context`: the bytes copied once, from the
    /// renderer's own memory, into the page's `Data`.
    func render(_ name: String, context: MustacheValue) throws -> Data {
        guard let template = theme.templates.templates[name] else {
            throw TemplateError(templateName: name, line: 1, column: 1, message: "the theme has no template '\(name)'")
        }
        var options = RenderOptions()
        options.missingPartialIsError = true
        // The renderer's memory becomes the page's, without a copy.
        return try template.render(context, partials: theme.templates, options: options, taking: { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                bytes.deallocate()
                return Data()
            }
            return Data(bytesNoCopy: base, count: bytes.count, deallocator: .custom { pointer, _ in pointer.deallocate() })
        })
    }

    /// Template `name` of the theme rendered with `context` while it is written (a printed
    /// cookbook, megabytes): handed on a piece at a time, never whole in memory.
    func stream(_ name: String, context: MustacheValue) throws -> OutputFile.Stream {
        guard let template = theme.templates.templates[name] else {
            throw TemplateError(templateName: name, line: 1, column: 1, message: "the theme has no template '\(name)'")
        }
        var options = RenderOptions()
        options.missingPartialIsError = true
        let (partials, settings) = (theme.templates, options)
        return OutputFile.Stream { sink in
            try template.render(context, partials: partials, options: settings, streamingTo: sink)
        }
    }
}

extension PageRenderer {
    /// The `site` key of `plan`'s pages.
    private static func siteContext(of plan: PagePlan) -> MustacheValue {
        let (site, strings, hasTagIndex) = (plan.site, plan.strings, plan.hasTagIndex)
        let config = site.config
        return .table([
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
            "paths": AssetPaths.context,
            "colorScheme": .string(config.theme.colorScheme.rawValue),
            "themeColor": .string(config.themeColor),
            "icons": iconsContext(plan.icons),
            "extra": config.extra.map(Self.templateValue) ?? .null,
        ])
    }

    /// The keys a card and a recipe page share: title, link, picture; each named as its case.
    enum SummaryKey: Int, CaseIterable, CodingKey { case title, slug, url, summary, tags, hasTags, initial, image }
    static let summaryKeyTable = MustacheKeyTable(SummaryKey.self)
    static var summaryKeys: [String] { summaryKeyTable.names }

    /// Summary key `key` of `recipe` on a page whose root is `root`; nil for another key, or for
    /// `image` when the recipe has none.
    func summaryValue(_ key: String, of recipe: some RecipeSummaryFields, root: String) -> MustacheValue? {
        guard let raw = Self.summaryKeyTable[key], let known = SummaryKey(rawValue: raw) else { return nil }
        return summaryValue(known, of: recipe, root: root)
    }

    /// Summary key `key` of `recipe` on a page whose root is `root`; nil for `image` when the
    /// recipe has none. The one place a card's and a recipe page's summary keys are answered;
    /// each reads its fields where it keeps them (`RecipeSummaryFields`).
    func summaryValue(_ key: SummaryKey, of recipe: some RecipeSummaryFields, root: String) -> MustacheValue? {
        switch key {
        case .title: .string(recipe.title)
        case .slug: .string(recipe.slug)
        case .url: .string(RecipePage.link(slug: recipe.slug, root: root))
        case .summary: recipe.summary.map(MustacheValue.string) ?? .null
        case .tags: plan.cardTags[recipe.slug] ?? Self.tagList(recipe.tags)
        case .hasTags: .bool(recipe.hasTags)
        case .initial: .string(Self.initial(of: recipe.title))
        case .image: recipe.image.map { imageContext($0, alt: recipe.imageAlt ?? recipe.title, root: root) }
        }
    }

    /// A card's `initial`: the title's first character, upper-cased, or `?` for an empty title.
    static func initial(of title: String) -> String {
        title.first.map { String($0).uppercased() } ?? "?"
    }

    /// A link to the page of the site's recipe `index` from a page whose root is `root` (`RecipeLinkContext`).
    func link(to index: Int, root: String) -> MustacheValue {
        .object(RecipeLinkContext(recipes: site.recipes, index: index, root: root))
    }
}

/// The fields of a recipe its summary keys show (`PageRenderer.summaryValue`), read where the
/// asker keeps them: a card from its list's recipe where it lies in the array, each when asked
/// (a `Recipe` handed over whole stays borrowed across the answer's calls, and was copied for
/// each key; issue 37); a recipe page from what it copied out of the packed text once.
protocol RecipeSummaryFields {
    var slug: String { get }
    var title: String { get }
    var summary: String? { get }
    var tags: [String] { get }
    var hasTags: Bool { get }
    var image: ImageReference? { get }
    var imageAlt: String? { get }
}

extension Recipe: RecipeSummaryFields {}
