import Foundation
import GalleryContent
import GallerySupport
import Mustache
import Synchronization

/// The printable cookbook's context (`cookbook` template), answering each name as the template
/// asks for it (`MustacheObject`): a book of 1,000 recipes built as a dictionary tree of every key
/// of every recipe, then freed, cost more than rendering it (issue 37). What several keys share is
/// worked out once per book (`CookbookContents`); each body is made as the book reaches it.
/// Keys and values are those docs/themes.md lists for `cookbook`; each object's keys are its
/// `Key` cases (`MustacheKeyedObject`).
struct CookbookContext: MustacheKeyedObject {
    let book: CookbookContents

    enum Key: Int, CaseIterable, CodingKey { case root, site, page, meta, galleryURL, cookbook }
    static let keyTable = MustacheKeyTable(Key.self)
    var keys: [String] { Self.keyTable.names + PageRenderer.headerKeys }

    /// The page header's keys, which every page has.
    func value(otherKey key: String) -> MustacheValue? { book.renderer.headerValue(key, root: book.root) }

    func value(_ key: Key) -> MustacheValue? {
        let renderer = book.renderer
        switch key {
        case .root: return .string(book.root)
        case .site: return renderer.siteContext
        case .page: return ["title": .string(book.title), "description": .string(book.description)]
        case .meta:
            return renderer.socialMeta(path: book.place.path, root: book.root,
                                       title: "\(book.title) · \(renderer.strings.text("cookbook"))", description: book.description).context
        case .galleryURL: return .string(URLPath.link(to: GalleryPage.firstPagePath, root: book.root))
        case .cookbook: return .object(Cover(book: book))
        }
    }

    /// The `cookbook` key: the cover, the recipes and the indexes.
    struct Cover: MustacheKeyedObject {
        let book: CookbookContents

        enum Key: Int, CaseIterable, CodingKey {
            case title, isTag, siteTitle, subtitle, author, countText, cover, tagURL, recipes
            case tagIndex, hasTagIndex, ingredientIndex, hasIngredientIndex
        }
        static let keyTable = MustacheKeyTable(Key.self)

        func value(_ key: Key) -> MustacheValue? {
            let config = book.renderer.site.config
            switch key {
            case .title: return .string(book.title)
            case .isTag: return .bool(book.tagSlug != nil)
            case .siteTitle: return .string(config.title)
            case .subtitle: return book.tagSlug == nil ? .optional(config.description) : .string(config.title)
            case .author: return .optional(config.author)
            case .countText: return .string(book.countText)
            case .cover:
                let recipes = book.renderer.site.recipes
                return book.order.lazy.compactMap { position -> MustacheValue? in
                    let recipe = recipes[position]
                    return recipe.image.map { image in
                        book.renderer.printImage(image, alt: recipe.imageAlt ?? recipe.title, root: book.root,
                                                 source: .string(book.renderer.printImageSource(image, root: book.root)))
                    }
                }.first ?? .null
            case .tagURL: return book.tagSlug.map { .string(URLPath.link(to: TagPage.path(slug: $0), root: book.root)) } ?? .null
            case .recipes:
                let book = book
                return .lazyArray(MustacheLazyArray(count: book.order.count, mayReplay: true) {
                    .object(CookbookRecipeContext(book: book, place: $0))
                })
            case .tagIndex: return book.index(.tags)
            case .hasTagIndex: return .bool(!book.tagIndex.isEmpty)
            case .ingredientIndex: return book.index(.ingredients)
            case .hasIngredientIndex: return .bool(!book.ingredientIndex.isEmpty)
            }
        }
    }
}

/// What the keys of one book share, worked out once per book: its place, its recipes in order
/// with their numbers and bodies, and its indexes (as places in the book).
final class CookbookContents: Sendable {
    let renderer: PageRenderer
    /// The site's recipes (`Site.recipes`), read by position.
    let recipes: [Recipe]
    /// The tag of a tag's book, else nil.
    let tagSlug: String?
    let place: PageRenderer.BookPlace
    /// The way back to the tree's root from the book (`place.root`).
    let root: String
    /// The book's recipes (positions in the site's list), A–Z, and each one's number as shown.
    let order: [Int]
    let numbers: ArraySlice<String>
    /// Each recipe's title and id in the book (`CookbookPage.anchor`), in `order`: read by the
    /// contents, each recipe's section and every index entry.
    let titles: [String]
    let anchors: [String]
    /// Each recipe's slug, in `order`: its page's address (`pageURL`).
    let slugs: [String]
    /// How many books hold each recipe, by position (`CookbookBodies.bookCounts`), and which.
    let bookCounts: [Int32]
    let bookPlaces: CookbookBodies.BookPlaces
    /// Why a body could not be made (its file changed since it was read), if one could not.
    private let bodyFailure = Mutex<Diagnostic?>(nil)
    let title: String
    let countText: String
    let description: String
    /// The index entries: a name and the places in `order` of its recipes.
    let tagIndex: [(name: String, places: [Int])]
    let ingredientIndex: [(name: String, places: [Int])]

