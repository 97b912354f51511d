import GalleryContent
import GallerySupport
import Synchronization

/// The feed's entries' bodies (`AtomFeed`), made by their recipes' pages from the same parse as
/// the page's (`Markdown.recipeBody(_:alsoRendering:)`, the feed's absolute addresses) and taken
/// by the feed, which is made after the recipe pages: the feed no longer parses the bodies again.
/// At most `AtomFeed.maximumEntries` are held; a feed made without its pages (an incremental build
/// that renders the feed alone) makes its own. One per renderer, like `CookbookBodies`.
final class FeedBodies: Sendable {
    private let held = Mutex<[Int: String]>([:])
    /// The positions of the recipes the feed lists, when the tree has a feed; made on first use.
    private let entries = SharedLazy<Set<Int>>()

    /// Whether the recipe at `position` is one of the feed's entries.
    func wants(_ position: Int, in plan: PagePlan) -> Bool {
        entries.get {
            plan.site.config.publishedURL == nil ? [] : Set(AtomFeed.entryPositions(plan.site.recipes))
        }.contains(position)
    }

    /// Keeps the feed's form of the body of the recipe at `position`.
    func keep(_ html: String, of position: Int) {
        held.withLock { $0[position] = html }
    }

    /// The feed's form of the body of the recipe at `position`, if its page left one; let go.
    func take(_ position: Int) -> String? {
        held.withLock { $0.removeValue(forKey: position) }
    }

    /// How many are held now (tests).
    var count: Int { held.withLock { $0.count } }
}
