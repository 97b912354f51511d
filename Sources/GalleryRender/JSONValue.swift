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
        withUTF8(value) { bytes in
            escapingJSON(bytes) { output.append(contentsOf: $0) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Calls `body` with `text`'s UTF-8, read in place where the string is one buffer (a native or
    /// small string): a mutable copy for `withUTF8` retained and released each string (issue 37).
    @inline(__always)
    static func withUTF8(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if text.utf8.withContiguousStorageIfAvailable(body) != nil { return }
        var text = text
        text.withUTF8(body)
    }

    /// Hands `emit` the pieces of `bytes` escaped as `writeString` escapes them (without the
    /// quotes): the runs that need no escape whole, each escape on its own. One loop for
    /// `JSONValue`'s array of bytes and `JSONWriter`'s memory. Read eight bytes at a time again
    /// after each byte that needed a look: a curly apostrophe (0xE2) early in a step no longer
    /// sends the rest of it through the byte-by-byte loop (issue 37).
    @inline(__always)
    static func escapingJSON(_ bytes: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        @inline(__always) func word(_ position: Int) -> UInt64 {
            UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
        }
        var position = 0
        var copied = 0
        while position < count {
            // Words that need no look, skipped whole; the last eight bytes read as one when they need none.
            while position + 8 <= count, !mayNeedJSONEscape(word(position)) { position += 8 }
            if position == count || (position + 8 > count && count >= 8 && !mayNeedJSONEscape(word(count - 8))) { break }
            let byte = base[position]
            let escape: StaticString?
            var length = 1
            switch byte {
            case UInt8(ascii: "\""): escape = #"\""#
            case UInt8(ascii: "\\"): escape = #"\\"#
            case UInt8(ascii: "\n"): escape = #"\n"#
            case UInt8(ascii: "\r"): escape = #"\r"#
            case UInt8(ascii: "\t"): escape = #"\t"#
            case UInt8(ascii: "<") where position + 1 < count && base[position + 1] == UInt8(ascii: "!"): escape = #"\u003c"#
            case UInt8(ascii: "<") where position + 1 < count && base[position + 1] == UInt8(ascii: "/"):
                // `</` is written `<\/`: the slash is escaped, read here with the `<` that calls for it.
                escape = #"<\/"#
                length = 2
            case 0xE2 where position + 2 < count && base[position + 1] == 0x80 && base[position + 2] == 0xA8:
                escape = #"\u2028"#
                length = 3
            case 0xE2 where position + 2 < count && base[position + 1] == 0x80 && base[position + 2] == 0xA9:
                escape = #"\u2029"#
                length = 3
            case ..<0x20: escape = ""
            default: escape = nil
            }
            guard let escape else {
                position += 1
                continue
            }
            if position > copied { emit(UnsafeBufferPointer(start: base + copied, count: position - copied)) }
            if byte < 0x20, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r"), byte != UInt8(ascii: "\t") {
                // `\u` and four lower-case hex digits.
                let hex: StaticString = "0123456789abcdef"
                withUnsafeBytes(of: (UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                     hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)])) {
                    emit($0.assumingMemoryBound(to: UInt8.self))
                }
            } else {
                emit(UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
            }
            position += length
            copied = position
        }
        if count > copied { emit(UnsafeBufferPointer(start: base + copied, count: count - copied)) }
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
