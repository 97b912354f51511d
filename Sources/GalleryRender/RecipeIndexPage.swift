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
        RecipeIndex(recipes).order
    }

    /// The heading a recipe is listed under: its folded title's first letter, upper case, or "#"
    /// for a title that starts with a digit or a sign.
    package static func letter(of title: String) -> String {
        letter(folded: SearchWords.fold(title))
    }

    /// `letter(of:)` of a title already folded (`SearchWords.fold`).
    static func letter(folded: String) -> String {
        guard let first = folded.first(where: { !$0.isWhitespace }) else { return "#" }
        return first.isLetter ? first.uppercased() : "#"
    }
}

/// The tree's recipes in A–Z order with the letter each is listed under, made once per build from
/// the folded titles that sort them: each A–Z page (one per thousand recipes) named the letter of
/// every recipe of the list again, folding its title twice, 5 of the 22 million instructions of
/// the 1,000-recipe page and ten times that per page at 10,000 recipes (issue 37).
struct RecipeIndex: Sendable {
    /// Positions in the site's recipes, A to Z.
    let order: [Int]
    /// Where in `order` each run of recipes under one letter starts, with the letter, in order:
    /// a letter may head more than one run (`#` before the digits and after a letter's signs).
    let runs: [(start: Int, letter: String)]

    init(_ recipes: [Recipe]) {
        // By position, not `map` over the recipes: each element handed to the closure was copied.
        let keys = recipes.indices.map { SearchWords.fold(recipes[$0].title) }
        order = recipes.indices.sorted { a, b in
            if keys[a] != keys[b] { return SearchIndex.codePointOrder(keys[a], keys[b]) }
            if recipes[a].title != recipes[b].title { return SearchIndex.codePointOrder(recipes[a].title, recipes[b].title) }
            return recipes[a].slug < recipes[b].slug
        }
        var runs: [(start: Int, letter: String)] = []
        for (position, recipe) in order.enumerated() {
            let letter = RecipeIndexPage.letter(folded: keys[recipe])
            if runs.last?.letter != letter { runs.append((position, letter)) }
        }
        self.runs = runs
    }

    /// The letter of the recipe at `position` in `order`.
    func letter(at position: Int) -> String {
        var low = 0, high = runs.count
        // The last run starting at or before `position`.
        while high - low > 1 {
            let middle = (low + high) / 2
            if runs[middle].start <= position { low = middle } else { high = middle }
        }
        return runs[low].letter
    }

    /// The runs that hold recipes of `positions`, each cut to them: a page's groups.
    func runs(in positions: Range<Int>) -> [(letter: String, positions: Range<Int>)] {
        runs.indices.compactMap { index in
            let end = index + 1 < runs.count ? runs[index + 1].start : order.count
            let (start, stop) = (max(runs[index].start, positions.lowerBound), min(end, positions.upperBound))
            return start < stop ? (runs[index].letter, start..<stop) : nil
        }
    }
}

extension PageRenderer {
    /// The tree's recipes in A–Z order with their letters, made once.
    var recipeIndex: RecipeIndex { plan.recipeIndex.get { RecipeIndex(site.recipes) } }

    /// The A–Z order of the tree's recipes, made once.
    var recipeIndexOrder: [Int] { recipeIndex.order }

    func recipeIndexContext(page: Int) -> MustacheValue {
        let path = RecipeIndexPage.path(page: page + 1)
        let root = URLPath.root(from: path)
        let index = recipeIndex
        let order = index.order
        let perPage = plan.recipesPerIndexPage
        let pageCount = (order.count + perPage - 1) / perPage
        let shown = page * perPage..<min(order.count, (page + 1) * perPage)
        // Every letter of the whole list, linking to the page and heading where it starts.
        var letters: [MustacheValue] = []
        var seen: [String: String] = [:]
        for (position, letter) in index.runs {
            guard seen[letter] == nil else { continue }
            let id = "letter-\(seen.count + 1)"
            seen[letter] = id
            let onPage = position / perPage
            let url = (onPage == page ? "" : URLPath.link(to: RecipeIndexPage.path(page: onPage + 1), root: root)) + "#" + id
            letters.append(["letter": .string(letter), "url": .string(url)])
        }
        let groups: [MustacheValue] = index.runs(in: shown).map { letter, positions in
            ["letter": .string(letter), "id": .string(seen[letter]!),
             "recipes": .array(positions.map { link(to: order[$0], root: root) })]
        }
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
                let first = index.letter(at: number * perPage)
                let last = index.letter(at: min(order.count, (number + 1) * perPage) - 1)
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
