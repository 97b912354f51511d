import Foundation
import GalleryContent
import GallerySupport
import Mustache

/// The printable cookbook (`cookbook` template): every recipe of the site in one document, at
/// `cookbook/`, and one per tag at `tags/<slug>/cookbook/`, that a browser prints as a book: a
/// cover, the contents, each recipe from a new page, an index by tag and by main ingredient.
/// Recipes are numbered in A–Z order and the contents and indexes give those numbers, which every
/// engine prints (page numbers of links, CSS `target-counter`, are printed by none of the three
/// browsers). Left out of the sitemap: it repeats the recipe pages, which are the ones to find.
package struct CookbookPage: TemplatePage {
    /// The printable cookbook of every recipe.
    package static let siteBookPath = "cookbook/index.html"
    /// A tag's printable cookbook: `tags/<slug>/cookbook/index.html`.
    package static func path(tag slug: String) -> String { "tags/\(slug)/cookbook/index.html" }
    /// Whether the output file at `path` is a book (in any language tree): books repeat the bodies
    /// of pages, so a problem in a body is named at its page first.
    package static func isBook(_ path: String) -> Bool {
        path == siteBookPath || path.hasSuffix("/" + siteBookPath)
    }

    package var templateName: String { "cookbook" }
    package var isListedInSitemap: Bool { false }

    /// One book: the whole site's, or a tag's (its position in `PagePlan.tags`).
    package struct Book: Sendable, Hashable {
        package var tag: Int?
    }

    package func count(in site: PagePlan) -> Int { site.cookbooks.count }

    package func path(_ index: Int, in site: PagePlan) -> String {
        site.cookbooks[index].tag.map { CookbookPage.path(tag: site.tags[$0].slug) } ?? CookbookPage.siteBookPath
    }

    package func context(_ index: Int, in site: PageRenderer) -> MustacheValue {
        site.cookbookContext(site.plan.cookbooks[index])
    }

    /// A book is rendered as it is written (`OutputFile.Stream`): at 10,000 recipes each tag's
    /// book is 2.5 MB, and held whole with its copy on each rendering thread, the books raised
    /// the build's peak memory by 12 MB (issue 37). Its bodies are made as it reaches them; one
    /// that cannot be made fails the book once written, as a template error does.
    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        let contents = CookbookContents(site.plan.cookbooks[index], in: site)
        let context = fullContext(index, context: .object(CookbookContext(book: contents)), in: site)
        let rendered = try site.stream(templateName, context: context)
        return OutputFile(path: path(index, in: site.plan), contents: .stream(OutputFile.Stream { sink in
            rendered.write(to: sink)
            if let failure = rendered.failure { throw failure }
            if let failure = contents.failure { throw failure }
        }))
    }

    package func origin(_ index: Int, in site: PagePlan) -> FileOrigin {
        guard let tag = site.cookbooks[index].tag else { return .generated("the cookbook") }
        return .generated("the cookbook of tag '\(site.tags[tag].name)'")
    }

    /// The books of `plan`'s tree: the site's when it has no more recipes than site.yml allows,
    /// then each tag's with recipes, under the same limit.
    static func books(in plan: PagePlan) -> [Book] {
        let settings = plan.site.config.cookbook
        var books: [Book] = settings.allows(recipeCount: plan.site.recipes.count) ? [Book(tag: nil)] : []
        for (position, tag) in plan.tags.enumerated() where settings.allowsTagBook(recipeCount: tag.members.count) {
            books.append(Book(tag: position))
        }
        return books
    }

    /// What the build says when a book is left out for its size: the site's, and how many tags'.
    static func skippedNote(in plan: PagePlan) -> Diagnostic? {
        let settings = plan.site.config.cookbook
        guard settings.isEnabled else { return nil }
        let count = plan.site.recipes.count
        let tooLarge = plan.tags.filter { $0.members.count > settings.maximumRecipes }.count
        guard count > settings.maximumRecipes || tooLarge > 0 else { return nil }
        let limit = GroupedNumber.text(settings.maximumRecipes)
        let tags = tooLarge == 1 ? "1 tag" : "\(GroupedNumber.text(tooLarge)) tags"
        let tree = plan.site.treePrefix.isEmpty ? "" : " (\(plan.site.config.language))"
        let message = switch (count > settings.maximumRecipes, tooLarge > 0) {
        case (true, false):
            "no printable cookbook for the whole site\(tree): its \(GroupedNumber.text(count)) recipes are more than cookbook.max_recipes (\(limit)); raise it in site.yml to make one"
        case (false, _):
            "no printable cookbook for \(tags)\(tree): each has more recipes than cookbook.max_recipes (\(limit)); raise it in site.yml to make them"
        case (true, true):
            "no printable cookbook for the whole site\(tree) (\(GroupedNumber.text(count)) recipes) nor for \(tags): each has more recipes than cookbook.max_recipes (\(limit)); raise it in site.yml to make them"
        }
        return Diagnostic(.note, path: plan.configDisplayPath, line: settings.line, column: settings.column, message)
    }

    /// `html` with every heading one level lower (`h2` → `h3`, `h6` stays): a recipe's body
    /// starts at `h2` on its own page, but under the recipe's `h2` title in the book.
    /// One pass over the bytes: `<hN>`, `<hN ` and `</hN>` for N from 1 to 5 get N + 1 (fifteen
    /// NSString replacements per body were two thirds of a 1,000-recipe build's instructions).
    /// From one `<` to the next with `memchr`, and copied only when a heading is there: a byte at
    /// a time, through a copy of every body, was 8.6 M instructions of a 1,000-recipe build.
    static func demotingHeadings(_ html: String) -> String {
        var html = html
        let demoted: [UInt8]? = html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var copy: [UInt8]?
            var start = 0
            while start < bytes.count, let found = memchr(base + start, Int32(UInt8(ascii: "<")), bytes.count - start) {
                let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                start = index + 1
                var position = index + 1
                let closing = position < bytes.count && bytes[position] == UInt8(ascii: "/")
                if closing { position += 1 }
                guard position + 2 < bytes.count, bytes[position] == UInt8(ascii: "h"),
                      bytes[position + 1] >= UInt8(ascii: "1"), bytes[position + 1] <= UInt8(ascii: "5") else { continue }
                let after = bytes[position + 2]
                guard after == UInt8(ascii: ">") || (!closing && after == UInt8(ascii: " ")) else { continue }
                if copy == nil { copy = Array(bytes) }
                copy![position + 1] += 1
            }
            return copy
        }
        return demoted.map { String(decoding: $0, as: UTF8.self) } ?? html
    }
}

