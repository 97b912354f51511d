import GalleryContent
import Mustache

/// A recipe's card in a list of cards (a tag page's `cards`, the home text's `featured`), answered
/// as the template asks (`MustacheKeyedObject`) instead of a dictionary of every summary key per
/// card (issue 37): the built-in tag page reads five of its nine keys, and never `tags`, whose
/// lookup hashed the slug for every card. Its keys and values are a dictionary card's exactly
/// (`PageRenderer.summaryValue`, then `loading`): `image` is absent, not null, without a picture,
/// so the lookup goes on further out as it did.
struct RecipeCardContext: MustacheKeyedObject {
    /// What every card of one page reads: one reference, not a copy of the renderer per card.
    final class Listing: Sendable {
        let renderer: PageRenderer
        /// The site's recipes, read once here rather than through `renderer.site` per key.
        let recipes: [Recipe]
        /// The root of the page the cards are on.
        let root: String

        init(renderer: PageRenderer, root: String) {
            self.renderer = renderer
            recipes = renderer.site.recipes
            self.root = root
        }
    }

    let listing: Listing
    /// The recipe's position in `site.recipes`.
    let index: Int
    /// The `<img>`'s `loading`: `eager` or `lazy`.
    let loading: String

    typealias Key = PageRenderer.SummaryKey
    static let keyTable = PageRenderer.summaryKeyTable
    static let allKeys = PageRenderer.summaryKeys + ["loading"]
    var keys: [String] { Self.allKeys }

    func value(_ key: Key) -> MustacheValue? {
        listing.renderer.summaryValue(key, of: listing.recipes[index], root: listing.root)
    }

    func value(otherKey key: String) -> MustacheValue? {
        key == "loading" ? .string(loading) : nil
    }
}
