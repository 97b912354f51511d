import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// Text for XML documents (the sitemap, the Atom feed).
enum XMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`, and drops the characters XML 1.0 forbids (control
    /// characters other than tab and line breaks, U+FFFE, U+FFFF), so any input stays well-formed.
    static func escape(_ text: String) -> String {
        // Everything it changes is ASCII but U+FFFE and U+FFFF (EF BF BE, EF BF BF), so the
        // UTF-8 bytes can be read and copied as they are.
        let bytes = Array(text.utf8)
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"): escaped += "&amp;".utf8
            case UInt8(ascii: "<"): escaped += "&lt;".utf8
            case UInt8(ascii: ">"): escaped += "&gt;".utf8
            case UInt8(ascii: "\""): escaped += "&quot;".utf8
            case UInt8(ascii: "'"): escaped += "&apos;".utf8
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): escaped.append(byte)
            case ..<0x20: break
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                index += 3
                continue
            default: escaped.append(byte)
            }
            index += 1
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