extension PagePlan {
    /// The tree's cookbooks (`CookbookPage.books(in:)`), made on first use.
    var cookbooks: [CookbookPage.Book] { cookbookList.get { CookbookPage.books(in: self) } }

    /// Whether the site's own cookbook is made (the gallery links to it).
    var hasCookbook: Bool { cookbooks.first?.tag == nil && !cookbooks.isEmpty }

    /// Whether tag `slug`'s cookbook is made (its tag page links to it).
    func hasCookbook(tagMembers count: Int) -> Bool { site.config.cookbook.allowsTagBook(recipeCount: count) }
}

extension PageRenderer {
    /// The book's context: cover, contents, recipes, indexes (`CookbookContext`).
    func cookbookContext(_ book: CookbookPage.Book) -> MustacheValue {
        .object(CookbookContext(book: CookbookContents(book, in: self)))
    }

    /// Where a book is and what it holds: worked out once per book, not once per recipe in it.
    struct BookPlace: Sendable {
        /// The book's output path in its tree, and the way back to the tree's root from it.
        var path: String
        var root: String
        /// The book's recipes.
        var inBook: BookMembers
        /// Where a `recipe:` link of an ingredient or a step goes from the book (`bookLinks`).
        var links: Markdown.RecipeLinkRenderer

        init(path: String, inBook: BookMembers, renderer: PageRenderer) {
            self.path = path
            root = URLPath.root(from: path)
            self.inBook = inBook
            links = renderer.bookLinks(root: root, inBook: inBook)
        }
    }

    /// The slugs of a book's recipes, made a set the first time a `recipe:` link asks whether the
    /// book holds one: most books have no such link, and hashing every slug of every book for
    /// them was about 2 M instructions of a 1,000-recipe build (issue 37).
    final class BookMembers: Sendable {
        private let slugs: [String]
        private let set = SharedLazy<Set<String>>()

        init(_ slugs: [String]) {
            self.slugs = slugs
        }

        func contains(_ slug: String) -> Bool { set.get { Set(slugs) }.contains(slug) }
    }

    /// Where a `recipe:slug` link of a recipe in the book goes: to that recipe's section when the
    /// book holds it (a Daiquiri's syrup, a few pages on), else to its page.
    func bookLinks(root: String, inBook: BookMembers) -> Markdown.RecipeLinkRenderer {
        let pages = recipeLinks(root: root)
        return { slug, fragment in inBook.contains(slug) ? "#recipe-" + slug : pages(slug, fragment) }
    }

