import GalleryContent
import GallerySupport
import Mustache

/// The home text (`index.md`) as the gallery's first page shows it above the cards: its heading,
/// its Markdown, the featured recipes' cards and the latest journal posts.
extension PageRenderer {
    /// The gallery's `homeText` value on the page whose root is `root`; null without an `index.md`.
    func homeContext(root: String) -> MustacheValue {
        guard let home = site.home else { return .null }
        let bySlug = Dictionary(site.recipes.indices.map { (site.recipes[$0].slug, $0) }, uniquingKeysWith: { first, _ in first })
        let featured = home.featured.compactMap { bySlug[$0.slug] }.map { position -> MustacheValue in
            var card = summaryContext(site.recipes[position], root: root)
            card["loading"] = "eager"
            return .dictionary(card)
        }
        let posts = site.posts.prefix(home.latestPosts).map { MustacheValue.dictionary(postSummary($0, root: root)) }
        return [
            "title": .optional(home.title),
            "bodyHTML": .string(Markdown.html(home.body, allowRawHTML: site.config.unsafeHTML,
                                              images: bodyImages(documentPath: HomeText.sourcePath, root: root),
                                              recipeLinks: recipeLinks(root: root))),
            "featured": .array(featured),
            "hasFeatured": .bool(!featured.isEmpty),
            "posts": .array(Array(posts)),
            "hasPosts": .bool(!posts.isEmpty),
            "journalURL": .string(URLPath.link(to: SitePaths.journal(page: 1), root: root)),
        ]
    }

    /// What the home section reads, for the first gallery page's fingerprint.
    func combineHome(into hasher: inout FingerprintHasher, inputs: PageInputs) {
        guard let home = site.home else { return }
        hasher.combine(reflecting: home)
        let positions = Dictionary(site.recipes.indices.map { (site.recipes[$0].slug, $0) }, uniquingKeysWith: { first, _ in first })
        for featured in home.featured { hasher.combine(positions[featured.slug].map { inputs.cards[$0] } ?? Fingerprint(high: 0, low: 0)) }
        for position in 0..<min(home.latestPosts, inputs.posts.count) { hasher.combine(inputs.posts[position]) }
    }
}
