/// The search index's terms as it meets them, each numbered in the order first met: the texts in
/// one array and an open-addressing table of their numbers (linear probing). A dictionary from
/// text to number held each text a second time beside the number, 24 bytes a slot: at 100,000
/// recipes (some 110,000 terms) 6 MB, and twice that while it grew; the table is 4 bytes a slot.
struct SearchTermTable: Sendable {
    /// Each term's text, by number.
    private(set) var texts: [String] = []
    /// A term's number, or -1 for an empty slot; the count is a power of two.
    private var slots = [Int32](repeating: -1, count: 1024)

    init() {}

    var count: Int { texts.count }

    /// The number of `text`, added when new.
    mutating func number(of text: String) -> Int {
        var slot = text.hashValue & (slots.count - 1)
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if texts[number] == text { return number }
            slot = (slot + 1) & (slots.count - 1)
        }
        let number = texts.count
        texts.append(text)
        slots[slot] = Int32(number)
        // At most three quarters full, so a probe ends soon.
        if texts.count * 4 > slots.count * 3 { grow() }
        return number
    }

    /// Lets every text go, keeping none of the grown table's room.
    mutating func removeAll() {
        self = SearchTermTable()
    }

    private mutating func grow() {
        var larger = [Int32](repeating: -1, count: slots.count * 2)
        for (number, text) in texts.enumerated() {
            var slot = text.hashValue & (larger.count - 1)
            while larger[slot] >= 0 { slot = (slot + 1) & (larger.count - 1) }
            larger[slot] = Int32(number)
        }
        slots = larger
    }
}
