import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// A tag and the recipes that carry it, in gallery order.
package struct RecipeTag: Sendable, Hashable {
    /// The tag as first written (in gallery order).
    package var name: String
    /// `Recipe.slug(from:)` of the name; tags that differ only in case or accents share it.
    package var slug: String
    package var recipes: [Recipe]
}

/// Tag pages (`tags/<slug>/index.html`) listing a tag's recipes, and the tag index (`tags/index.html`).
package enum TagPages {
    package static let indexPath = "tags/index.html"

    package static func path(forSlug slug: String) -> String {
        "tags/\(slug)/index.html"
    }

    /// The slug of a tag's page, or nil for a tag with no letters or digits to make one from.
    package static func slug(of tag: String) -> String? {
        let slug = Recipe.slug(from: tag)
        return slug.isEmpty ? nil : slug
    }

    /// Every tag of `recipes`, sorted by name (case-insensitively, then by slug).
    package static func tags(of recipes: [Recipe]) -> [RecipeTag] {
        var bySlug: [String: RecipeTag] = [:]
        for recipe in recipes {
            for name in recipe.tags {
                guard let slug = slug(of: name) else { continue }
                // Appended in place: copying a tag out and back would copy its list every time.
                if bySlug[slug] == nil { bySlug[slug] = RecipeTag(name: name, slug: slug, recipes: []) }
                if bySlug[slug]!.recipes.last?.slug != recipe.slug { bySlug[slug]!.recipes.append(recipe) }
            }
        }
        return bySlug.values.sorted { a, b in
            let (x, y) = (a.name.lowercased(), b.name.lowercased())
            return x != y ? x < y : a.slug < b.slug
        }
    }

    static func countText(_ count: Int) -> String {
        count == 1 ? "1 recipe" : "\(count) recipes"
    }
}

extension PageRenderer {
    /// A recipe's tags for its page, each linking to its tag page when it has one.
    func tagLinks(_ recipe: Recipe, root: String) -> MustacheValue {
        .array(recipe.tags.map { name in
            ["name": .string(name),
             "url": TagPages.slug(of: name).map { .string(root + URLPath.encode(TagPages.path(forSlug: $0))) } ?? .null]
        })
    }

    func tagContext(_ tag: RecipeTag) -> MustacheValue {
        let path = TagPages.path(forSlug: tag.slug)
        let root = URLPath.root(from: path)
        let description = "\(TagPages.countText(tag.recipes.count)) tagged “\(tag.name)” at \(site.config.title)."
        let cards: [MustacheValue] = tag.recipes.enumerated().map { index, recipe in
            var card = summaryContext(recipe, root: root)
            card["loading"] = .string(index < 8 ? "eager" : "lazy")
            return .dictionary(card)
        }
        return [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(tag.name), "description": .string(description)],
            "meta": socialMeta(path: path, root: root, title: "\(tag.name) · \(site.config.title)", description: description).context,
            "galleryURL": .string(root + Self.galleryPath),
            "tagsURL": .string(root + TagPages.indexPath),
            "tag": ["name": .string(tag.name), "countText": .string(TagPages.countText(tag.recipes.count))],
            "cards": .array(cards),
        ]
    }

    func tagIndexContext(_ tags: [RecipeTag]) -> MustacheValue {
        let root = URLPath.root(from: TagPages.indexPath)
        let description = "Every tag at \(site.config.title), with the number of recipes that carry it."
        return [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": "Tags", "description": .string(description)],
            "meta": socialMeta(path: TagPages.indexPath, root: root, title: "Tags · \(site.config.title)", description: description).context,
            "galleryURL": .string(root + Self.galleryPath),
            "tags": .array(tags.map { tag in
                ["name": .string(tag.name), "url": .string(root + URLPath.encode(TagPages.path(forSlug: tag.slug))),
                 "count": .int(tag.recipes.count), "countText": .string(TagPages.countText(tag.recipes.count))]
            }),
        ]
    }
}
