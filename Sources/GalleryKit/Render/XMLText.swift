/// Text for XML documents (the sitemap, the Atom feed).
enum XMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`, and drops the characters XML 1.0 forbids (control
    /// characters other than tab and line breaks, U+FFFE, U+FFFF), so any input stays well-formed.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case "\u{FFFE}", "\u{FFFF}": continue
            default:
                if scalar.value >= 0x20 { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}
