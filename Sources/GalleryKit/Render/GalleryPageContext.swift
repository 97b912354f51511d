import Mustache

/// The gallery page's template context.
extension PageRenderer {
    func galleryContext() -> MustacheValue {
        let root = URLPath.root(from: Self.galleryPath)
        let cards: [MustacheValue] = site.recipes.enumerated().map { index, recipe in
            var card = summaryContext(recipe, root: root)
            card["style"] = .string(arrangement.cardStyle(index: index))
            // The first screen loads eagerly; the rest wait until scrolled near.
            card["loading"] = .string(index < 8 ? "eager" : "lazy")
            return .dictionary(card)
        }
        return [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(site.config.title), "isGallery": true],
            "galleryCSS": .string(arrangement.css),
            "cards": .array(cards),
            "hasCards": .bool(!cards.isEmpty),
        ]
    }
}
