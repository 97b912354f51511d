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
        escapingHTML(bytes) { output.append(contentsOf: $0) }
    }
}

/// Hands `write` the pieces of UTF-8 `bytes` with the five characters escaped: the runs between
/// them as they are, each of them as its entity. What both the String and the byte outputs write.
/// Eight bytes are tested at a time (`hasUnsafeByte`) and only a word holding one of the five is
/// looked at byte by byte: a page's escaped text is mostly long runs with none (a card's inline
/// style, a title), and testing each byte was a tenth of a build's rendering (issue 37).
@inline(__always)
func escapingHTML(_ bytes: UnsafeBufferPointer<UInt8>, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    var start = 0
    var position = 0
    while position < count {
        while position + 8 <= count, !hasUnsafeByte(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) {
            position += 8
        }
        let end = min(position + 8, count)
        while position < end {
            if isUnsafeInHTML(base[position]) {
                write(UnsafeBufferPointer(start: base + start, count: position - start))
                let entity: StaticString = switch base[position] {
                case UInt8(ascii: "&"): "&amp;"
                case UInt8(ascii: "<"): "&lt;"
                case UInt8(ascii: ">"): "&gt;"
                case UInt8(ascii: "\""): "&quot;"
                default: "&#39;"
                }
                entity.withUTF8Buffer(write)
                start = position + 1
            }
            position += 1
        }
    }
    write(UnsafeBufferPointer(start: base + start, count: count - start))
}

/// Whether any of the eight bytes of `word` is one of `&<>"'`, without looking at them one by one:
/// a byte equals `c` when it is zero after an exclusive or with `c`, and a word has a zero byte
/// when `(x - 0x01…) & ~x & 0x80…` is not zero. `&` and `'` (0x26, 0x27) differ only in the lowest
/// bit, `<` and `>` (0x3C, 0x3E) only in the second: setting that bit first tests each pair at once.
@inline(__always)
func hasUnsafeByte(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    @inline(__always) func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & (ones &* 0x80) }
    let quote = zeroByte(word ^ (ones &* 0x22))
    let ampersandOrApostrophe = zeroByte((word | ones) ^ (ones &* 0x27))
    let angle = zeroByte((word | (ones &* 0x02)) ^ (ones &* 0x3E))
    return quote | ampersandOrApostrophe | angle != 0
}

/// Appends the UTF-8 of `string` to `output` in one copy. `output += string.utf8` walks the view
/// generically: about 200 instructions a call for the million short pieces a large site's pages
/// are written from (issue 37).
package func appendUTF8(_ string: String, to output: inout [UInt8]) {
    var string = string
    string.withUTF8 { output.append(contentsOf: $0) }
}

/// Whether `byte` is one of `&<>"'`: one test against a bit mask of the bytes below 64.
func isUnsafeInHTML(_ byte: UInt8) -> Bool {
    let unsafeBytes: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | 1 << 0x22 | 1 << 0x27
    return byte < 64 && unsafeBytes & (1 << UInt64(byte)) != 0
}