    init(_ book: CookbookPage.Book, in renderer: PageRenderer) {
        self.renderer = renderer
        let site = renderer.site
        let tag = book.tag.map { renderer.tags[$0] }
        tagSlug = tag?.slug
        let path = tag.map { CookbookPage.path(tag: $0.slug) } ?? CookbookPage.siteBookPath
        let members = tag?.members ?? Array(site.recipes.indices)
        // A tag's recipes in the site's A–Z order, which is a total order (slugs are unique).
        let order = tag == nil ? renderer.recipeIndexOrder : renderer.cookbookBodies.inIndexOrder(members, in: renderer)
        self.order = order
        let recipes = site.recipes
        self.recipes = recipes
        var titles: [String] = [], slugs: [String] = []
        titles.reserveCapacity(order.count)
        slugs.reserveCapacity(order.count)
        // Each field read where the recipe lies: a recipe bound to a name was copied (3,514 copies
        // at 1,000 recipes, about 1.2 M instructions with their releases; issue 37).
        for position in order {
            titles.append(recipes[position].title)
            slugs.append(recipes[position].slug)
        }
        self.titles = titles
        anchors = slugs.map(CookbookPage.anchor(slug:))
        bookCounts = renderer.cookbookBodies.bookCounts(in: renderer.plan)
        bookPlaces = renderer.cookbookBodies.allBookPlaces(in: renderer.plan)
        self.slugs = slugs
        let place = PageRenderer.BookPlace(path: path, inBook: PageRenderer.BookMembers(slugs), renderer: renderer)
        self.place = place
        root = place.root
        // Each number is shown by the recipe, the contents and the indexes: formatted once.
        numbers = renderer.cookbookBodies.numbers(order.count, in: renderer)
        title = tag?.name ?? site.config.title
        countText = renderer.strings.counted("recipe_count", order.count)
        description = renderer.strings.phrase("cookbook_description", ["title": title, "count": countText])
        tagIndex = renderer.cookbookTagIndex(order, except: book.tag)
        ingredientIndex = renderer.cookbookIngredientIndex(order)
    }

    /// Recipe `place`'s body as the book prints it, made when the book reaches it: its own
    /// page's (made once for all the recipe's books), its relative links then moved to the
    /// book's folder (a link written `../sidecar/` in a recipe means `recipes/sidecar/`). Made
    /// up front, a tag's book of the 10,000-recipe corpus held its 900 bodies while it was
    /// written, on each rendering thread: about 2 MB of the build's peak (issue 37). A body
    /// that cannot be made (its file changed since it was read) is empty here, and the book
    /// fails with its diagnostic (`failure`) once written.
    /// A theme that reads a body in two sections makes it twice (its books' share of it is then
    /// taken twice, and a later book makes its own): the built-in theme reads it once.
    func body(_ place: Int) -> String {
        do {
            let body = try renderer.cookbookBody(order[place], inBook: self.place.inBook)
            guard body.hasAttributes else { return body.html }
            let tree = renderer.site.treePrefix
            return HTMLURLRebasing.rebase(body.html, from: tree + RecipePage.path(slug: slugs[place]), to: tree + self.place.path)
        } catch {
            bodyFailure.withLock { if $0 == nil { $0 = error } }
            return ""
        }
    }

    /// The link from the book to recipe `place`'s page, written as one string
    /// (`RecipePage.link`): a book makes one for each of its recipes, and making the path,
    /// encoding it and then joining it to the root cost 2,900 instructions each (3,514 of them
    /// at 1,000 recipes, issue 37).
    func pageURL(_ place: Int) -> String { RecipePage.link(slug: slugs[place], root: root) }

    /// Why a body of the book could not be made, if one could not (`body(_:)`).
    var failure: Diagnostic? { bodyFailure.withLock { $0 } }

    /// The book's two indexes.
    enum Index {
        case tags, ingredients
    }

    /// The entries of `index`: a name and the places in `order` of its recipes.
    func groups(_ index: Index) -> [(name: String, places: [Int])] {
        switch index {
        case .tags: tagIndex
        case .ingredients: ingredientIndex
        }
    }

