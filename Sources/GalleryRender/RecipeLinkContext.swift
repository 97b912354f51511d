import GalleryContent
import Mustache

/// A link to a recipe's page, `title` and `url`, as the recipe page's `previous` and `next` and the
/// A–Z pages' entries give it: each answered when the template asks, where a dictionary of both
/// was built (and hashed, and freed) for each of a page's links (issue 37).
/// The recipe is read where it lies in the site's list, one field a key: a link that held a copy
/// of the recipe retained and released every reference in it (issue 37).
struct RecipeLinkContext: MustacheKeyedObject {
    let recipes: [Recipe]
    /// The linked recipe's position in `recipes`.
    let index: Int
    /// The root of the page that links to it.
    let root: String

    enum Key: Int, CaseIterable, CodingKey { case title, url }
    static let keyTable = MustacheKeyTable(Key.self)

    func value(_ key: Key) -> MustacheValue? {
        switch key {
        case .title: .string(recipes[index].title)
        case .url: .string(RecipePage.link(slug: recipes[index].slug, root: root))
        }
    }
}
