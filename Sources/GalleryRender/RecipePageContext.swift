import GalleryContent
import GallerySupport
import Mustache

/// The recipe page's context (`recipe` template), answering each name as the template asks for it
/// (`MustacheObject`) instead of a dictionary tree of every key built before rendering and freed
/// after (issue 37). What several keys or the rich-result checks share is made once, up front:
/// the picture, the body's HTML and method, the structured data. The keys and values are those
/// docs/themes.md lists (ThemeDocumentationTests reads them through `MustacheValue.expanded`);
/// each object's own keys are its `Key` cases (`MustacheKeyedObject`), found by number.
/// A class: its `recipe` object and every answer read it through one reference, where a struct
/// holding the renderer and the recipe was copied (a retain per field) on each of them.
final class RecipePageContext: MustacheKeyedObject {
    let renderer: PageRenderer
    let index: Int
    let recipe: Recipe
    let path: String
    let root: String
    /// The page's absolute address (site.yml's `base_url`), which the social tags and the
    /// structured data both give; nil without a `base_url`.
    let pageURL: String?
    /// The picture's context (`imageContext`): the hero. The social tags and the structured data
    /// take the published picture itself (`publishedImages`).
    let image: MustacheValue?
    let body: Markdown.RecipeBody
    let structuredData: String
    /// The recipe's summary fields (`PageRenderer.summaryValue`), its title, summary and tags
    /// copied out of its packed text once: the page, its social tags and its `recipe` object
    /// read each several times (issue 37).
    let shown: Shown
    /// The tables `Fields` finds names in, read through one reference: as three statics they
    /// cost a `swift_once` each for every name the recipe was asked (issue 37).
    let tables = FieldTables.shared

    init(_ index: Int, in renderer: PageRenderer) throws(Diagnostic) {
        self.renderer = renderer
        self.index = index
        recipe = renderer.site.recipes[index]
        shown = Shown(recipes: renderer.site.recipes, index: index)
        path = RecipePage.path(of: recipe)
        root = URLPath.root(from: path)
        pageURL = renderer.site.config.publishedURL?.page(path)
        image = renderer.summaryValue(.image, of: shown, root: root)
        body = try renderer.recipePageBody(index, root: root)
        structuredData = renderer.structuredData(recipe, root: root, pageURL: pageURL, steps: body.steps, sections: body.sections).script
    }

    enum Key: Int, CaseIterable, CodingKey { case root, site, page, meta, structuredData, galleryURL, recipe }
    static let keyTable = MustacheKeyTable(Key.self)
    var keys: [String] { Self.keyTable.names + PageRenderer.headerKeys }

    /// The page header's keys, which every page has.
    func value(otherKey key: String) -> MustacheValue? { renderer.headerValue(key, root: root) }

    func value(_ key: Key) -> MustacheValue? {
        switch key {
        case .root: .string(root)
        case .site: renderer.siteContext
        case .page: .object(PageSummary(page: self))
        case .meta: meta
        case .structuredData: .string(structuredData)
        case .galleryURL: .string(URLPath.link(to: GalleryPage.firstPagePath, root: root))
        case .recipe: .object(Fields(page: self))
        }
    }

    private var meta: MustacheValue {
        var meta = renderer.socialMeta(url: pageURL, root: root, type: "article", title: shown.title, description: shown.summary,
                                       image: recipe.image.map { ($0, recipe.imageAlt ?? shown.title) })
        meta.publishedTime = recipe.date?.iso8601
        meta.tags = shown.tags
        return meta.context
    }

    /// The `page` key: `title` and `description`, answered by number where a dictionary of both
    /// was built and hashed for every page.
    struct PageSummary: MustacheKeyedObject {
        let page: RecipePageContext

        enum Key: Int, CaseIterable, CodingKey { case title, description }
        static let keyTable = MustacheKeyTable(Key.self)

        func value(_ key: Key) -> MustacheValue? {
            switch key {
            case .title: .string(page.shown.title)
            case .description: page.shown.summary.map(MustacheValue.string) ?? .null
            }
        }
    }

    /// The `recipe` key: the summary a card has, the page's own fields and the front matter's
    /// others (`PageRenderer.fieldValue`).
    struct Fields: MustacheKeyedObject {
        let page: RecipePageContext

        /// The page's own keys; the card's and the front matter's others are answered by `value(otherKey:)`.
        enum Key: Int, CaseIterable, CodingKey {
            case image, tags, ingredients, hasIngredients, glass, imageCredit, prepTime, prepTimeISO, cookTime, cookTimeISO
            case date, dateISO, author, bylineHTML, bodyHTML, firstStepURL, yield, hasFacts, previous, next
        }
        static let keyTable = MustacheKeyTable(Key.self)
        static let allKeys = Array(Set(PageRenderer.summaryKeys + PageRenderer.fieldKeys + keyTable.names)).sorted()
        var keys: [String] { Self.allKeys }

