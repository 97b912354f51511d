import GalleryContent
import Mustache

/// A link to a recipe's page, `title` and `url`, as the recipe page's `previous` and `next` and the
/// A–Z pages' entries give it: each answered when the template asks, where a dictionary of both
/// was built (and hashed, and freed) for each of a page's links (issue 37).
struct RecipeLinkContext: MustacheKeyedObject {
    let recipe: Recipe
    /// The root of the page that links to it.
    let root: String

    enum Key: Int, CaseIterable, CodingKey { case title, url }
    static let keyTable = MustacheKeyTable(Key.self)

    func value(_ key: Key) -> MustacheValue? {
        switch key {
        case .title: .string(recipe.title)
        case .url: .string(RecipePage.link(slug: recipe.slug, root: root))
        }
    }
}
