import GalleryContent
import GallerySupport
import Mustache
import Synchronization

/// Every recipe by name, A to Z (`az` template), at `a-z/`: how a visitor without JavaScript, or
/// one reading the site from disk where the search box cannot fetch its index, still reaches every
/// recipe from any gallery page. One page of plain links up to `recipesPerPage` recipes; a larger
/// site's list goes on at `a-z/2/`, `a-z/3/`…, each page naming the letters it covers.
package struct RecipeIndexPage: TemplatePage {
    /// Page `number` (1-based) of the A–Z list of recipes: `a-z/index.html`, `a-z/2/index.html`, …
    package static func path(page number: Int) -> String {
        number <= 1 ? "a-z/index.html" : "a-z/\(number)/index.html"
    }

    package var templateName: String { "az" }

    /// Links on one page: about 70 KB of HTML, 12 KB compressed.
    package static let recipesPerPage = 1_000

    package func count(in site: PagePlan) -> Int {
        site.site.recipes.isEmpty ? 0 : (site.site.recipes.count + site.recipesPerIndexPage - 1) / site.recipesPerIndexPage
    }

    package func path(_ index: Int, in site: PagePlan) -> String { RecipeIndexPage.path(page: index + 1) }

    package func context(_ index: Int, in site: PageRenderer) -> MustacheValue { site.recipeIndexContext(page: index) }

    /// The recipes in A–Z order: by folded title (accents and case ignored), then title, then slug.
    package static func order(_ recipes: [Recipe]) -> [Int] {
        let keys = recipes.map { SearchWords.fold($0.title) }
        return recipes.indices.sorted { a, b in
            if keys[a] != keys[b] { return SearchIndex.codePointOrder(keys[a], keys[b]) }
            if recipes[a].title != recipes[b].title { return SearchIndex.codePointOrder(recipes[a].title, recipes[b].title) }
            return recipes[a].slug < recipes[b].slug
        }
    }

    /// The heading a recipe is listed under: its folded title's first letter, upper case, or "#"
    /// for a title that starts with a digit or a sign.
    package static func letter(of title: String) -> String {
        guard let first = SearchWords.fold(title).first(where: { !$0.isWhitespace }) else { return "#" }
        return first.isLetter ? first.uppercased() : "#"
    }
}

extension PageRenderer {
    /// The A–Z order of the tree's recipes, made once.
    var recipeIndexOrder: [Int] { plan.recipeIndex.get { RecipeIndexPage.order(site.recipes) } }

    func recipeIndexContext(page: Int) -> MustacheValue {
        let path = RecipeIndexPage.path(page: page + 1)
        let root = URLPath.root(from: path)
        let order = recipeIndexOrder
        let perPage = plan.recipesPerIndexPage
        let pageCount = (order.count + perPage - 1) / perPage
        let shown = order[page * perPage..<min(order.count, (page + 1) * perPage)]
        // Every letter of the whole list, linking to the page and heading where it starts.
        var letters: [MustacheValue] = []
        var seen: [String: String] = [:]
        for (position, recipe) in order.enumerated() {
            let letter = RecipeIndexPage.letter(of: site.recipes[recipe].title)
            guard seen[letter] == nil else { continue }
            let id = "letter-\(seen.count + 1)"
            seen[letter] = id
            let onPage = position / perPage
            let url = (onPage == page ? "" : URLPath.link(to: RecipeIndexPage.path(page: onPage + 1), root: root)) + "#" + id
            letters.append(["letter": .string(letter), "url": .string(url)])
        }
        var groups: [MustacheValue] = []
        var current: (letter: String, recipes: [MustacheValue])?
        func close() {
            if let current { groups.append(["letter": .string(current.letter), "id": .string(seen[current.letter]!), "recipes": .array(current.recipes)]) }
        }
        for recipe in shown.map({ site.recipes[$0] }) {
            let letter = RecipeIndexPage.letter(of: recipe.title)
            if current?.letter != letter {
                close()
                current = (letter, [])
            }
            current!.recipes.append(link(to: recipe, root: root))
        }
        close()
        let title = strings.text("recipes_a_to_z")
        let description = strings.counted("recipe_count", order.count)
        var context: [String: MustacheValue] = [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(title), "description": .string(description)],
            "meta": socialMeta(path: path, root: root, title: "\(title) · \(site.config.title)", description: description).context,
            "galleryURL": .string(URLPath.link(to: GalleryPage.firstPagePath, root: root)),
            "letters": .array(letters),
            "groups": .array(groups),
            "search": searchContext(root: root),
        ]
        if pageCount > 1 {
            context["pagination"] = ["pages": .array((0..<pageCount).map { number in
                let first = RecipeIndexPage.letter(of: site.recipes[order[number * perPage]].title)
                let last = RecipeIndexPage.letter(of: site.recipes[order[min(order.count, (number + 1) * perPage) - 1]].title)
                return ["range": .string(first == last ? first : "\(first)–\(last)"), "current": .bool(number == page),
                        "url": .string(URLPath.link(to: RecipeIndexPage.path(page: number + 1), root: root))]
            })]
        }
        return .dictionary(context)
    }

    /// The header's search box and the link to the A–Z page, which gallery, tag, recipe, journal,
    /// post and content pages share.
    func headerContext(root: String) -> [String: MustacheValue] {
        var context: [String: MustacheValue] = [:]
        for key in Self.headerKeys { context[key] = headerValue(key, root: root) }
        return context
    }

    /// The keys `headerContext` holds.
    static let headerKeys = ["search", "azURL"]

    /// Header key `key` of a page whose root is `root`; nil for another key.
    func headerValue(_ key: String, root: String) -> MustacheValue? {
        switch key {
        case "search": searchBoxes.value(root: root) { searchContext(root: root) }
        case "azURL": site.recipes.isEmpty ? .null : .string(URLPath.link(to: RecipeIndexPage.path(page: 1), root: root))
        default: nil
        }
    }
}

extension RecipeIndexPage {
    /// Every recipe's title and slug, in the tree's order (the A–Z order follows from them).
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("a-z", index)
        for recipe in site.site.recipes {
            hasher.combine(recipe.title)
            hasher.combine(recipe.slug)
        }
        return hasher.finalize()
    }
}

/// The header's search box (`search`) by the root of the page it is on: the same on every page at
/// one depth, so made once per depth instead of once per page (issue 37).
final class SearchBoxes: Sendable {
    private let byRoot = Mutex<[String: MustacheValue]>([:])

    func value(root: String, make: () -> MustacheValue) -> MustacheValue {
        if let known = byRoot.withLock({ $0[root] }) { return known }
        let made = make()
        byRoot.withLock { $0[root] = made }
        return made
    }
}
