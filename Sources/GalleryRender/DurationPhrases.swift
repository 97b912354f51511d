import GalleryContent
import Synchronization

/// Durations as a tree's strings phrase them (`ThemeStrings.duration`), each distinct one phrased
/// once per tree: a site's recipes share a few dozen times, and phrasing one (plural rules, the
/// strings' table) cost more than the rest of a search record, or of a book's entry for a recipe.
package final class DurationPhrases: Sendable {
    private let phrases = Mutex<[Int: String]>([:])

    package init() {}

    /// `duration` as `strings` phrase it: `1 h 30 min`.
    func text(_ duration: RecipeDuration, in strings: ThemeStrings) -> String {
        if let known = phrases.withLock({ $0[duration.seconds] }) { return known }
        let text = strings.duration(duration)
        phrases.withLock { $0[duration.seconds] = text }
        return text
    }
}
