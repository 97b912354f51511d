import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// A tag and the recipes that carry it, in gallery order.
package struct RecipeTag: Sendable, Hashable {
    /// The tag as first written (in gallery order).
    package var name: String
    /// `Slug.make(from:style:)` of the name; tags that differ only in case or punctuation share it.
    package var slug: String
    /// The positions of its recipes in the site's recipes (positions, not copies: on a large
    /// site the tags together name every recipe several times).
    package var members: [Int]
    /// The positions of its journal posts in the site's posts (newest first).
    package var posts: [Int] = []
}

/// The tags of each recipe, as positions in the tag list (ascending: tag-page order): the tags'
/// member lists turned around, so that a page about a few recipes (a tag's cookbook and its index
/// of tags) finds their tags without walking every tag of the site — which made 13,600 tags' books
/// quadratic. Two flat arrays, not an array per recipe.
struct RecipeTagPositions: Sendable {
    /// Where each recipe's tags start in `positions`; one more entry than recipes.
    private let starts: [Int32]
    private let positions: [Int32]

    init(tags: [RecipeTag], recipeCount: Int) {
        var counts = [Int32](repeating: 0, count: recipeCount + 1)
        for tag in tags {
            for member in tag.members { counts[member + 1] += 1 }
        }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        starts = counts
        var next = counts
        var positions = [Int32](repeating: 0, count: Int(counts[recipeCount]))
        for (position, tag) in tags.enumerated() {
            for member in tag.members {
                positions[Int(next[member])] = Int32(position)
                next[member] += 1
            }
        }
        self.positions = positions
    }

    /// The positions of the tags that the recipe at `recipe` carries, ascending.
    subscript(recipe: Int) -> ArraySlice<Int32> { positions[Int(starts[recipe])..<Int(starts[recipe + 1])] }
}

/// Tag pages (`tags/<slug>/index.html`) listing a tag's recipes, and the tag index (`tags/index.html`).
/// One page per tag (`tag` template): the recipes that carry it.
package struct TagPage: TemplatePage {
    /// A tag's page: `tags/<slug>/index.html`.
    package static func path(slug: String) -> String { "tags/\(slug)/index.html" }

    package var templateName: String { "tag" }

    package func count(in site: PagePlan) -> Int { site.tags.count }

    package func path(_ index: Int, in site: PagePlan) -> String { TagPage.path(slug: site.tags[index].slug) }

    package func context(_ index: Int, in site: PageRenderer) -> MustacheValue { site.tagContext(site.tags[index]) }

    /// The slug of a tag's page, or nil for a tag with no letters or digits to make one from.
    package static func slug(of tag: String, style: SlugStyle) -> String? {
        let slug = Slug.make(from: tag, style: style)
        return slug.isEmpty ? nil : slug
    }

    /// Every tag of `recipes` and `posts`, sorted by name (case-insensitively, then by slug).
    package static func tags(of recipes: [Recipe], posts: [Post] = [], style: SlugStyle) -> [RecipeTag] {
        var tags: [RecipeTag] = []
        var bySlug: [String: Int] = [:]
        // A site has far fewer tags than uses of them: each name is looked up once per use, its
        // slug made and its tag found only the first time (four lookups a use were 3% of planning).
        var byName: [String: Int?] = [:]
        func tag(named name: String) -> Int? {
            if let known = byName[name] { return known }
            var found: Int?
            if let slug = slug(of: name, style: style) {
                if let existing = bySlug[slug] {
                    found = existing
                } else {
                    found = tags.count
                    bySlug[slug] = tags.count
                    tags.append(RecipeTag(name: name, slug: slug, members: []))
                }
            }
            byName[name] = .some(found)
            return found
        }
        for position in recipes.indices {
            for name in recipes[position].tags {
                // Appended in place: copying a tag out and back would copy its list every time.
                guard let index = tag(named: name) else { continue }
                if tags[index].members.last != position { tags[index].members.append(position) }
            }
        }
        for position in posts.indices {
            for name in posts[position].tags {
                guard let index = tag(named: name) else { continue }
                if tags[index].posts.last != position { tags[index].posts.append(position) }
            }
        }
        return tags.sorted { a, b in
            let (x, y) = (a.name.lowercased(), b.name.lowercased())
            return x != y ? x < y : a.slug < b.slug
        }
    }

}

extension PageRenderer {
    /// A recipe's tags for its page, each linking to its tag page when it has one: every recipe
    /// page is as deep as the others, so each tag's link is made once for all of them
    /// (`RecipeTagLinks`) instead of slugging its name on every page that carries it (issue 37).
    func tagLinks(_ recipe: Recipe, root: String) -> MustacheValue {
        recipeTagLinks(recipe.tags, root: root)
    }