        func value(otherKey key: String) -> MustacheValue? {
            page.renderer.fieldValue(key, of: page.recipe, root: page.root) ?? page.renderer.summaryValue(key, of: page.shown, root: page.root)
        }

        /// The page's own keys, the fields' and the summary's, each found by number: most of the
        /// names looked up inside `{{#recipe}}` are one of them or none (`t`, `site`), and a
        /// name's text compared with every field's cost more than the answer (issue 37).
        func value(forKey key: String, number: Int) -> MustacheValue? {
            let tables = page.tables
            if let raw = tables.own[number: number], let known = Key(rawValue: raw) { return value(known) }
            if let raw = tables.fields[number: number], let known = PageRenderer.FieldKey(rawValue: raw) {
                return page.renderer.fieldValue(known, of: page.recipe, root: page.root)
            }
            if let raw = tables.summary[number: number], let known = PageRenderer.SummaryKey(rawValue: raw) {
                return page.renderer.summaryValue(known, of: page.shown, root: page.root)
            }
            return nil
        }

        func value(_ key: Key) -> MustacheValue? {
            // The recipe read where the page holds it: a copy of it (several hundred bytes and a
            // retain per field) for each key asked cost more than most answers (issue 37).
            let page = page
            let renderer = page.renderer
            let root = page.root
            switch key {
            case .image: return page.image
            case .tags: return renderer.recipeTagLinks(page.shown.tags, root: root)
            case .ingredients: return .array(page.recipe.ingredients.map { .string(Markdown.inlinePlainText($0)) })
            case .hasIngredients: return .bool(page.recipe.hasIngredients)
            case .glass: return page.recipe.glass.map(MustacheValue.string) ?? .null
            case .imageCredit:
                let credit = page.recipe.image == nil ? nil : page.recipe.imageCredit ?? renderer.site.config.imageCredit
                return credit.map { ["creditText": .string($0.text), "creditURL": .optional($0.url), "isLinked": .bool($0.url != nil)] } ?? .null
            case .prepTime: return page.recipe.prepTime.map { .string(renderer.strings.duration($0)) } ?? .null
            case .prepTimeISO: return page.recipe.prepTime.map { .string($0.iso8601) } ?? .null
            case .cookTime: return page.recipe.cookTime.map { .string(renderer.strings.duration($0)) } ?? .null
            case .cookTimeISO: return page.recipe.cookTime.map { .string($0.iso8601) } ?? .null
            case .date: return page.recipe.date.map { .string(renderer.strings.date($0)) } ?? .null
            case .dateISO: return page.recipe.date.map { .string($0.iso8601) } ?? .null
            case .author: return page.recipe.author.map(MustacheValue.string) ?? .null
            case .bylineHTML: return page.recipe.date.map { .string(renderer.bylineHTML(date: $0, author: page.recipe.author)) } ?? .null
            case .bodyHTML: return .string(page.body.html)
            case .firstStepURL:
                // Cook mode's first step, when the method has any (the front matter's, else the body's).
                let body = page.body
                let stepCount = !page.recipe.method.isEmpty ? page.recipe.method.reduce(0) { $0 + $1.steps.count }
                    : body.sections.isEmpty ? body.steps.count : body.sections.reduce(0) { $0 + $1.steps.count }
                return stepCount > 0 ? .string("#" + CookStep.id(1)) : .null
            case .yield: return page.recipe.servings == nil ? .optional(page.recipe.yield) : .null
            case .hasFacts:
                return .bool(page.recipe.hasGlass || page.recipe.hasYield || page.recipe.servings != nil
                             || page.recipe.prepTime != nil || page.recipe.cookTime != nil || page.recipe.shownTotalTime != nil
                             || page.recipe.category != nil || page.recipe.cuisine != nil)
            case .previous:
                return page.index > 0 ? renderer.link(to: page.index - 1, root: root) : nil
            case .next:
                return page.index + 1 < renderer.site.recipes.count ? renderer.link(to: page.index + 1, root: root) : nil
            }
        }
    }
}

extension RecipePageContext {
    /// The page's recipe's summary fields: the title, summary and tags copied out once, the
    /// others read from the site's recipes where the recipe lies, each when asked.
    struct Shown: RecipeSummaryFields {
        let recipes: [Recipe]
        let index: Int
        let title: String
        let summary: String?
        let tags: [String]

        init(recipes: [Recipe], index: Int) {
            self.recipes = recipes
            self.index = index
            title = recipes[index].title
            summary = recipes[index].summary
            tags = recipes[index].tags
        }

        var slug: String { recipes[index].slug }
        var hasTags: Bool { !tags.isEmpty }
        var image: ImageReference? { recipes[index].image }
        var imageAlt: String? { recipes[index].imageAlt }
    }
}

/// The key tables of a recipe's fields (`RecipePageContext.Fields`): its own keys, the fields'
/// and the summary's, made once.
final class FieldTables: Sendable {
    let own = RecipePageContext.Fields.keyTable
    let fields = PageRenderer.fieldKeyTable
    let summary = PageRenderer.summaryKeyTable

    static let shared = FieldTables()
}
