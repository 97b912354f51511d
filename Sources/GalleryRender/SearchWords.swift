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
        let split = forEachASCIIWord(bytes) { word in
            found.append(String(unsafeUninitializedCapacity: word.count) { text in
                for (offset, byte) in word.enumerated() { text[offset] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
                return word.count
            })
        }
        return split ? found : nil
    }

    /// Notes the words of `text` in `field` (a bit of the mask `takeTally` hands out), folded as
    /// `words` folds them, quantities left out unless `keepQuantities`: the same words `words`
    /// gives, without a `String` for each.
    func tally(_ text: String, field: UInt8, keepQuantities: Bool) {
        guard !text.isEmpty else { return }
        var text = text
        let split = text.withUTF8 { bytes in
            Self.forEachASCIIWord(bytes) { word in
                if keepQuantities || !Self.isQuantity(word) { documentTally.add(word, lowerASCII: true, field: field) }
            }
        }
        guard !split else { return }
        for var word in icuWords(text) where keepQuantities || !Self.isQuantity(word) {
            word.withUTF8 { documentTally.add($0, lowerASCII: false, field: field) }
        }
    }

    /// The distinct words noted since the last call, each with the fields it was noted in, in
    /// the order first seen.
    func takeTally() -> [(word: String, fields: UInt8)] {
        documentTally.terms()
    }

    /// Calls `body` with each word of plain ASCII text (unfolded), as `asciiWords` splits it;
    /// false, before any call, for text left to ICU.
    static func forEachASCIIWord(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        enum Kind { case letter, digit, joinsBoth, joinsDigits, other }
        @inline(__always) func kind(_ byte: UInt8) -> Kind {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A: .letter
            case 0x30...0x39: .digit
            case UInt8(ascii: "."), UInt8(ascii: "'"): .joinsBoth
            case UInt8(ascii: ","), UInt8(ascii: ";"): .joinsDigits
            default: .other
            }
        }
        for byte in bytes where byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") { return false }
        var index = 0
        let count = bytes.count
        while index < count {
            var previous = kind(bytes[index])
            guard previous == .letter || previous == .digit else {
                index += 1
                continue
            }
            let start = index
            index += 1
            while index < count {
                let current = kind(bytes[index])
                if current == .letter || current == .digit {
                    previous = current
                    index += 1
                } else if index + 1 < count, current == .joinsBoth || current == .joinsDigits,
                          kind(bytes[index + 1]) == previous, current == .joinsBoth || previous == .digit {
                    index += 2
                } else {
                    break
                }
            }
            body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }
        return true
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

    static func isQuantity(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        word.allSatisfy(isQuantityByte)
    }

    private static func isQuantityByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "/")
    }
}
