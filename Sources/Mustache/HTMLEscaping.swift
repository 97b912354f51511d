/// Escapes the five characters that are unsafe in HTML text and attribute values:
/// `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`.
public func escapeHTML(_ string: String) -> String {
    // Most interpolated values need no escaping; return them without copying.
    guard string.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
    else { return string }

    var escaped = ""
    escaped.reserveCapacity(string.utf8.count + 16)
    for scalar in string.unicodeScalars {
        switch scalar {
        case "&": escaped += "&amp;"
        case "<": escaped += "&lt;"
        case ">": escaped += "&gt;"
        case "\"": escaped += "&quot;"
        case "'": escaped += "&#39;"
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped
}