    /// A picture at print resolution: the largest rendition (or the SVG itself) as the only
    /// source, so every engine prints the same sharp file (a srcset picks by the screen's pixels).
    /// `source`: the `src` value (`printImageSource`), or a hole in a book's recording.
    func printImage(_ image: ImageReference, alt: String, root: String, source: MustacheValue) -> MustacheValue {
        let key = switch image {
        case .local(let path): path
        case .remote(let url): url
        }
        let info = site.images[key]
        return ["src": source, "alt": .string(alt),
                "width": info.map { .int($0.width) } ?? .null, "height": info.map { .int($0.height) } ?? .null]
    }

    /// The URL of a picture at print resolution (`printImage`) from `root`.
    func printImageSource(_ image: ImageReference, root: String) -> String {
        switch image {
        case .local(let path): URLPath.link(to: Self.publishedImagePath(path, in: pictures), root: assetRoot(root))
        case .remote(let url): url
        }
    }

    /// The book's recipes under each tag they carry (but the book's own), tags in tag-page order:
    /// each tag's name and its recipes' places in `order`.
    func cookbookTagIndex(_ order: [Int], except own: Int?) -> [(name: String, places: [Int])] {
        let recipeTags = plan.recipeTags.get { RecipeTagPositions(tags: tags, recipeCount: site.recipes.count) }
        var pairs: [(group: Int32, place: Int)] = []
        for (place, position) in order.enumerated() {
            for tag in recipeTags[position] where Int(tag) != own { pairs.append((tag, place)) }
        }
        return Self.indexGroups(pairs).map { (tags[Int($0.group)].name, $0.places) }
    }

    /// The book's recipes under their main ingredient (`MainIngredient`), A–Z by ingredient: each
    /// ingredient's name (as its first recipe in the book writes it) and its recipes' places in
    /// `order`. Grouped by each key's rank among all keys, found once for all the books, not by
    /// hashing and sorting the keys' text again in every book.
    func cookbookIngredientIndex(_ order: [Int]) -> [(name: String, places: [Int])] {
        // The table once per book, not once per recipe: each read took its lock.
        let mainIngredients = cookbookBodies.mainIngredients(in: plan)
        var pairs: [(group: Int32, place: Int)] = []
        pairs.reserveCapacity(order.count)
        for (place, position) in order.enumerated() {
            if let entry = mainIngredients[position] { pairs.append((entry.rank, place)) }
        }
        return Self.indexGroups(pairs).map { group in (mainIngredients[order[group.places[0]]]?.name ?? "", group.places) }
    }

    /// An index's entries, each a group's number (a tag's position, an ingredient's rank: small
    /// and not negative) and a place in the book, given in the book's order, as the groups in
    /// number order, each with its places in the book's order. Counted into their groups rather
    /// than sorted: a book's indexes list every recipe once per tag.
    static func indexGroups(_ pairs: [(group: Int32, place: Int)]) -> [(group: Int32, places: [Int])] {
        guard let largest = pairs.lazy.map(\.group).max() else { return [] }
        var counts = [Int](repeating: 0, count: Int(largest) + 1)
        for pair in pairs { counts[Int(pair.group)] += 1 }
        var groups: [(group: Int32, places: [Int])] = []
        // Each group number's place in `groups`.
        var slots = [Int](repeating: 0, count: counts.count)
        for (group, count) in counts.enumerated() where count > 0 {
            slots[group] = groups.count
            var places: [Int] = []
            places.reserveCapacity(count)
            groups.append((Int32(group), places))
        }
        for pair in pairs { groups[slots[Int(pair.group)]].places.append(pair.place) }
        return groups
    }
}

extension CookbookPage {
    /// A recipe's id in the book: never one of the page's own (`main`, `contents`).
    static func anchor(slug: String) -> String { "recipe-" + slug }
}

extension CookbookPage {
    /// Every recipe of the book, whole, and the tags (the index and the book's title).
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        let book = site.plan.cookbooks[index]
        var hasher = inputs.hasher("cookbook", index)
        hasher.combine(book.tag.map { site.tags[$0].name } ?? "")
        let members = book.tag.map { site.tags[$0].members } ?? Array(site.site.recipes.indices)
        hasher.combine(members.count)
        for position in members { hasher.combine(inputs.recipes[position]) }
        hasher.combine(site.tags.count)
        for tag in site.tags {
            hasher.combine(tag.name)
            hasher.combine(tag.slug)
        }
        return hasher.finalize()
    }
}
