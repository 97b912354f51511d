/// Escapes the five characters that are unsafe in HTML text and attribute values:
/// `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`.
package func escapeHTML(_ string: String) -> String {
    var string = string
    // All five are ASCII, so the UTF-8 bytes can be scanned and copied as they are. Most
    // interpolated values (long inline styles among them) need no escaping: they come back as given.
    guard string.withUTF8({ $0.contains(where: isUnsafeInHTML) }) else { return string }
    var escaped: [UInt8] = []
    escaped.reserveCapacity(string.utf8.count + 16)
    appendEscapingHTML(string, to: &escaped)
    return String(decoding: escaped, as: UTF8.self)
}

/// Appends `string` to UTF-8 `output` with the five characters escaped as `escapeHTML` does:
/// what a template's `{{name}}` writes, without making the escaped String first.
package func appendEscapingHTML(_ string: String, to output: inout [UInt8]) {
    var string = string
    string.withUTF8 { bytes in
        var start = 0
        for position in 0..<bytes.count where isUnsafeInHTML(bytes[position]) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
            switch bytes[position] {
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            case UInt8(ascii: "\""): output += "&quot;".utf8
            default: output += "&#39;".utf8
            }
            start = position + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
}

/// Appends the UTF-8 of `string` to `output` in one copy. `output += string.utf8` walks the view
/// generically: about 200 instructions a call for the million short pieces a large site's pages
/// are written from (issue 37).
package func appendUTF8(_ string: String, to output: inout [UInt8]) {
    var string = string
    string.withUTF8 { output.append(contentsOf: $0) }
}

/// Whether `byte` is one of `&<>"'`: one test against a bit mask of the bytes below 64.
private func isUnsafeInHTML(_ byte: UInt8) -> Bool {
    let unsafeBytes: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | 1 << 0x22 | 1 << 0x27
    return byte < 64 && unsafeBytes & (1 << UInt64(byte)) != 0
}
