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

        init(renderer: PageRenderer, recipes: [Recipe], root: String, placement: Placement? = nil) {
            self.renderer = renderer
            self.recipes = recipes
            self.root = root
            self.placement = placement
        }
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
        case .title: summary(.title)
        case .slug: summary(.slug)
        case .url: summary(.url)
        case .summary: summary(.summary)
        case .tags: summary(.tags)
        case .hasTags: summary(.hasTags)
        case .initial: summary(.initial)
        case .image: summary(.image)
        case .loading: .string(loading)
        case .style: listing.placement.map { .string($0.styles[index]) }
        case .classes: listing.placement.map { .string($0.classes[index]) }
        case .decoding: listing.placement.map { .string($0.firstScreen[index] ? "auto" : "async") }
        // Null, not absent, on a gallery card other than the first: as the dictionary had it.
        case .fetchPriority: listing.placement.map { index == $0.first ? "high" : .null }
        }
    }

    private func summary(_ key: PageRenderer.SummaryKey) -> MustacheValue? {
        listing.renderer.summaryValue(key, of: listing.recipes[index], root: listing.root)
    }
}
