/// Escapes the five characters that are unsafe in HTML text and attribute values:
/// `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`.
package func escapeHTML(_ string: String) -> String {
    var string = string
    // All five are ASCII, so the UTF-8 bytes can be scanned and copied as they are. Most
    // interpolated values (long inline styles among them) need no escaping: they come back as given.
    let escaped = string.withUTF8 { bytes -> String? in
        guard let first = bytes.firstIndex(where: isUnsafeInHTML) else { return nil }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 16)
        escaped.append(contentsOf: bytes[..<first])
        for byte in bytes[first...] {
            switch byte {
            case UInt8(ascii: "&"): escaped += "&amp;".utf8
            case UInt8(ascii: "<"): escaped += "&lt;".utf8
            case UInt8(ascii: ">"): escaped += "&gt;".utf8
            case UInt8(ascii: "\""): escaped += "&quot;".utf8
            case UInt8(ascii: "'"): escaped += "&#39;".utf8
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
    return escaped ?? string
}

/// Whether `byte` is one of `&<>"'`: one test against a bit mask of the bytes below 64.
private func isUnsafeInHTML(_ byte: UInt8) -> Bool {
    let unsafeBytes: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | 1 << 0x22 | 1 << 0x27
    return byte < 64 && unsafeBytes & (1 << UInt64(byte)) != 0
}
