/// How the index writes a list of postings (a term's top list in its shard, a common term's
/// postings file): grouped by score, the best first, as `score,"documents",score,"documents",…`,
/// each group's documents ascending and written as text of base-32 gaps (search.js reads them
/// back in the same best-first order, equal scores by document).
///
/// Why not `[document,score,…]` in decimal, as version 1 wrote: a common ingredient at 100,000
/// recipes has 20,000–30,000 postings, and a two-word query of two such words fetched 46.5 KB
/// compressed. Grouped by score, a score is written once per group instead of once per posting
/// (scores are a handful of field sums), and a gap of up to 31 documents is one character with
/// no separator: the same lists compress to about three quarters (the set and the scores are
/// then within a fifth of their entropy).
enum SearchPostings {
    /// The digits: 0–31 end a gap, 32–63 are a digit with more to follow (most significant first).
    /// All are safe in JSON strings and URLs, so nothing is escaped.
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Postings (`document << 8 | score`, by document, as the index holds them) best first: score
    /// descending, equal scores by document. Counting by score, so linear in the postings.
    static func bestFirst(_ postings: [UInt32]) -> [UInt32] {
        var starts = [Int](repeating: 0, count: 257)
        for posting in postings { starts[255 - Int(posting & 0xFF) + 1] += 1 }
        for score in 1...256 { starts[score] += starts[score - 1] }
        var ordered = [UInt32](repeating: 0, count: postings.count)
        for posting in postings {
            let slot = 255 - Int(posting & 0xFF)
            ordered[starts[slot]] = posting
            starts[slot] += 1
        }
        return ordered
    }

    /// `score,"gaps",score,"gaps",…` for postings already best first (`bestFirst`, `SearchIndex.best`).
    static func append(_ bestFirst: [UInt32], to bytes: inout [UInt8]) {
        var index = 0
        while index < bestFirst.count {
            let score = bestFirst[index] & 0xFF
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendDecimal(score, to: &bytes)
            bytes += #",""#.utf8
            var previous: Int64 = -1
            while index < bestFirst.count && bestFirst[index] & 0xFF == score {
                let document = Int64(bestFirst[index] >> 8)
                appendGap(UInt32(document - previous - 1), to: &bytes)
                previous = document
                index += 1
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// One gap in base 32, most significant digit first, every digit but the last marked.
    @inline(__always)
    private static func appendGap(_ gap: UInt32, to bytes: inout [UInt8]) {
        guard gap >= 32 else { return bytes.append(character(gap)) }
        var shift: UInt32 = 0
        while shift < 30 && gap >> (shift + 5) != 0 { shift += 5 }
        while shift > 0 {
            bytes.append(character(32 + (gap >> shift) & 31))
            shift -= 5
        }
        bytes.append(character(gap & 31))
    }

    /// `alphabet[digit]`, worked out rather than looked up.
    @inline(__always)
    static func character(_ digit: UInt32) -> UInt8 {
        switch digit {
        case 0..<26: UInt8(truncatingIfNeeded: digit) + UInt8(ascii: "A")
        case 26..<52: UInt8(truncatingIfNeeded: digit - 26) + UInt8(ascii: "a")
        case 52..<62: UInt8(truncatingIfNeeded: digit - 52) + UInt8(ascii: "0")
        case 62: UInt8(ascii: "-")
        default: UInt8(ascii: "_")
        }
    }

    /// `value` in decimal, straight into the bytes: the index writes millions of numbers at
    /// 100,000 recipes, and a String for each is an allocation apiece.
    static func appendDecimal(_ value: UInt32, to bytes: inout [UInt8]) {
        if value < 10 {
            bytes.append(0x30 + UInt8(value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = 0x30 + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for position in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[position]) }
        }
    }
}
