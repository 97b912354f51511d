import GalleryContent
import GallerySupport
import Mustache
import Synchronization

/// Each recipe's body as the printed cookbooks show it, made once per build and handed to every
/// book that holds the recipe. The site's book and each of its tags' books used to read and parse
/// the body again, once per book: a 1,000-recipe build parsed 4,500 bodies for 1,000 recipes
/// (its page and 3.5 books each), more than a third of its render instructions. Now the recipe's
/// own page, rendered before the books, leaves the books' form here from its own parse
/// (`Markdown.RecipeBody.unmarkedHTML`), and a book that finds none makes it and leaves it for
/// the recipe's other books. A body with `recipe:` links, which point elsewhere in each book, is
/// left as its parse (`Markdown.LinkedBody`) by the first book that needs it, and each book
/// renders that with its own links.
///
/// Memory: bodies are not held for the whole build (a 100,000-recipe site's would be hundreds of
/// megabytes). A body is held from the page that makes it until the last book holding the recipe
/// has taken it (how many books hold each recipe is known from the plan), and never more than
/// `budget` bytes of them at once: past that, a body wanted soon makes room by letting go of the
/// bodies wanted last (Belady's rule, by the place of the next book to take each), and a book
/// that finds none makes its own, which costs instructions but no memory. Each book is rendered
/// right after the pages of its recipes that no earlier book holds (`PageRenderer.renderOrder`),
/// so a body is held from its page to its last book. One per renderer, so whatever an
/// incremental build leaves untaken goes with the render step.
final class CookbookBodies: Sendable {
    /// A body in the books' form: headings one level down (`CookbookPage.demotingHeadings`), its
    /// URLs still relative to the recipe's page.
    struct Body: Sendable {
        var html: String
        /// Whether it has an attribute that may hold a URL to move to the book's folder
        /// (`HTMLURLRebasing.hasQuotedAttribute`); most bodies have none.
        var hasAttributes: Bool

        /// The books' form of `html`, a body as its page renders it without cook mode's markup.
        init(pageHTML html: String) {
            self.html = CookbookPage.demotingHeadings(html)
            hasAttributes = HTMLURLRebasing.hasQuotedAttribute(self.html)
        }
    }

    /// What the books take of a recipe's body: the books' form, or, for a body whose `recipe:`
    /// links differ from book to book, its parse.
    enum Kept: Sendable {
        case rendered(Body)
        case linked(Markdown.LinkedBody)

        /// The bytes it counts against the budget: the HTML's, or for a parse an estimate of
        /// cmark's nodes, eight times its text.
        var bytes: Int {
            switch self {
            case .rendered(let body): body.html.utf8.count
            case .linked(let body): 8 * body.textBytes
            }
        }
    }

    private struct Held {
        /// A body held, how many books are still to take it, and the recipe's books' places in
        /// `PagePlan.cookbooks`, in order (the place of the next to take it is `store`'s).
        struct Entry {
            var body: Kept
            var uses: Int
            var books: ArraySlice<Int32>
        }
        /// By the recipe's position. Which are held, within the budget, is `store`'s to say,
        /// keyed by position too.
        var bodies: [Int: Entry] = [:]
        var store: NextUseBudget
        /// By the recipe's position, how many books have asked for its body so far (`take`),
        /// found or not: a body kept after some books made their own (a recipe's page still
        /// being rendered on another thread when its first book began) is kept only for the
        /// others, not held for ever for books that came and went. Made on the first `take`.
        var asked: [UInt16] = []

        /// The place of the next book to take recipe `position`'s body, of its `books`.
        func nextBook(_ position: Int, of books: ArraySlice<Int32>) -> Int {
            let asked = position < self.asked.count ? Int(self.asked[position]) : 0
            return asked < books.count ? Int(books[books.startIndex + asked]) : 0
        }
    }

    private let held: Mutex<Held>
    /// How many bodies the books made for themselves, finding none held (tests).
    private let made = Atomic(0)
    /// How many books hold each recipe, by position (`CookbookBodies.bookCounts(in:)`), made on first use.
    private let counts = SharedLazy<[Int32]>()
    /// Each recipe's main ingredient and the key the index groups it by (`MainIngredient`), by
    /// position, for the recipes in a book: found once, not once per book (reading the first
    /// ingredient line was most of a book's index by ingredient).
    private let mainIngredients = SharedLazy<[MainIngredientEntry?]>()

