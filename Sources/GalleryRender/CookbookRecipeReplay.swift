import GalleryContent
import GallerySupport
import Mustache

/// A recipe of a book is written once per section and build, then copied into every other book
/// that holds it (`MustacheReplayable`): a recipe is in the site's book and in the book of each
/// of its tags, three and a half books per recipe in the bench corpus, and rendering each from
/// scratch was two thirds of the books' instructions (issue 37). What differs from book to book
/// is a hole in the recording (`Part`): the recipe's number, every URL made from the book's root
/// (its page, its picture, a body's links and pictures), and the lines that may hold a URL (a
/// `recipe:` link into the book or out of it, a relative link or picture moved to its folder). Everything else it answers depends on the recipe alone.
extension CookbookRecipeContext: MustacheReplayable {
    var replays: MustacheReplays { book.renderer.cookbookReplays }
    var replayKey: Int { book.order[place] }
    /// Every book holding the recipe lists it once per section.
    var replayUses: Int { Int(book.bookCounts[book.order[place]]) }
    /// The place among the books of the recipe's book number `pass`: the books are made in
    /// that order, so a recording is wanted next by the book of the nearest place.
    func replayOrder(ofPass pass: Int) -> Int? {
        let books = book.bookPlaces[book.order[place]]
        return pass < books.count ? Int(books[books.startIndex + pass]) : nil
    }
    var recordingContext: any MustacheObject { Recording(item: self, recipe: recipe) }
    func holeText(_ index: Int) -> String { text(of: Part(hole: index)) }

    /// A value of the recipe's that differs from book to book.
    enum Part: Equatable {
        /// Its number in the book.
        case number
        /// Its page's URL, from the book's root.
        case url
        /// Its picture's URL, from the book's root.
        case imageSource
        /// Its body, whose URLs and links may depend on the book, and which the books hold anyway.
        case body
        /// The link of an ingredient group made of another recipe (in the book or out of it).
        case groupURL(Int)
        /// An ingredient line or a step that may hold a URL (`mayHoldURL`).
        case ingredient(group: Int, item: Int)
        case step(group: Int, step: Int)

        /// Whether `line` may hold a URL whose text differs from book to book: a `recipe:` link
        /// (the same test `Markdown` makes before it looks for one), a link or a picture (`](`),
        /// or, where raw HTML is allowed, a tag. A line with none of these has no attribute to
        /// move to the book's folder: it is the same in every book.
        static func mayHoldURL(_ line: String, allowRawHTML: Bool) -> Bool {
            line.containsBytes(RecipeLink.scheme) || line.containsBytes("](") || (allowRawHTML && line.containsBytes("<"))
        }

        /// The part as a hole's number: its kind in the low three bits, then its group, then its line.
        var hole: Int {
            switch self {
            case .number: 0
            case .url: 1
            case .imageSource: 2
            case .body: 3
            case .groupURL(let group): 4 | group << 3
            case .ingredient(let group, let item): 5 | group << 3 | item << 32
            case .step(let group, let step): 6 | group << 3 | step << 32
            }
        }

        init(hole: Int) {
            let (group, line) = ((hole >> 3) & 0x1FFF_FFFF, hole >> 32)
            switch hole & 7 {
            case 0: self = .number
            case 1: self = .url
            case 2: self = .imageSource
            case 3: self = .body
            case 4: self = .groupURL(group)
            case 5: self = .ingredient(group: group, item: line)
            default: self = .step(group: group, step: line)
            }
        }
    }

    /// This book's text of `part`.
    func text(of part: Part) -> String {
        let renderer = book.renderer
        switch part {
        case .number: return book.numbers[place]
        case .url: return book.pageURL(place)
        case .imageSource: return recipe.image.map { renderer.printImageSource($0, root: book.root) } ?? ""
        case .body: return book.body(place)
        case .groupURL(let group): return recipe.ingredientGroups[group].component.map { book.place.links($0.slug, nil) } ?? ""
        case .ingredient(let group, let item): return lineHTML(recipe.ingredientGroups[group].items[item], always: false)
        case .step(let group, let step): return lineHTML(recipe.method[group].steps[step], always: true)
        }
    }

    /// An ingredient line or a step (`always`, as `Markdown.inlineHTML` takes it) as the book
    /// prints it: rendered as the recipe's page renders it, its `recipe:` links addressed from
    /// that page, then its relative URLs moved to the book's folder as its body's are
    /// (`HTMLURLRebasing`): a link written `../sidecar/` on a line means `recipes/sidecar/`.
    func lineHTML(_ line: String, always: Bool) -> String {
        let renderer = book.renderer
        let tree = renderer.site.treePrefix
        let page = RecipePage.path(of: recipe)
        let html = Markdown.inlineHTML(line, allowRawHTML: renderer.site.config.unsafeHTML, always: always,
                                       recipeLinks: renderer.bookLinks(root: URLPath.root(from: page), inBook: book.place.inBook))
        return HTMLURLRebasing.rebase(html, from: tree + page, to: tree + book.place.path)
    }

    /// The recipe as a recording reads it: its own answers, with a hole for each `Part`. It
    /// holds the recipe, which the recording reads for most keys.
    struct Recording: MustacheKeyedObject {
        typealias Key = CookbookRecipeContext.Key
        static var keyTable: MustacheKeyTable { CookbookRecipeContext.keyTable }
        let item: CookbookRecipeContext
        let recipe: Recipe

        var keys: [String] { item.keys }
        func value(_ key: Key) -> MustacheValue? { item.answer(key, of: recipe, holes: true) }
    }
}
