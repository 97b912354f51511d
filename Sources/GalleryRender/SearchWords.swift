import CWordBreaks
import Foundation

/// Splits text into the words search compares, the way search.js splits a query: ICU's word
/// boundaries for the tree's language (UAX #29, with ICU's dictionaries for Japanese, Chinese,
/// Thai…; the browser's `Intl.Segmenter` is ICU too), each word folded (`SearchWords.fold`).
/// Owns one ICU iterator, so one instance serves one thread at a time.
package final class SearchWords {
    private let breaks: UnsafeMutableRawPointer?
    /// Word ranges ICU found, reused from call to call.
    private var ranges: [Int32] = []
    /// The words of the document being scored (`SearchDocument.terms`), reused from call to call.
    private var documentTally = SearchTermTally()

    package init(language: String) {
        breaks = gallery_word_breaks_open(language.replacingOccurrences(of: "-", with: "_"))
    }

    deinit {
        gallery_word_breaks_close(breaks)
    }

    /// The folded words of `text` in order, repeats kept. Without ICU (it never fails for a
    /// well-formed locale) words are runs of letters and digits.
    package func words(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var text = text
        return text.withUTF8(Self.asciiWords) ?? icuWords(text)
    }

    /// The words ICU finds in `text`.
    func icuWords(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var text = text
        var found: [String] = []
        text.withUTF8 { bytes in
            guard let breaks, let base = bytes.baseAddress else { return }
            if ranges.count < 2 * bytes.count + 2 { ranges = [Int32](repeating: 0, count: 2 * bytes.count + 2) }
            let count = ranges.withUnsafeMutableBufferPointer { ranges in
                gallery_word_breaks_find(breaks, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                                         ranges.baseAddress, Int32(ranges.count))
            }
            guard count > 0 else { return }
            found.reserveCapacity(Int(count) / 2)
            for pair in stride(from: 0, to: Int(count), by: 2) {
                let word = UnsafeBufferPointer(rebasing: bytes[Int(ranges[pair])..<Int(ranges[pair + 1])])
                found.append(Self.fold(String(decoding: word, as: UTF8.self)))
            }
        }
        if breaks == nil {
            return text.split { !$0.isLetter && !$0.isNumber }.map { Self.fold(String($0)) }
        }
        return found
    }

    /// The words of plain ASCII text without ICU, which costs several times more and gives the
    /// same words there (SearchTests compares them): a word is a run of letters and digits,
    /// joined across `.` or `'` between two letters or two digits and across `,` or `;` between
    /// two digits (UAX #29's WB6, WB7, WB11, WB12: "mai'tai", "1.5", "1,000"), lower-cased. Nil for
    /// text the rules here leave to ICU: any byte past ASCII, `_` (which joins words) and `:`.
    static func asciiWords(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var found: [String] = []
        let split = forEachASCIIWord(bytes) { start, end, _, _ in
            found.append(String(unsafeUninitializedCapacity: end - start) { text in
                for offset in 0..<(end - start) { text[offset] = bytes[start + offset] | 0x20 }
                return end - start
            })
        }
        return split ? found : nil
    }

    /// Notes the words of `text` in `field` (a bit of the mask) for the document being tallied,
    /// folded as `words` folds them, quantities left out unless `keepQuantities`: the same words
    /// `words` gives, without a `String` for each.
    func tally(_ text: String, field: UInt8, keepQuantities: Bool) {
        guard !text.isEmpty else { return }
        var text = text
        let split = text.withUTF8 { documentTally.noteASCII($0, field: field, keepQuantities: keepQuantities) }
        guard !split else { return }
        for var word in icuWords(text) where keepQuantities || !Self.isQuantity(word) {
            word.withUTF8 { documentTally.note($0, field: field) }
        }
    }

    /// Ends the document being tallied (`tally`).
    func endDocument() {
        documentTally.endDocument()
    }

    /// Adds a document of words already scored, as `serve` kept it.
    func addDocument(_ terms: [ScoredTerm]) {
        documentTally.addDocument(terms)
    }

    /// The last document's words with their scores.
    func lastDocument() -> [ScoredTerm] {
        documentTally.lastDocument()
    }

    /// The documents tallied since the last call.
    func takeBatch() -> SearchTermBatch {
        documentTally.take()
    }

    /// Calls `body` with each word of plain ASCII text as `asciiWords` splits it: where it starts
    /// and ends, the hash of its lower-cased bytes (`SearchTermTally.hash`) and whether it is
    /// only a quantity (`isQuantity`); false, before any call, for text left to ICU. One pass
    /// over the bytes finds, lower-cases and hashes the words: the index's build scans every
    /// recipe's text this way.
    @inline(__always)
    static func forEachASCIIWord(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, UInt64, Bool) -> Void) -> Bool {
        guard let base = bytes.baseAddress, !leavesToICU(bytes) else { return bytes.isEmpty }
        @inline(__always) func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
        // An ASCII word's bytes all lower-case as `| 0x20` (see `SearchTermTally.note`).
        @inline(__always) func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 { SearchTermTally.hashing(hash, byte | 0x20) }
        let count = bytes.count
        var index = 0
        while index < count {
            let first = base[index]
            guard isDigit(first) || isLetter(first) else {
                index &+= 1
                continue
            }
            let start = index
            var previousIsDigit = false
            // A quantity has no letter and none of the marks that are not a quantity's (`'`, `;`).
            var quantity = true
            var hash = SearchTermTally.hashSeed
            // Runs of letters and of digits, each byte tested and hashed in a loop of its own,
            // then the mark that may join the word to the next run.
            while true {
                let letters = index
                while index < count {
                    let lower = base[index] | 0x20
                    guard lower &- 0x61 < 26 else { break }
                    hash = SearchTermTally.hashing(hash, lower)
                    index &+= 1
                }
                if index != letters {
                    previousIsDigit = false
                    quantity = false
                }
                let digits = index
                while index < count {
                    let byte = base[index]
                    guard isDigit(byte) else { break }
                    hash = SearchTermTally.hashing(hash, byte)
                    index &+= 1
                }
                if index != digits {
                    previousIsDigit = true
                    continue
                }
                guard index &+ 1 < count else { break }
                let byte = base[index]
                let next = base[index &+ 1]
                let joins: Bool
                switch byte {
                case UInt8(ascii: "."), UInt8(ascii: "'"): joins = previousIsDigit ? isDigit(next) : isLetter(next)
                case UInt8(ascii: ","), UInt8(ascii: ";"): joins = previousIsDigit && isDigit(next)
                default: joins = false
                }
                guard joins else { break }
                if byte == UInt8(ascii: "'") || byte == UInt8(ascii: ";") { quantity = false }
                hash = mix(hash, byte)
                hash = mix(hash, next)
                index &+= 2
            }
            body(start, index, hash, quantity)
        }
        return true
    }

    /// Whether `bytes` hold a byte past ASCII, `_` or `:`: eight bytes at a time.
    @inline(__always)
    private static func leavesToICU(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        var index = 0
        while index &+ 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if word & highs != 0 || hasZeroByte(word ^ (ones &* 0x5F)) || hasZeroByte(word ^ (ones &* 0x3A)) { return true }
            index &+= 8
        }
        while index < count {
            let byte = base[index]
            if byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") { return true }
            index &+= 1
        }
        return false
    }

    /// Lower case without the combining accents U+0300–U+036F ("Piña" → "pina"), composed again:
    /// exactly what search.js does to a query (`normalize("NFD")`, drop the marks, `toLowerCase()`,
    /// `normalize("NFC")`), so that both sides meet. Kana keep their voicing marks (ジン stays ジン).
    package static func fold(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
        var scalars = String.UnicodeScalarView()
        for scalar in word.decomposedStringWithCanonicalMapping.unicodeScalars where !(0x300...0x36F).contains(scalar.value) {
            scalars.append(scalar)
        }
        return String(scalars).lowercased().precomposedStringWithCanonicalMapping
    }

    /// Whether `word` is only a quantity ("2", "1.5", "1/2"): worth finding in a title, noise in
    /// an ingredient line.
    static func isQuantity(_ word: String) -> Bool {
        word.utf8.allSatisfy(isQuantityByte)
    }

    private static func isQuantityByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "/")
    }
}