    /// An index as the template reads it: each name with its recipes' entries, made as the
    /// template reaches them (a list of dictionaries of lists, made whole for every book, was a
    /// few percent of the books' instructions).
    func index(_ index: Index) -> MustacheValue {
        let count = groups(index).count
        return .lazyArray(MustacheLazyArray(count: count) { [self] in .object(CookbookIndexTerm(book: self, index: index, group: $0)) })
    }
}

/// A name of an index (a tag, a main ingredient) with its recipes' entries.
struct CookbookIndexTerm: MustacheKeyedObject {
    let book: CookbookContents
    let index: CookbookContents.Index
    /// Its place among the index's names.
    let group: Int

    enum Key: Int, CaseIterable, CodingKey { case name, recipes }
    static let keyTable = MustacheKeyTable(Key.self)

    func value(_ key: Key) -> MustacheValue? {
        let book = book
        let group = book.groups(index)[group]
        switch key {
        case .name: return .string(group.name)
        case .recipes:
            let places = group.places
            return .lazyArray(MustacheLazyArray(count: places.count) { .object(CookbookEntryContext(book: book, place: places[$0])) })
        }
    }
}

/// A recipe as an index lists it: its title, its number in the book, its section.
struct CookbookEntryContext: MustacheKeyedObject {
    let book: CookbookContents
    /// Its place in the book's order.
    let place: Int

    enum Key: Int, CaseIterable, CodingKey { case title, number, anchor }
    static let keyTable = MustacheKeyTable(Key.self)

    func value(_ key: Key) -> MustacheValue? {
        switch key {
        case .title: .string(book.titles[place])
        case .number: .string(book.numbers[place])
        case .anchor: .string(book.anchors[place])
        }
    }
}

/// Recipe number `place` of a book as the book shows it: what a cook reads on paper, without the
/// page's controls (servings, video, previous and next).
struct CookbookRecipeContext: MustacheKeyedObject {
    let book: CookbookContents
    let place: Int

    /// The recipe, read from the site when asked: kept in the item, its copy (every field
    /// retained) and the item's box were made for every pass, replayed or not, of which only the
    /// first of each recipe reads it (a recording holds its own copy, `Recording`).
    var recipe: Recipe { book.recipes[book.order[place]] }

    enum Key: Int, CaseIterable, CodingKey {
        case title, number, anchor, summary, url, printURL, image, imageCredit, glass, yield, prepTime, cookTime, totalTime
        case category, cuisine, hasFacts, diets, hasDiets, ingredientGroups, hasIngredients, equipment, hasEquipment
        case methodGroups, hasMethod, nutrition, hasNutrition, tags, hasTags, servings, source, bodyHTML
    }
    static let keyTable = MustacheKeyTable(Key.self)
    var keys: [String] {
        Self.keyTable.names.filter { ($0 != "servings" || recipe.servings != nil) && ($0 != "source" || recipe.source != nil) }
    }

    /// The value of `key`; nil for `servings` and `source` when the recipe has none. The book's
    /// own answers (`bookAnswer`) first, without the recipe: a copy of it (`recipe`, every field
    /// retained) for every name asked was 320 instructions with its release, and the contents'
    /// lines ask only the book's (issue 37).
    func value(_ key: Key) -> MustacheValue? {
        bookAnswer(key, holes: false) ?? answer(key, of: recipe, holes: false)
    }

    /// The value of `key` when the book gives it rather than the recipe's fields (its title, as
    /// the book holds it, its number, anchor, page and body), else nil; with `holes`, what
    /// differs from book to book (`Part`) is a hole.
    func bookAnswer(_ key: Key, holes: Bool) -> MustacheValue? {
        switch key {
        case .title: .string(book.titles[place])
        case .number: part(.number, holes: holes)
        case .anchor: .string(book.anchors[place])
        case .url: part(.url, holes: holes)
        // A hole even where it is the same in every book: the books hold it already (`CookbookBodies`).
        case .bodyHTML: part(.body, holes: holes)
        default: nil
        }
    }

    /// `part`'s text, or with `holes` its hole in a recording.
    func part(_ part: Part, holes: Bool) -> MustacheValue {
        holes ? .object(MustacheHole(part.hole)) : .string(text(of: part))
    }

