import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// Relative URLs between output files, so a site works under any sub-path and from disk.
package enum URLPath {
    /// The prefix leading from the folder of `path` back to the output root: `""` for
    /// `index.html`, `"../../"` for `recipes/mojito/index.html`.
    package static func root(from path: String) -> String {
        String(repeating: "../", count: segmentCount(path) - 1)
    }

    /// The non-empty parts of `path` between slashes. An ASCII path's are counted in its bytes, as
    /// every page's root is found from its path; others by characters, where a combining mark
    /// after a slash makes one character of both.
    private static func segmentCount(_ path: String) -> Int {
        let counted: Int?? = path.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var count = 0
            var previous = UInt8(ascii: "/")
            for byte in bytes {
                if byte != UInt8(ascii: "/"), previous == UInt8(ascii: "/") { count += 1 }
                previous = byte
            }
            return count
        }
        if let counted, let count = counted { return count }
        return path.split(separator: "/").count
    }

    /// The link from a page whose `root` is given to the output file at `path`: every URL a page
    /// writes to another file of the site is made here, so a slug in any script is percent-encoded
    /// (UTF-8, RFC 3986) however it is reached.
    package static func link(to path: String, root: String) -> String {
        root + encode(path)
    }

    /// Percent-encodes each segment of a relative path (spaces, `#`, `?`, non-ASCII), keeping `/`.
    package static func encode(_ path: String) -> String {
        // Read as one buffer where the string is one: a byte at a time through its UTF-8 view cost
        // about ten instructions a byte, for every address of every page (issue 37).
        if path.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(isUnreservedOrSlash) }) ?? path.utf8.allSatisfy(isUnreservedOrSlash) {
            return path
        }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            var encoded = ""
            for byte in segment.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                     UInt8(ascii: "."), UInt8(ascii: "~"):
                    encoded.unicodeScalars.append(UnicodeScalar(byte))
                default:
                    let hex = String(byte, radix: 16, uppercase: true)
                    encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
                }
            }
            return encoded
        }.joined(separator: "/")
    }

    /// Whether `byte` stands as it is in an encoded path (`encode`).
    static func isUnreservedOrSlash(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
             UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"): true
        default: false
        }
    }
}