    /// A recipe's main ingredient as the index by ingredient groups it: its name, and its key's
    /// place among all the keys in code point order (a book groups and sorts by that number,
    /// not by the key's text again).
    struct MainIngredientEntry {
        let name: String
        let rank: Int32
    }
    /// The most bytes of HTML held at once: about 2,700 bodies of the bench corpora's 780 bytes.
    /// Every byte of them is one more at the build's peak, or two: the 10,000-recipe bench corpus
    /// (30 tags' books, each recipe in 2.5; no site book, past `cookbook.max_recipes`) holds at
    /// most 4.4 MB of bodies at once, its books rendered among its pages, and held whole they
    /// peaked at 57–59 MB, the 59 MB issue 37 allows. At 10,000 recipes 1 MB made 7,000 bodies
    /// again (about 73,000 instructions each), 2 MB makes 3,500 for about 1 MB more at the peak
    /// (3 MB: 1,700, up to 57 MB). 1 MB holds the 1,000-recipe corpus's; at 100,000 no tag has
    /// few enough recipes for a book, so nothing is held.
    let budget: Int

    static let defaultBudget = 2 << 20

    init(budget: Int = CookbookBodies.defaultBudget) {
        self.budget = budget
        held = Mutex(Held(store: NextUseBudget(budget: budget)))
    }

    /// How many of `plan`'s books hold the recipe at `position`.
    func bookCount(of position: Int, in plan: PagePlan) -> Int {
        Int(bookCounts(in: plan)[position])
    }

    /// How many of `plan`'s books hold each recipe, by position.
    func bookCounts(in plan: PagePlan) -> [Int32] {
        counts.get { Self.bookCounts(in: plan) }
    }

    /// Each recipe's place in the tree's A–Z order (`PageRenderer.recipeIndexOrder`), by position.
    private let indexPlaces = SharedLazy<[Int32]>()
    /// The numbers 1 to the largest book's count, as the books show them (`ThemeStrings.number`).
    private let numberTexts = SharedLazy<[String]>()

    /// `positions` (a tag's recipes) in the tree's A–Z order: sorted by their places in the
    /// site's order rather than by their titles again (the order is total: slugs are unique).
    func inIndexOrder(_ positions: [Int], in renderer: PageRenderer) -> [Int] {
        let places = indexPlaces.get {
            var places = [Int32](repeating: 0, count: renderer.site.recipes.count)
            for (place, position) in renderer.recipeIndexOrder.enumerated() { places[position] = Int32(place) }
            return places
        }
        return positions.sorted { places[$0] < places[$1] }
    }

    /// The numbers of a book of `count` recipes, 1 to `count`, formatted once for all the books.
    func numbers(_ count: Int, in renderer: PageRenderer) -> ArraySlice<String> {
        let texts = numberTexts.get {
            let largest = renderer.plan.cookbooks.map { $0.tag.map { renderer.tags[$0].members.count } ?? renderer.site.recipes.count }.max() ?? 0
            return (0..<largest).map { renderer.strings.number($0 + 1) }
        }
        return count <= texts.count ? texts[..<count] : ArraySlice((0..<count).map { renderer.strings.number($0 + 1) })
    }

    /// Each recipe's number of books: the site's book holds all, a tag's book its members.
    static func bookCounts(in plan: PagePlan) -> [Int32] {
        var counts = [Int32](repeating: 0, count: plan.site.recipes.count)
        for book in plan.cookbooks {
            if let tag = book.tag {
                for member in plan.tags[tag].members { counts[member] += 1 }
            } else {
                for position in counts.indices { counts[position] += 1 }
            }
        }
        return counts
    }

    /// Each recipe's first book, by position: the place in `plan.cookbooks` of the first book
    /// holding it, or -1 when none does (`PageRenderer.renderOrder`).
    func firstBooks(in plan: PagePlan) -> [Int32] {
        let places = allBookPlaces(in: plan)
        return plan.site.recipes.indices.map { places[$0].first ?? -1 }
    }

    /// The places in `plan.cookbooks` of the books holding each recipe, in order: recipe
    /// `position`'s are `places[starts[position]..<starts[position + 1]]`.
    struct BookPlaces: Sendable {
        let starts: [Int32]
        let places: [Int32]

