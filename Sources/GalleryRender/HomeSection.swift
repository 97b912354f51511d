import Foundation
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
        let listing = RecipeCardContext.Listing(renderer: self, recipes: site.recipes, root: root)
        let featured = home.featured.compactMap { bySlug[$0.slug] }.map { position -> MustacheValue in
            .object(RecipeCardContext(listing: listing, index: position, loading: "eager"))
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
            "journalURL": .string(URLPath.link(to: JournalPage.path(page: 1), root: root)),
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

extension HomeText {
    /// At least how tall the default theme draws the home section at `width` CSS px, to know
    /// which gallery cards below it still show on the first screen (`GalleryModel.isInFirstScreen`).
    /// A lower bound, from the section's parts: its margins and title, each paragraph's lines at
    /// a narrow average character (6.5 px) in a text column of at most 720 px, a heading and one
    /// row of featured cards (drawn 290–332 px tall), a heading and a line per latest post.
    /// Measured on the sample site in Chromium, the section is 1,309, 810 and 845 px tall at 375,
    /// 768 and 1280 px; this gives 680, 584 and 584. Too low errs towards loading a card eagerly,
    /// as before the home text existed.
    /// `posts`: how many latest posts it lists (the site may have fewer than `latestPosts`).
    package func minimumHeight(width: Double, posts: Int) -> Double {
        let column = max(200, min(width - 32, 720))
        let paragraphs = body.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let lines = paragraphs.reduce(0.0) { total, paragraph in total + max(1, (Double(paragraph.count) * 6.5 / column).rounded(.down)) }
        return 64 + (title == nil ? 0 : 28) + lines * 24 + (featured.isEmpty ? 0 : 56 + 260) + (posts == 0 ? 0 : 56 + Double(posts) * 24)
    }
}
