/// The distinct words of one document with the fields each occurs in, kept as bytes: a word is
/// copied once into an arena and found again through an open-addressing table of its hash, so
/// the thousands of words of a large site's documents cost no `String` and no dictionary each
/// (a `[String: UInt8]` per document was two thirds of the index's build). Reused from
/// document to document by one thread (`SearchWords` owns one); `terms` hands out the words as
/// strings once each, in the order first seen.
struct SearchTermTally {
    /// The words' bytes, one after another, already folded.
    private var arena: [UInt8] = []
    /// Per distinct word: where it starts in `arena`, its length, its hash and its fields.
    private var starts: [Int32] = []
    private var lengths: [Int32] = []
    private var hashes: [UInt64] = []
    private var fields: [UInt8] = []
    /// Open addressing, linear probing: 1 + the word's number, 0 for an empty slot. A power of
    /// two, at most half full.
    private var slots: [Int32] = Array(repeating: 0, count: 256)

    init() {}

    /// Notes a word (bytes, lower-cased as they are copied when `lowerASCII`) in `field`.
    mutating func add(_ word: UnsafeBufferPointer<UInt8>, lowerASCII: Bool, field: UInt8) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            let folded = lowerASCII && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            hash = (hash ^ UInt64(folded)) &* 0x100_0000_01b3
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot] - 1)
            if hashes[number] == hash, Int(lengths[number]) == word.count, matches(word, lowerASCII: lowerASCII, at: Int(starts[number])) {
                fields[number] |= field
                return
            }
            slot = (slot + 1) & mask
        }
        starts.append(Int32(arena.count))
        lengths.append(Int32(word.count))
        hashes.append(hash)
        fields.append(field)
        for byte in word { arena.append(lowerASCII && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
        slots[slot] = Int32(starts.count)
        if starts.count * 2 > slots.count { grow() }
    }

    private func matches(_ word: UnsafeBufferPointer<UInt8>, lowerASCII: Bool, at start: Int) -> Bool {
        arena.withUnsafeBufferPointer { arena in
            for (offset, byte) in word.enumerated() {
                let folded = lowerASCII && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if arena[start + offset] != folded { return false }
            }
            return true
        }
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for number in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[number] ^ (hashes[number] >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    /// Each word once with the fields it occurs in (bit `Field.rawValue`), in the order first
    /// seen; the tally is empty again afterwards, its storage kept for the next document.
    mutating func terms() -> [(word: String, fields: UInt8)] {
        var result: [(word: String, fields: UInt8)] = []
        result.reserveCapacity(starts.count)
        arena.withUnsafeBufferPointer { arena in
            for number in starts.indices {
                let start = Int(starts[number])
                result.append((String(decoding: UnsafeBufferPointer(rebasing: arena[start..<start + Int(lengths[number])]), as: UTF8.self),
                               fields[number]))
            }
        }
        arena.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        if slots.count > 4096 {
            slots = Array(repeating: 0, count: 256) // one huge document does not slow every later reset
        } else {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        return result
    }
}