        init(_ plan: PagePlan, counts: [Int32]) {
            var starts = [Int32](repeating: 0, count: counts.count + 1)
            for (position, count) in counts.enumerated() { starts[position + 1] = starts[position] + count }
            var places = [Int32](repeating: 0, count: Int(starts[counts.count]))
            var filled = starts
            for (place, book) in plan.cookbooks.enumerated() {
                for member in book.tag.map({ plan.tags[$0].members }) ?? Array(counts.indices) {
                    places[Int(filled[member])] = Int32(place)
                    filled[member] += 1
                }
            }
            self.starts = starts
            self.places = places
        }

        subscript(position: Int) -> ArraySlice<Int32> { places[Int(starts[position])..<Int(starts[position + 1])] }
    }

    private let places = SharedLazy<BookPlaces>()

    /// The places in `plan.cookbooks` of the books holding recipe `position`, in order.
    func bookPlaces(of position: Int, in plan: PagePlan) -> ArraySlice<Int32> {
        allBookPlaces(in: plan)[position]
    }

    /// The places in `plan.cookbooks` of the books holding each recipe (`BookPlaces`).
    func allBookPlaces(in plan: PagePlan) -> BookPlaces {
        places.get { BookPlaces(plan, counts: bookCounts(in: plan)) }
    }

    /// Each recipe's main ingredient, by position, when it has one and a book holds it.
    func mainIngredients(in plan: PagePlan) -> [MainIngredientEntry?] {
        mainIngredients.get {
            let recipes = plan.site.recipes
            let found = concurrentMap(count: recipes.count) { position -> (name: String, key: String)? in
                guard bookCount(of: position, in: plan) > 0, let name = MainIngredient.name(of: recipes[position]) else { return nil }
                return (name, MainIngredient.key(of: name))
            }
            let keys = Set(found.compactMap { $0?.key }).sorted(by: SearchIndex.codePointOrder)
            let ranks = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices.map(Int32.init)))
            return found.map { $0.map { MainIngredientEntry(name: $0.name, rank: ranks[$0.key]!) } }
        }
    }


    /// Whether a body for recipe `position` would be kept now: some book holding the recipe has
    /// not asked for it yet, none is held for it, and the budget has room, or holds a body
    /// wanted later.
    func wants(_ position: Int, in plan: PagePlan) -> Bool {
        // Counted first: a site without books (100,000 recipes, each tag's too large) makes no places.
        guard bookCount(of: position, in: plan) > 0 else { return false }
        let books = bookPlaces(of: position, in: plan)
        return held.withLock { held in
            held.bodies[position] == nil && Self.asked(position, in: held) < books.count
                && held.store.hasRoom(before: held.nextBook(position, of: books))
        }
    }

    /// Keeps `body` for the books holding recipe `position` that have not asked for it yet (of
    /// `plan`'s), unless none is left, one is held already or it does not fit, even in the room
    /// of the bodies wanted later than it.
    func keep(_ body: Kept, of position: Int, in plan: PagePlan) {
        keep(body, of: position, bookPlaces: bookPlaces(of: position, in: plan))
    }

    /// Keeps `body` for the `books` holding recipe `position` that have not asked for it yet,
    /// as if each were wanted soonest (tests).
    func keep(_ body: Kept, of position: Int, books: Int) {
        keep(body, of: position, bookPlaces: ArraySlice(repeatElement(0, count: books)))
    }

    /// Keeps `body` for those of `books` (places in `PagePlan.cookbooks`, in order) that have not
    /// asked for it yet (`keep(_:of:in:)`).
    func keep(_ body: Kept, of position: Int, bookPlaces books: ArraySlice<Int32>) {
        let size = body.bytes
        held.withLock { held in
            let uses = books.count - Self.asked(position, in: held)
            let next = held.nextBook(position, of: books)
            guard uses > 0, held.bodies[position] == nil,
                  let lettingGo = held.store.hold(position, bytes: size, next: next) else { return }
            for gone in lettingGo { held.bodies[gone] = nil }
            held.bodies[position] = Held.Entry(body: body, uses: uses, books: books)
        }
    }

    private static func asked(_ position: Int, in held: Held) -> Int {
        position < held.asked.count ? Int(held.asked[position]) : 0
    }

    /// The body held for recipe `position`, if any, let go when this was the last book to take
    /// it. `recipeCount`: the site's, for the count of books asking.
    func take(_ position: Int, recipeCount: Int) -> Kept? {
        held.withLock { held in
            if held.asked.count < recipeCount { held.asked += repeatElement(0, count: recipeCount - held.asked.count) }
            if position < held.asked.count, held.asked[position] < .max { held.asked[position] += 1 }
            guard var entry = held.bodies[position] else { return nil }
            if entry.uses > 1 {
                entry.uses -= 1
                held.store.move(position, to: held.nextBook(position, of: entry.books))
                held.bodies[position] = entry
            } else {
                held.bodies[position] = nil
                held.store.letGo(position)
            }
            return entry.body
        }
    }

    /// The bytes held now (tests).
    var heldBytes: Int { held.withLock { $0.store.bytes } }

    /// How many bodies the books have made for themselves so far, finding none held (tests).
    var madeByBooks: Int { made.load(ordering: .relaxed) }

    /// Counts a body a book made for itself (`madeByBooks`).
    func countMade() { made.add(1, ordering: .relaxed) }
}