    /// `tagLinks(_:root:)` of a recipe whose tags the caller has read already (`tags`).
    func recipeTagLinks(_ tags: [String], root: String) -> MustacheValue {
        let links = plan.recipeTagLinks.get {
            let root = URLPath.root(from: RecipePage.path(slug: "recipe"))
            var byName: [String: MustacheValue] = [:]
            // By position: each recipe a `for` loop hands out is a copy of it.
            let recipes = site.recipes
            for index in recipes.indices {
                for name in recipes[index].tags where byName[name] == nil { byName[name] = tagLink(name, root: root) }
            }
            return RecipeTagLinks(root: root, byName: byName)
        }
        guard root == links.root else { return tagLinks(tags, root: root) }
        return .array(tags.map { links.byName[$0] ?? tagLink($0, root: root) })
    }

    /// Tags as links to their tag pages (a tag with no letters or digits has none).
    func tagLinks(_ tags: [String], root: String) -> MustacheValue {
        .array(tags.map { tagLink($0, root: root) })
    }

    /// One tag's `name` and the `url` of its tag page (null for a tag with no letters or digits).
    func tagLink(_ name: String, root: String) -> MustacheValue {
        ["name": .string(name),
         "url": TagPage.slug(of: name, style: site.config.slugStyle).map { .string(URLPath.link(to: TagPage.path(slug: $0), root: root)) } ?? .null]
    }

    /// The tags of each recipe, made on first use (a tag page's cards, the cookbooks' indexes).
    var recipeTagPositions: RecipeTagPositions {
        plan.recipeTags.get { RecipeTagPositions(tags: tags, recipeCount: site.recipes.count) }
    }

    func tagContext(_ tag: RecipeTag) -> MustacheValue {
        let path = TagPage.path(slug: tag.slug)
        let root = URLPath.root(from: path)
        let description = tag.members.isEmpty
            ? strings.counted("tag_post_description", tag.posts.count, ["tag": tag.name, "site": site.config.title])
            : strings.counted("tag_description", tag.members.count, ["tag": tag.name, "site": site.config.title])
        // Made card by card as the template reaches them: a tag of a large site has thousands.
        let members = tag.members
        let listing = RecipeCardContext.Listing(renderer: self, recipes: site.recipes, root: root,
                                                replay: RecipeCardContext.Replay(replays: tagCardReplays, tags: recipeTagPositions))
        let cards = MustacheLazyArray(count: members.count, mayReplay: true) { index in
            .object(RecipeCardContext(listing: listing, index: members[index], loading: index < 8 ? "eager" : "lazy"))
        }
        let context: [String: MustacheValue] = [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(tag.name), "description": .string(description)],
            "meta": socialMeta(path: path, root: root, title: "\(tag.name) · \(site.config.title)", description: description).context,
            "galleryURL": .string(URLPath.link(to: GalleryPage.firstPagePath, root: root)),
            "tagsURL": .string(URLPath.link(to: TagIndexPage.outputPath, root: root)),
            "tag": ["name": .string(tag.name), "countText": .string(tagCountText(tag))],
            "cards": .lazyArray(cards),
            "posts": .array(tag.posts.map { .dictionary(postSummary(site.posts[$0], root: root)) }),
            "hasPosts": .bool(!tag.posts.isEmpty),
            "cookbookURL": plan.hasCookbook(tagMembers: tag.members.count)
                ? .string(URLPath.link(to: CookbookPage.path(tag: tag.slug), root: root)) : .null,
        ]
        return .dictionary(context.merging(headerContext(root: root)) { _, header in header })
    }
}

extension TagPage {
    package func origin(_ index: Int, in site: PagePlan) -> FileOrigin {
        let tag = site.tags[index]
        let source = tag.members.first.map { site.site.recipes[$0].sourcePath } ?? tag.posts.first.map { site.site.posts[$0].sourcePath }
        return .source(path: source ?? "", what: "the page of tag '\(tag.name)', first used by")
    }
}

extension TagPage {
    /// The tag and the cards of its recipes, in order.
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        let tag = site.tags[index]
        var hasher = inputs.hasher("tag")
        hasher.combine(tag.name)
        hasher.combine(tag.slug)
        hasher.combine(tag.members.count)
        for position in tag.members { hasher.combine(inputs.cards[position]) }
        for position in tag.posts { hasher.combine(inputs.posts[position]) }
        return hasher.finalize()
    }
}

extension PageRenderer {
    /// How many recipes and posts carry `tag`: `3 recipes`, `2 recipes · 1 post`, `1 post`.
    func tagCountText(_ tag: RecipeTag) -> String {
        let recipes = strings.counted("recipe_count", tag.members.count)
        guard !tag.posts.isEmpty else { return recipes }
        let posts = strings.counted("post_count", tag.posts.count)
        return tag.members.isEmpty ? posts : recipes + " · " + posts
    }
}

/// The tag links of the recipe pages (whose root is `root`), by tag name as written.
struct RecipeTagLinks: Sendable {
    let root: String
    let byName: [String: MustacheValue]
}