    /// The value of `key` for `recipe` (this item's); with `holes`, what differs from book to
    /// book (`Part`) is a hole.
    func answer(_ key: Key, of recipe: Recipe, holes: Bool) -> MustacheValue? {
        let renderer = book.renderer
        let root = book.root
        func part(_ part: Part) -> MustacheValue { self.part(part, holes: holes) }
        switch key {
        case .title, .number, .anchor, .url, .bodyHTML: return bookAnswer(key, holes: holes)
        case .summary: return .optional(recipe.summary)
        case .printURL:
            // Printed for people: `…/recipes/حساء-البنجر/`, not its percent-encoded form.
            return .optional(renderer.site.config.publishedURL.map { url in
                let address = url.page(RecipePage.path(of: recipe))
                return address.containsByte(UInt8(ascii: "%")) ? address.removingPercentEncoding ?? address : address
            })
        case .image:
            guard let image = recipe.image else { return .null }
            return renderer.printImage(image, alt: recipe.imageAlt ?? recipe.title, root: root, source: part(.imageSource))
        case .imageCredit:
            return .optional(recipe.image == nil ? nil : (recipe.imageCredit ?? renderer.site.config.imageCredit)?.text)
        case .glass: return .optional(recipe.glass)
        case .yield: return recipe.servings == nil ? .optional(recipe.yield) : .null
        case .prepTime: return .optional(recipe.prepTime.map { renderer.plan.durations.text($0, in: renderer.strings) })
        case .cookTime: return .optional(recipe.cookTime.map { renderer.plan.durations.text($0, in: renderer.strings) })
        case .totalTime: return .optional(recipe.shownTotalTime.map { renderer.plan.durations.text($0, in: renderer.strings) })
        case .category: return .optional(recipe.category)
        case .cuisine: return .optional(recipe.cuisine)
        case .hasFacts:
            // Whether the glass and the yield are there, without copying them out of the recipe's text.
            return .bool(recipe.hasGlass || recipe.hasYield || recipe.servings != nil || recipe.prepTime != nil
                         || recipe.cookTime != nil || recipe.shownTotalTime != nil || recipe.category != nil || recipe.cuisine != nil)
        case .diets: return .array(recipe.suitableForDiet.map { .string(renderer.dietLabel($0)) })
        case .hasDiets: return .bool(!recipe.suitableForDiet.isEmpty)
        case .ingredientGroups:
            let html = renderer.site.config.unsafeHTML
            return .array(recipe.ingredientGroups.enumerated().map { number, group in
                .object(CookbookIngredientGroup(
                    title: group.title, url: group.component == nil ? .null : part(.groupURL(number)),
                    items: group.items.enumerated().map { item, line in
                        Part.mayHoldURL(line, allowRawHTML: html) ? part(.ingredient(group: number, item: item))
                            : .string(Markdown.inlineHTML(line, allowRawHTML: html))
                    }))
            })
        case .hasIngredients: return .bool(recipe.hasIngredients)
        case .equipment: return .array(recipe.equipment.map(MustacheValue.string))
        case .hasEquipment: return .bool(!recipe.equipment.isEmpty)
        case .methodGroups:
            let html = renderer.site.config.unsafeHTML
            return .array(recipe.method.enumerated().map { number, group in
                ["groupTitle": .optional(group.title),
                 "stepsHTML": .array(group.steps.enumerated().map { step, line in
                     Part.mayHoldURL(line, allowRawHTML: html) ? part(.step(group: number, step: step))
                         : .string(Markdown.inlineHTML(line, allowRawHTML: html, always: true))
                 })]
            })
        case .hasMethod: return .bool(!recipe.method.isEmpty)
        case .nutrition: return .array(recipe.nutrition.map { ["label": .string(renderer.nutritionLabel($0)), "value": .string($0.value)] })
        case .hasNutrition: return .bool(!recipe.nutrition.isEmpty)
        case .tags: return .array(recipe.tags.map(MustacheValue.string))
        case .hasTags: return .bool(recipe.hasTags)
        case .servings:
            return recipe.servings.map { servings in
                ["label": .string(renderer.strings.text(servings.unit == nil ? "serves" : "makes")),
                 "count": .string(servings.countText), "unit": .optional(servings.unit)]
            }
        case .source: return recipe.source.map { source in ["name": .optional(source.name ?? source.url), "url": .optional(source.url)] }
        }
    }
}

/// One ingredient group of a recipe in a book (`ingredientGroups`): its title, the link of a
/// group made of another recipe, and its lines' HTML. Answered by key number: a dictionary made
/// for every group (its three keys hashed in, then each hashed again as the template read it)
/// was 2,200 instructions a group before any was read, 37 M at 10,000 recipes (issue 37).
struct CookbookIngredientGroup: MustacheKeyedObject {
    let title: String?
    /// Null when the group is not made of another recipe; else its link (or a recording's hole).
    let url: MustacheValue
    let items: [MustacheValue]

    enum Key: Int, CaseIterable, CodingKey { case groupTitle, groupURL, itemsHTML }
    static let keyTable = MustacheKeyTable(Key.self)

    func value(_ key: Key) -> MustacheValue? {
        switch key {
        case .groupTitle: .optional(title)
        case .groupURL: url
        case .itemsHTML: .array(items)
        }
    }
}
