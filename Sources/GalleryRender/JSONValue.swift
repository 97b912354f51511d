import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// A JSON document built in code and written deterministically: object keys sorted, no
/// whitespace, and escaped so the text is also safe inside an HTML `<script>` element.
/// JSON-LD and the search index use it; Foundation's encoder guarantees neither property.
package indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A string, or `null` when there is none.
    static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// The compact JSON text; objects drop their `null` members so optional fields simply vanish.
    package var text: String {
        var output: [UInt8] = []
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the text as UTF-8: one growing buffer for the whole document.
    package func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .int(let value): output += String(value).utf8
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            var first = true
            for (key, value) in members.sorted(by: { $0.key < $1.key }) where value != .null {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Escapes quotes, backslashes and control characters as JSON requires, plus what HTML and
    /// JavaScript need: `</` becomes `<\/` and `<!--` becomes `\u003c!--` so the text can never
    /// close or confuse a `<script>` element, and U+2028/U+2029 are escaped for older JS parsers.
    /// Read as bytes (every byte that needs a look is ASCII, or U+2028/U+2029's first, 0xE2),
    /// eight at a time (`mayNeedJSONEscape`), the runs between them copied whole: through its
    /// Unicode scalars, a step with a curly apostrophe (cmark's smart punctuation) cost thousands
    /// of instructions (issue 37).
    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var position = 0
            // Most strings need no escape at all: scanned eight bytes at a time and copied whole.
            while position + 8 <= count,
                  !mayNeedJSONEscape(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) {
                position += 8
            }
            var copied = 0
            while position < count {
                let byte = base[position]
                let escape: StaticString?
                switch byte {
                case UInt8(ascii: "\""): escape = #"\""#
                case UInt8(ascii: "\\"): escape = #"\\"#
                case UInt8(ascii: "\n"): escape = #"\n"#
                case UInt8(ascii: "\r"): escape = #"\r"#
                case UInt8(ascii: "\t"): escape = #"\t"#
                case UInt8(ascii: "/") where position > 0 && base[position - 1] == UInt8(ascii: "<"): escape = #"\/"#
                case UInt8(ascii: "<") where position + 1 < count && base[position + 1] == UInt8(ascii: "!"): escape = #"\u003c"#
                case 0xE2 where position + 2 < count && base[position + 1] == 0x80 && base[position + 2] == 0xA8: escape = #"\u2028"#
                case 0xE2 where position + 2 < count && base[position + 1] == 0x80 && base[position + 2] == 0xA9: escape = #"\u2029"#
                case ..<0x20: escape = ""
                default: escape = nil
                }
                guard let escape else {
                    position += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: position - copied))
                if byte < 0x20, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r"), byte != UInt8(ascii: "\t") {
                    // `\u` and four lower-case hex digits.
                    let hex: StaticString = "0123456789abcdef"
                    output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                               hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)]])
                } else {
                    output.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
                }
                // U+2028 and U+2029 are three bytes.
                position += byte == 0xE2 ? 3 : 1
                copied = position
            }
            output.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: count - copied))
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// Whether any of the eight bytes of `word` needs a look when written in a JSON string
/// (`JSONValue.writeString`): a control character (below 0x20), `"`, `\\`, `<` (`</`, `<!`), or
/// 0xE2 (U+2028, U+2029). A byte below `n` shows as a set high bit of `(x - 0x01…·n) & ~x & 0x80…`,
/// a byte equal to `n` as a zero byte of `x ^ 0x01…·n`; any such bit means some byte is one.
@inline(__always)
func mayNeedJSONEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs = ones &* 0x80
    @inline(__always) func below(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &- ones &* n) & ~x & highs }
    let control = below(word, 0x20)
    let quote = below(word ^ (ones &* 0x22), 1)
    let backslash = below(word ^ (ones &* 0x5C), 1)
    let angle = below(word ^ (ones &* 0x3C), 1)
    let separator = below(word ^ (ones &* 0xE2), 1)
    return control | quote | backslash | angle | separator != 0
}

extension JSONValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
}
