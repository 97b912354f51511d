#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension String {
    /// The text with exactly one `/` at its end added if it had none: a base URL or base path
    /// (`https://example.com/bar` → `https://example.com/bar/`) that relative links are joined to.
    package var endingInSlash: String {
        hasSuffix("/") ? self : self + "/"
    }
}

extension String {
    /// The folders a relative path sits in, innermost first: `a/b/c.html` → `a/b`, `a`. Found
    /// among the UTF-8 bytes, as the file system sees a path: looking for `/` as a `Character`
    /// walked grapheme clusters backwards, some 16,000 instructions for every file a build writes.
    package var parentFolders: [String] {
        var result: [String] = []
        forEachParentFolder { result.append($0) }
        return result
    }

    /// `parentFolders` one at a time, innermost first, without the list: the build checks every
    /// output path's folders against the pages' and static files' (`OutputCollisions`).
    package func forEachParentFolder(_ body: (String) -> Void) {
        let utf8 = self.utf8
        var end = utf8.endIndex
        while let slash = utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
            end = slash
            body(String(Substring(utf8[..<slash])))
        }
    }
}

extension String {
    /// Whether the UTF-8 bytes of `needle` occur in the text: `memchr` for its first byte, then
    /// `memcmp`, over the text's bytes in place, where `contains` of Foundation goes through
    /// NSString (the loader and the renderer ask it of every body; a search through the UTF-8
    /// view, with a slice per candidate, was a tenth of the instructions of rendering a body).
    package func containsBytes(_ needle: String) -> Bool {
        var text = self
        var pattern = needle
        return text.withUTF8 { bytes in
            pattern.withUTF8 { wanted in
                guard let first = wanted.first else { return true }
                guard var start = bytes.baseAddress, bytes.count >= wanted.count else { return false }
                let end = start + bytes.count
                // A match starts at most this far in.
                let last = end - wanted.count
                while start <= last, let found = memchr(start, Int32(first), last - start + 1) {
                    let candidate = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(candidate, wanted.baseAddress!, wanted.count) == 0 { return true }
                    start = candidate + 1
                }
                return false
            }
        }
    }

    /// Whether the UTF-8 byte `byte` occurs in the text (`memchr`).
    package func containsByte(_ byte: UInt8) -> Bool {
        var text = self
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }
}

/// The canonical form of a path with every symbolic link followed (the C library's `realpath`,
/// one call where Foundation's `resolvingSymlinksInPath` costs more than reading a small file), or
/// nil when it does not exist.
package func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

extension String {
    /// `(path as NSString).lastPathComponent`, read from the bytes when the path is plain (ASCII,
    /// no doubled or trailing slash), as every content file's relative path is: NSString's copies
    /// the path through UTF-16 and fixes its slashes first, ~20,000 instructions a file.
    package var pathLastComponent: String {
        // Outer nil: not plain; inner nil: no slash, the path is its own last component.
        var path = self
        let plain = path.withUTF8 { bytes -> String?? in
            guard Self.isPlainPath(bytes) else { return nil }
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return .some(nil) }
            return .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]), as: UTF8.self))
        }
        guard let plain else { return (self as NSString).lastPathComponent }
        return plain ?? self
    }

    /// `(name as NSString).deletingPathExtension` for a file name without folders (`mojito.fr.md`
    /// → `mojito.fr`), from the bytes when the name is plain (see `pathLastComponent`).
    package var pathDeletingExtension: String {
        var name = self
        let plain = name.withUTF8 { bytes -> String? in
            guard Self.isPlainPath(bytes), bytes.first != UInt8(ascii: "."), !bytes.contains(UInt8(ascii: "/")),
                  let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<dot]), as: UTF8.self)
        }
        return plain ?? (self as NSString).deletingPathExtension
    }

    /// Whether the path is ASCII, not empty, and has no doubled or trailing slash. Read in place
    /// rather than through the UTF-8 view's indices (issue 37).
    private static func isPlainPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte >= 0x80 || (byte == UInt8(ascii: "/") && previous == byte) { return false }
            previous = byte
        }
        return previous != 0 && previous != UInt8(ascii: "/")
    }
}
