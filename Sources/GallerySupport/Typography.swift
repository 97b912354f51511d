
/// Smart punctuation for plain text from front matter (summaries), matching what cmark's smart
/// option does to Markdown bodies: curly quotes, en and em dashes, ellipses.
package enum Typography {
    package static func smarten(_ text: String) -> String {
        // Text without quotes, `--` or `...`, as most is, has nothing the rules change.
        guard needsRules(text) else { return text }
        // ASCII without carriage returns, as most front matter is, has one character per byte:
        // the rules then run over the bytes instead of splitting the text into characters.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            var result: [UInt8] = []
            result.reserveCapacity(text.utf8.count)
            smarten(Array(text.utf8), copy: { result.append($0) }, write: { result += $0.utf8 })
            return String(decoding: result, as: UTF8.self)
        }
        var result = ""
        smarten(Array(text), copy: { result.append($0) }, write: { result += $0 })
        return result
    }

    /// Whether a quote, an apostrophe, two hyphens or three periods in a row occur in `text`:
    /// bytes, for each of these is one ASCII character (the rules' characters are them alone).
    private static func needsRules(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var run = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): return true
            case UInt8(ascii: "-"):
                if previous == byte { return true }
            case UInt8(ascii: "."):
                run = previous == byte ? run + 1 : 1
                if run == 3 { return true }
            default: break
            }
            previous = byte
        }
        return false
    }

    /// The rules over `units`, copying what they leave alone and writing the replacements.
    private static func smarten<Unit: TextUnit>(_ units: [Unit], copy: (Unit) -> Void, write: (String) -> Void) {
        let (hyphen, period, quote, apostrophe) = (Unit(unit: "-"), Unit(unit: "."), Unit(unit: "\""), Unit(unit: "'"))
        var index = 0
        func opensQuote(_ index: Int) -> Bool {
            guard index > 0 else { return true }
            let previous = units[index - 1].character
            return previous.isWhitespace || "([{—–-".contains(previous)
        }
        while index < units.count {
            let unit = units[index]
            switch unit {
            case hyphen where index + 2 < units.count && units[index + 1] == hyphen && units[index + 2] == hyphen:
                write("—")
                index += 3
                continue
            case hyphen where index + 1 < units.count && units[index + 1] == hyphen:
                write("–")
                index += 2
                continue
            case period where index + 2 < units.count && units[index + 1] == period && units[index + 2] == period:
                write("…")
                index += 3
                continue
            case quote:
                write(opensQuote(index) ? "“" : "”")
            case apostrophe:
                write(opensQuote(index) ? "‘" : "’")
            default:
                copy(unit)
            }
            index += 1
        }
    }
}

/// What the punctuation rules read: the characters of a text, or the bytes of ASCII text
/// without carriage returns, which are its characters one for one.
private protocol TextUnit: Equatable {
    init(unit: Unicode.Scalar)
    var character: Character { get }
}

extension Character: TextUnit {
    init(unit: Unicode.Scalar) { self.init(unit) }
    var character: Character { self }
}

extension UInt8: TextUnit {
    init(unit: Unicode.Scalar) { self.init(ascii: unit) }
    var character: Character { Character(Unicode.Scalar(self)) }
}
