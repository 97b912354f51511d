import Synchronization

/// What encoding one unfiltered gallery state wrote (`GalleryStyle.Encoder`), and everything it
/// was written from. A site's full gallery pages share their unfiltered layouts
/// (`StateGeometryCache`), so each page wrote the same rule and the same per-card values for those
/// states again: a third of the style's numbers on the benchmark's gallery (issue 37).
struct GallerySharedRule: Sendable {
    /// What the encoding read besides the state's arrangement, breakpoint and kind of element
    /// (which name its rule and its custom properties): the state's value keys, its fallback's
    /// (by element) and the fallback's expression of each property. Equal inputs write equal bytes.
    let ownKeys: [Int]
    let baseKeys: [Int]?
    let baseExpressions: [[UInt8]?]
    /// The rule's declarations (empty when the fallback's rule says everything).
    let declarations: [UInt8]
    /// Each property's expression: its own text, or nil where it keeps the fallback's.
    let expressions: [[UInt8]?]
    /// What each element's inline style gained: element `i`'s bytes end at `styleEnds[i]`.
    let styleBytes: [UInt8]
    let styleEnds: [Int]

    /// Whether it was written from what `other` was.
    func hasInputs(of other: GallerySharedRule) -> Bool {
        ownKeys == other.ownKeys && baseKeys == other.baseKeys && baseExpressions == other.baseExpressions
    }

    /// About how many bytes it holds, what `GalleryStateRules` counts.
    var size: Int {
        8 * (ownKeys.count + (baseKeys?.count ?? 0) + styleEnds.count) + declarations.count + styleBytes.count
            + baseExpressions.reduce(0) { $0 + ($1?.count ?? 0) } + expressions.reduce(0) { $0 + ($1?.count ?? 0) }
    }
}

/// The unfiltered states' encodings of one site's gallery pages, found by kind of element,
/// arrangement and breakpoint, and used only when what they were written from equals what the
/// page's state has, compared in full (keys of a shared geometry are one array, so that
/// comparison is mostly an identity check). Bounded: once it holds `capacity` bytes it keeps what
/// it has and the rest are encoded afresh.
package final class GalleryStateRules: Sendable {
    /// Where a rule is filed; the state's name and selector follow from it.
    struct Key: Hashable {
        var isCard: Bool
        var arrangement: Int
        var breakpoint: Int
        var propertyCount: Int
    }

    private struct Held {
        var rules: [Key: [GallerySharedRule]] = [:]
        var size = 0
    }

    private let held = Mutex(Held())
    /// The most bytes held: two megabytes, about 150 states of 60 cards.
    package let capacity: Int

    package init(capacity: Int = 1 << 21) {
        self.capacity = capacity
    }

    /// The rules filed at `key`.
    func rules(_ key: Key) -> [GallerySharedRule] {
        held.withLock { $0.rules[key] ?? [] }
    }

    /// Files `rule` at `key` when there is room.
    func keep(_ rule: GallerySharedRule, at key: Key) {
        let size = rule.size
        held.withLock { held in
            // Two pages may write the same state at once; one copy is enough.
            guard held.size + size <= capacity, held.rules[key]?.contains(where: { $0.hasInputs(of: rule) }) != true else { return }
            held.rules[key, default: []].append(rule)
            held.size += size
        }
    }

    /// How many rules it holds.
    package var count: Int { held.withLock { $0.rules.values.reduce(0) { $0 + $1.count } } }

    /// How many bytes its rules hold, at most `capacity`.
    package var size: Int { held.withLock { $0.size } }

    /// Whether there is room for another rule: a state need not note what it writes otherwise.
    var hasRoom: Bool { held.withLock { $0.size < capacity } }
}
