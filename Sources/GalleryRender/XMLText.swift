import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// Text for XML documents (the sitemap, the Atom feed).
enum XMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`, and drops the characters XML 1.0 forbids (control
    /// characters other than tab and line breaks, U+FFFE, U+FFFF), so any input stays well-formed.
    static func escape(_ text: String) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count)
        appendEscaped(text, to: &escaped)
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Appends `escape(text)` to UTF-8 `output`, without a string of its own.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        forEachEscapedByte(of: text) { output.append($0) }
    }

    /// How many bytes `escape(text)` has, counted without making it: the sitemap sizes its files
    /// by every entry's length (issue 37).
    static func escapedCount(_ text: String) -> Int {
        var count = 0
        forEachEscapedByte(of: text) { _ in count += 1 }
        return count
    }

    /// Each byte of `text` escaped, in order.
    private static func forEachEscapedByte(of text: String, _ body: (UInt8) -> Void) {
        func emit(_ entity: StaticString) {
            UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount).forEach(body)
        }
        // Everything it changes is ASCII but U+FFFE and U+FFFF (EF BF BE, EF BF BF), so the
        // UTF-8 bytes can be read and copied as they are.
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "&"): emit("&amp;")
                case UInt8(ascii: "<"): emit("&lt;")
                case UInt8(ascii: ">"): emit("&gt;")
                case UInt8(ascii: "\""): emit("&quot;")
                case UInt8(ascii: "'"): emit("&apos;")
                case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): body(byte)
                case ..<0x20: break
                case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                    index += 3
                    continue
                default: body(byte)
                }
                index += 1
            }
        }
    }
}
