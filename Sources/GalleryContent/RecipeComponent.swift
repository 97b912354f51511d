import GallerySupport

/// Another recipe named in a recipe's `ingredients:` (`- recipe: simple-syrup`): a linked part,
/// such as the pie crust of a tart or the syrup of a sour. Without `amount:` the whole part is
/// used and its ingredients are folded in under its title (or `group:`); with one it is a single
/// ingredient line, "15 ml Simple Syrup", linking to the part's page.
package struct RecipeComponent: Sendable, Hashable {
    /// The part's slug, as written.
    package var slug: String
    /// How much of it (`15 ml`); nil to fold in all of its ingredients.
    package var amount: String?
    /// The folded part's heading (`group:`); nil for the part's own title.
    package var groupTitle: String?
    /// Written inside a group's `items:` (`- { recipe: simple-syrup, amount: 15 ml }` among its
    /// lines): the position of the line it takes in the group just before it; nil for an entry
    /// of `ingredients:` itself.
    package var lineInGroup: Int?
    /// 1-based line and column of the slug in the source file, for errors.
    package var line: Int
    package var column: Int

    package init(slug: String, amount: String? = nil, groupTitle: String? = nil, line: Int, column: Int) {
        self.slug = slug
        self.amount = amount
        self.groupTitle = groupTitle
        self.line = line
        self.column = column
    }
}

/// One entry of `ingredients:` as written: a group (or the flat list's untitled run), or a
/// linked part, resolved into groups when the whole site has been read (`RecipeComponents`).
package enum IngredientPart: Sendable, Hashable {
    case group(IngredientGroup)
    case component(RecipeComponent)
}

/// What a folded part's heading shows: the part's title, its page and its picture.
package struct ComponentLink: Sendable, Hashable {
    package var slug: String
    package var title: String
    package var image: ImageReference?
    package var imageAlt: String?

    package init(slug: String, title: String, image: ImageReference?, imageAlt: String?) {
        self.slug = slug
        self.title = title
        self.image = image
        self.imageAlt = imageAlt
    }
}
