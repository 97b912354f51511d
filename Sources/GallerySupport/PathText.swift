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
    /// The folders a relative path sits in, innermost first: `a/b/c.html` → `a/b`, `a`.
    package var parentFolders: [String] {
        var result: [String] = []
        var folder = Substring(self)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            result.append(String(folder))
        }
        return result
    }
}

extension String {
    /// Whether the UTF-8 bytes of `needle` occur in the text: a byte search, where `contains` of
    /// Foundation goes through NSString (the loader and the renderer ask it of every body).
    package func containsBytes(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        let bytes = utf8
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: first) {
            if bytes[found...].starts(with: pattern) { return true }
            index = bytes.index(after: found)
        }
        return false
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
