/// What a store holds for later uses within a budget of bytes, by the order of each thing's next
/// use: a full store makes room for one thing by letting go of those whose next use comes after
/// its own, latest first (Belady's rule), and refuses it, letting go of none, when those are too
/// few. Things are named by keys, small numbers from 0 (a recipe's position, a place in a list);
/// the store keeps their bytes and next uses, its owner the things themselves
/// (`MustacheReplays`' recordings, the cookbooks' held bodies). A thing whose next use is not
/// known (nil) is held while there is room, and never let go for another.
///
/// Not generic, and its calls not inlined across modules: a generic store called from another
/// module is not made for its key type there, and every call would look up its metadata.
package struct NextUseBudget: Sendable {
    /// One key's bytes and the order of its next use, by key.
    private struct Holding {
        /// -1: not held.
        var bytes: Int32 = -1
        /// -1: not known.
        var next: Int32 = -1
    }

    package let budget: Int
    /// The bytes held now.
    package private(set) var bytes = 0
    /// By key, from 0 to the largest key held so far.
    private var holdings: [Holding] = []
    /// The keys held with a known next use, by its order, and their bytes: a list may name a key
    /// since let go or moved to another order, skipped when met (`makeRoom`).
    private var byNextUse: [[Int32]] = []
    private var nextUseBytes: [Int] = []

    package init(budget: Int) {
        self.budget = budget
    }

    /// Whether `key` is held.
    package func holds(_ key: Int) -> Bool {
        key < holdings.count && holdings[key].bytes >= 0
    }

    /// Whether a thing whose next use comes at `next` would find room, at least by letting go
    /// of some wanted later.
    package func hasRoom(before next: Int?) -> Bool {
        guard bytes >= budget else { return true }
        guard let next, next + 1 < nextUseBytes.count else { return false }
        return nextUseBytes[(next + 1)...].contains { $0 > 0 }
    }

    /// Holds `key` (not held), of `size` bytes, for its next use at `next`, letting go of the
    /// things wanted after it to make room: the keys let go (their owner forgets them), or nil,
    /// with nothing let go and `key` not held, when there is no room even so.
    package mutating func hold(_ key: Int, bytes size: Int, next: Int?) -> [Int]? {
        guard let lettingGo = makeRoom(size, before: next) else { return nil }
        if holdings.count <= key { holdings += repeatElement(Holding(), count: key + 1 - holdings.count) }
        holdings[key] = Holding(bytes: Int32(size), next: next.map(Int32.init) ?? -1)
        bytes += size
        file(key, next: next, bytes: size)
        return lettingGo
    }

    /// Moves held `key` to its next use, at `next`.
    package mutating func move(_ key: Int, to next: Int?) {
        let holding = holdings[key]
        unfile(next: holding.next, bytes: Int(holding.bytes))
        holdings[key].next = next.map(Int32.init) ?? -1
        file(key, next: next, bytes: Int(holding.bytes))
    }

    /// Lets go of held `key` (after its last use).
    package mutating func letGo(_ key: Int) {
        let holding = holdings[key]
        unfile(next: holding.next, bytes: Int(holding.bytes))
        holdings[key] = Holding()
        bytes -= Int(holding.bytes)
    }

    private mutating func file(_ key: Int, next: Int?, bytes size: Int) {
        guard let next else { return }
        while byNextUse.count <= next {
            byNextUse.append([])
            nextUseBytes.append(0)
        }
        byNextUse[next].append(Int32(key))
        nextUseBytes[next] += size
    }

    private mutating func unfile(next: Int32, bytes size: Int) {
        guard next >= 0 else { return }
        let next = Int(next)
        nextUseBytes[next] -= size
        if nextUseBytes[next] == 0 { byNextUse[next] = [] }
    }

    /// Makes room for `size` more bytes within the budget by letting go of the things whose next
    /// use comes after `next`, latest first: the keys let go, or nil, with none let go, if they
    /// are too few.
    private mutating func makeRoom(_ size: Int, before next: Int?) -> [Int]? {
        guard bytes + size > budget else { return [] }
        guard let next, next + 1 < nextUseBytes.count,
              bytes - nextUseBytes[(next + 1)...].reduce(0, +) + size <= budget else { return nil }
        var lettingGo: [Int] = []
        var order = nextUseBytes.count - 1
        while bytes + size > budget {
            guard let key = byNextUse[order].popLast().map(Int.init) else {
                order -= 1
                continue
            }
            guard holdings[key].bytes >= 0, holdings[key].next == order else { continue }
            letGo(key)
            lettingGo.append(key)
        }
        return lettingGo
    }
}
