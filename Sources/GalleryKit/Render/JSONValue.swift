/// A JSON document built in code and written deterministically: object keys sorted, no
/// whitespace, and escaped so the text is also safe inside an HTML `<script>` element.
/// JSON-LD and the search index use it; Foundation's encoder guarantees neither property.
public indirect enum JSONValue: Sendable, Hashable {
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
    public var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            var first = true
            for (key, value) in members.sorted(by: { $0.key < $1.key }) where value != .null {
                if !first { output += "," }
                first = false
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Escapes quotes, backslashes and control characters as JSON requires, plus what HTML and
    /// JavaScript need: `</` becomes `<\/` and `<!--` becomes `\u003c!--` so the text can never
    /// close or confuse a `<script>` element, and U+2028/U+2029 are escaped for older JS parsers.
    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        // Most strings need no escape at all: copy them whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
            || $0 == UInt8(ascii: "<") || $0 == 0xE2 }) {
            output += value
            output += "\""
            return
        }
        let scalars = Array(value.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "/" where index > 0 && scalars[index - 1] == "<": output += "\\/"
            case "<" where next == "!": output += "\\u003c"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}
