import GallerySupport

/// site.yml's `cookbook:` key: the printable cookbook (`cookbook/`, and one per tag) and the size
/// beyond which it is left out: a book of thousands of recipes is one page a browser takes minutes
/// and hundreds of megabytes to print.
///
/// ```yaml
/// cookbook: false                 # no cookbook at all
/// cookbook: { max_recipes: 500 }  # a site or tag with more recipes gets none (default 2,000)
/// ```
package struct CookbookSettings: Sendable, Equatable {
    /// Whether any cookbook is made.
    package var isEnabled = true
    /// The most recipes one cookbook holds; a site (or a tag) with more has no cookbook, and the
    /// build says so.
    package var maximumRecipes = CookbookSettings.defaultMaximumRecipes
    /// Where `cookbook:` is written in site.yml (line, column), for the note about a book left
    /// out; zero when it is not.
    package var line = 0
    package var column = 0

    /// About 2,000 pages of print: Chromium 156 printed the book of 2,000 generated recipes
    /// (2,119 pages, a 5.8 MB page) to PDF in 2 min 29 s with 850 MB at its peak, on a shared
    /// two-core machine; a larger book asks more of a reader's browser than printing is worth.
    package static let defaultMaximumRecipes = 2_000

    package init(isEnabled: Bool = true, maximumRecipes: Int = CookbookSettings.defaultMaximumRecipes) {
        self.isEnabled = isEnabled
        self.maximumRecipes = maximumRecipes
    }

    /// Whether a book of `recipeCount` recipes is made: enabled, with at least one recipe and no more than the maximum.
    package func allows(recipeCount: Int) -> Bool {
        isEnabled && recipeCount > 0 && recipeCount <= maximumRecipes
    }

    /// Whether a tag of `recipeCount` recipes has a book of its own: as `allows(recipeCount:)`,
    /// and at least two recipes. The book of one recipe is that recipe's page printed; and since
    /// a book shows each recipe's tags and an index of them, books of every tag of a recipe with
    /// many tags would grow with the square of its tags (1,000 tags on one recipe: 1,000 books of
    /// 200 KB each).
    package func allowsTagBook(recipeCount: Int) -> Bool {
        recipeCount >= 2 && allows(recipeCount: recipeCount)
    }

    /// Reads `cookbook:` of `reader`: true or false, or a mapping with `max_recipes`.
    static func read(from reader: inout FieldReader) -> CookbookSettings {
        var settings = CookbookSettings()
        guard let node = reader.value("cookbook"), !node.isNull else { return settings }
        (settings.line, settings.column) = reader.keyPosition("cookbook") ?? (0, 0)
        if node.scalar != nil {
            if let flag = node.bool {
                settings.isEnabled = flag
            } else {
                reader.error("'cookbook' must be true, false or a mapping with 'max_recipes:', found '\(node.scalar ?? "")'", at: node)
            }
            return settings
        }
        guard node.mapping != nil else {
            reader.error("'cookbook' must be true, false or a mapping with 'max_recipes:', found \(node.kindName)", at: node)
            return settings
        }
        var fields = FieldReader(node, path: reader.path, what: "cookbook")
        if let limit = fields.value("max_recipes") {
            if let number = limit.int, number >= 1 {
                settings.maximumRecipes = number
            } else {
                fields.error("'cookbook.max_recipes' must be a whole number of at least 1, found '\(limit.scalar ?? limit.kindName)'", at: limit)
            }
        }
        fields.warnUnknownKeys(in: "cookbook")
        reader.absorb(fields)
        return settings
    }
}
