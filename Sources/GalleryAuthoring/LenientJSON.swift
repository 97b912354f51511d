import Foundation

/// JSON as recipe pages really write it: raw line breaks and tabs inside strings, commas before a
/// closing bracket, a CDATA or HTML comment around a script's text. Mends those, then parses with
/// Foundation; a document it still cannot read gives the parser's reason and the byte's line.
package enum LenientJSON {
    package struct Failure: Error, Sendable {
        package var message: String
        package var line: Int
        package var column: Int
    }

    /// The value (dictionaries, arrays, strings, `NSNumber`s, `NSNull`) of `text`.
    package static func parse(_ text: String) throws(Failure) -> Any {
        let mended = mend(text)
        do {
            return try JSONSerialization.jsonObject(with: Data(mended.utf8), options: [.fragmentsAllowed])
        } catch {
            let nsError = error as NSError
            let reason = (nsError.userInfo["NSDebugDescription"] as? String) ?? "not valid JSON"
            // mend(_:) trimmed the white space in front: its lines still count.
            var line = 1 + text.prefix { $0.isWhitespace }.filter(\.isNewline).count
            var column = 1
            // Apple's Foundation gives the byte's index; swift-corelibs says "around character N".
            // A document cut short has no index: the end is where it broke off.
            let index = (nsError.userInfo["NSJSONSerializationErrorIndex"] as? Int)
                ?? reason.range(of: "character ").flatMap { Int(reason[$0.upperBound...].prefix { $0.isNumber }) }
                ?? (reason.lowercased().contains("end of file") || reason.lowercased().contains("unexpected end") ? mended.utf8.count : nil)
            if let index {
                for byte in mended.utf8.prefix(index) {
                    if byte == 10 { line += 1; column = 1 } else { column += 1 }
                }
            }
            throw Failure(message: reason, line: line, column: column)
        }
    }

    /// `text` with control characters inside strings escaped, trailing commas removed and a
    /// wrapping `<![CDATA[ … ]]>` or `<!-- … -->` taken off.
    static func mend(_ text: String) -> String {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        for (open, close) in [("<![CDATA[", "]]>"), ("<!--", "-->"), ("//<![CDATA[", "//]]>")] where body.hasPrefix(open) {
            body = body.dropFirst(open.count)
            if body.hasSuffix(close) { body = body.dropLast(close.count) }
            body = Substring(body.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        var result: [UInt8] = []
        result.reserveCapacity(body.utf8.count)
        var inString = false
        var escaped = false
        var pendingComma: Int?
        for byte in body.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte < 0x20 {
                    let escape: String = switch byte {
                    case 10: "\\n"
                    case 13: "\\r"
                    case 9: "\\t"
                    default: String(format: "\\u%04x", byte)
                    }
                    result.append(contentsOf: Array(escape.utf8))
                    continue
                }
                result.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                pendingComma = nil
            case UInt8(ascii: ","):
                pendingComma = result.count
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = pendingComma { result[comma] = UInt8(ascii: " ") }
                pendingComma = nil
            case 9, 10, 13, 32:
                break
            default:
                pendingComma = nil
            }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