extension PageRenderer {
    /// Recipe `index`'s body as its page shows it (`RecipePageContext`), read and parsed once: the
    /// same parse gives its books' form when a book holds the recipe (`CookbookBodies`) and the
    /// feed's when the feed lists it (`FeedBodies`). A body with `recipe:` links is left to the
    /// books, whose links differ (`bookLinks`, `Markdown.LinkedBody`).
    func recipePageBody(_ index: Int, root: String) throws(Diagnostic) -> Markdown.RecipeBody {
        let recipe = site.recipes[index]
        let text = try site.body(of: recipe)
        let (strings, closings) = (self.strings, plan.stepClosings)
        let forBooks = cookbookBodies.wants(index, in: plan) && !text.containsBytes(RecipeLink.scheme)
        let forFeed = feedBodies.wants(index, in: plan) ? feed?.bodyAddresses(of: recipe) : nil
        var body = Markdown.recipeBody(text, allowRawHTML: site.config.unsafeHTML,
                                       images: bodyImages(documentPath: recipe.sourcePath, root: root),
                                       recipeLinks: recipeLinks(root: root),
                                       stepClosing: recipe.method.isEmpty ? { closings.closing($0, strings: strings) } : nil,
                                       keepingUnmarkedHTML: forBooks, alsoRendering: forFeed)
        if let unmarked = body.unmarkedHTML {
            cookbookBodies.keep(.rendered(CookbookBodies.Body(pageHTML: unmarked)), of: index, in: plan)
            body.unmarkedHTML = nil
        }
        if let feedHTML = body.otherHTML {
            feedBodies.keep(feedHTML, of: index)
            body.otherHTML = nil
        }
        return body
    }

    /// Recipe `position`'s body in the books' form, for a book holding the recipes `inBook`:
    /// the one its page or an earlier book left, else made here (and left for the recipe's other
    /// books). The body as its own page has it: images and links relative to that page. A body
    /// with `recipe:` links is rendered with this book's links from the parse an earlier book
    /// left, else parsed here and its parse left for the others.
    func cookbookBody(_ position: Int, inBook: BookMembers) throws(Diagnostic) -> CookbookBodies.Body {
        let kept = cookbookBodies.take(position, recipeCount: site.recipes.count)
        if case .rendered(let body)? = kept { return body }
        let recipe = site.recipes[position]
        let pageRoot = URLPath.root(from: RecipePage.path(of: recipe))
        if case .linked(let body)? = kept {
            return CookbookBodies.Body(pageHTML: body.html(recipeLinks: bookLinks(root: pageRoot, inBook: inBook)))
        }
        let text = try site.body(of: recipe)
        cookbookBodies.countMade()
        let images = bodyImages(documentPath: recipe.sourcePath, root: pageRoot)
        if text.containsBytes(RecipeLink.scheme) {
            let parsed = Markdown.LinkedBody(text, allowRawHTML: site.config.unsafeHTML, images: images)
            cookbookBodies.keep(.linked(parsed), of: position, in: plan)
            return CookbookBodies.Body(pageHTML: parsed.html(recipeLinks: bookLinks(root: pageRoot, inBook: inBook)))
        }
        let body = CookbookBodies.Body(pageHTML: Markdown.html(text, allowRawHTML: site.config.unsafeHTML, images: images,
                                                               recipeLinks: bookLinks(root: pageRoot, inBook: inBook)))
        cookbookBodies.keep(.rendered(body), of: position, in: plan)
        return body
    }
}
