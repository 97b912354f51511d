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
    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape at all: copy them whole (scanned and copied as one buffer).
        var text = value
        let isPlain = text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
                || $0 == UInt8(ascii: "<") || $0 == 0xE2 }) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if isPlain {
            output.append(UInt8(ascii: "\""))
            return
        }
        let scalars = Array(value.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "\"": output += #"\""#.utf8
            case "\\": output += #"\\"#.utf8
            case "\n": output += #"\n"#.utf8
            case "\r": output += #"\r"#.utf8
            case "\t": output += #"\t"#.utf8
            case "/" where index > 0 && scalars[index - 1] == "<": output += #"\/"#.utf8
            case "<" where next == "!": output += #"\u003c"#.utf8
            case "\u{2028}": output += #"\u2028"#.utf8
            case "\u{2029}": output += #"\u2029"#.utf8
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += #"\u"#.utf8
                    output += (String(repeating: "0", count: 4 - hex.count) + hex).utf8
                } else {
                    UTF8.encode(scalar) { output.append($0) }
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
}
