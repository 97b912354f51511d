/// The search index's terms as it meets them, each numbered in the order first met: their bytes one
/// after another in an arena, and an open-addressing table of their numbers (linear probing) by
/// the hash a batch of documents already computed (`SearchTermTally.hash`). A dictionary from text
/// to number held each text a second time beside the number, 24 bytes a slot, and hashed every
/// document's every word again as a `String`: the table is 4 bytes a slot, and a batch's words are
/// each looked up once.
struct SearchTermTable: Sendable {
    private var arena: [UInt8] = []
    private var starts: [Int32] = []
    private var lengths: [Int32] = []
    private var hashes: [UInt64] = []
    /// A term's number, or -1 for an empty slot; the count is a power of two.
    private var slots = [Int32](repeating: -1, count: 1024)

    init() {}

    var count: Int { starts.count }

    /// The number of the term of these bytes and hash, added when new.
    mutating func number(of word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[number] == hash && bytes(number).elementsEqual(word) { return number }
            slot = (slot + 1) & mask
        }
        let number = starts.count
        starts.append(Int32(arena.count))
        lengths.append(Int32(word.count))
        hashes.append(hash)
        arena.append(contentsOf: word)
        slots[slot] = Int32(number)
        // At most three quarters full, so a probe ends soon.
        if starts.count * 4 > slots.count * 3 { grow() }
        return number
    }

    /// The number of `text`, added when new.
    mutating func number(of text: String) -> Int {
        var text = text
        return text.withUTF8 { number(of: $0, hash: SearchTermTally.hash($0)) }
    }

    /// Term `number`'s bytes.
    func bytes(_ number: Int) -> ArraySlice<UInt8> {
        let start = Int(starts[number])
        return arena[start..<start + Int(lengths[number])]
    }

    /// Term `number`'s text.
    func text(_ number: Int) -> String {
        bytes(number).withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// Every term's text, by number.
    var texts: [String] { (0..<count).map(text) }

    /// Term numbers in the order of their bytes, which for UTF-8 is code-point order.
    func sortedNumbers() -> [Int] {
        arena.withUnsafeBufferPointer { arena in
            (0..<count).sorted { a, b in
                let first = UnsafeBufferPointer(rebasing: arena[Int(starts[a])..<Int(starts[a]) + Int(lengths[a])])
                let second = UnsafeBufferPointer(rebasing: arena[Int(starts[b])..<Int(starts[b]) + Int(lengths[b])])
                return first.lexicographicallyPrecedes(second)
            }
        }
    }

    /// Lets every text go, keeping none of the grown table's room.
    mutating func removeAll() {
        self = SearchTermTable()
    }

    private mutating func grow() {
        var larger = [Int32](repeating: -1, count: slots.count * 2)
        let mask = larger.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while larger[slot] >= 0 { slot = (slot + 1) & mask }
            larger[slot] = Int32(number)
        }
        slots = larger
    }
}
