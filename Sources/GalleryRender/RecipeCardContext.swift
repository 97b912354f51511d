import GalleryContent
import Mustache

/// A recipe's card in a list of cards (the gallery's `cards`, a tag page's `cards`, the home
/// text's `featured`), answered as the template asks (`MustacheKeyedObject`) instead of a
/// dictionary of every summary key per card (issue 37): the built-in tag page reads five of its
/// keys, and never `tags`, whose lookup hashed the slug for every card. Its keys and values are a
/// dictionary card's exactly (`PageRenderer.summaryValue`, `loading`, and the gallery's own):
/// `image` is absent, not null, without a picture, and a tag page's card has none of the
/// gallery's keys, so the lookup goes on further out as it did.
struct RecipeCardContext: MustacheKeyedObject {
    /// What every card of one page reads: one reference, not a copy of the renderer per card.
    final class Listing: Sendable {
        let renderer: PageRenderer
        /// The recipes the cards' `index` counts in.
        let recipes: [Recipe]
        /// The root of the page the cards are on.
        let root: String
        /// Where the gallery places each card; nil for a list of cards that is not the gallery.
        let placement: Placement?
        /// Where the tag pages' cards are recorded once and copied into every other tag page
        /// listing the same recipe (`MustacheReplayable`), and how many tag pages list each
        /// recipe; nil for cards rendered one by one (the gallery's, the home text's).
        let replay: Replay?

        init(renderer: PageRenderer, recipes: [Recipe], root: String, placement: Placement? = nil, replay: Replay? = nil) {
            self.renderer = renderer
            self.recipes = recipes
            self.root = root
            self.placement = placement
            self.replay = replay
        }
    }

    /// The recorded cards of a list whose pages all share one root (the tag pages), so that a
    /// recipe's card answers alike on each of them but for `loading`.
    struct Replay: Sendable {
        let replays: MustacheReplays
        /// The tags of each recipe: a recipe's card is listed once on the page of each.
        let tags: RecipeTagPositions
    }

    /// A gallery page's cards' own keys, by card.
    struct Placement: Sendable {
        /// `style`: each card's positions as custom properties (`GalleryStyle.cardStyles`).
        let styles: [String]
        /// `classes`: each card's filter classes.
        let classes: [String]
        /// Whether each card is on the first screen at every breakpoint: `decoding`.
        let firstScreen: [Bool]
        /// The first card on the first screen: the one whose `fetchPriority` is `high`.
        let first: Int?
    }

    let listing: Listing
    /// The card's position in `listing.recipes` (and in `listing.placement`'s lists).
    let index: Int
    /// The `<img>`'s `loading`: `eager` or `lazy`.
    let loading: String

    enum Key: Int, CaseIterable, CodingKey {
        case title, slug, url, summary, tags, hasTags, initial, image, loading, style, classes, decoding, fetchPriority
    }
    static let keyTable = MustacheKeyTable(Key.self)
    /// The keys of a card outside the gallery: the summary's and `loading`.
    static let listKeys = PageRenderer.summaryKeys + ["loading"]
    var keys: [String] { listing.placement == nil ? Self.listKeys : Self.keyTable.names }

    func value(_ key: Key) -> MustacheValue? {
        switch key {
        case .title: summaryValue(.title)
        case .slug: summaryValue(.slug)
        case .url: summaryValue(.url)
        case .summary: summaryValue(.summary)
        case .tags: summaryValue(.tags)
        case .hasTags: summaryValue(.hasTags)
        case .initial: summaryValue(.initial)
        case .image: summaryValue(.image)
        case .loading: .string(loading)
        case .style: listing.placement.map { .string($0.styles[index]) }
        case .classes: listing.placement.map { .string($0.classes[index]) }
        case .decoding: listing.placement.map { .string($0.firstScreen[index] ? "auto" : "async") }
        // Null, not absent, on a gallery card other than the first: as the dictionary had it.
        case .fetchPriority: listing.placement.map { index == $0.first ? "high" : .null }
        }
    }

    private func summaryValue(_ key: PageRenderer.SummaryKey) -> MustacheValue? {
        listing.renderer.summaryValue(key, of: self, root: listing.root)
    }
}

/// The card's recipe's fields, each read from `listing.recipes` where the recipe lies when a key
/// asks for it: a card answers a few of its keys, and a tag page's card is rendered once and
/// copied into the recipe's other tag pages (`MustacheReplayable`), so nothing is read up front.
extension RecipeCardContext: RecipeSummaryFields {
    var slug: String { listing.recipes[index].slug }
    var title: String { listing.recipes[index].title }
    var summary: String? { listing.recipes[index].summary }
    var tags: [String] { listing.recipes[index].tags }
    var hasTags: Bool { listing.recipes[index].hasTags }
    var image: ImageReference? { listing.recipes[index].image }
    var imageAlt: String? { listing.recipes[index].imageAlt }
}

/// A recipe's card is the same on every tag page that lists it (each is as deep, so its URLs
/// are alike) but for `loading` (the first cards of a page load eagerly): it is rendered on the
/// first of them and its bytes copied into the others, `loading` filled in (issue 37). A recipe
/// is on two and a half tag pages in the bench corpus, and its card's lookups and text were most
/// of a tag page's instructions.
extension RecipeCardContext: MustacheReplayable {
    /// A store without room for cards that are not replayed: it records nothing.
    private static let noReplays = MustacheReplays(budget: 0)

    var replays: MustacheReplays { listing.replay?.replays ?? Self.noReplays }
    var replayKey: Int { listing.replay == nil ? -1 : index }
    var replayUses: Int { listing.replay.map { $0.tags[index].count } ?? 0 }
    var recordingContext: any MustacheObject { Recording(card: self) }
    /// The one hole: `loading`.
    func holeText(_ index: Int) -> String { loading }

    /// The card as a recording reads it: its own answers, `loading` a hole.
    struct Recording: MustacheKeyedObject {
        typealias Key = RecipeCardContext.Key
        static var keyTable: MustacheKeyTable { RecipeCardContext.keyTable }
        let card: RecipeCardContext

        var keys: [String] { card.keys }
        func value(_ key: Key) -> MustacheValue? { key == .loading ? .object(MustacheHole(0)) : card.value(key) }
    }
}
