import Foundation

/// The `<script type="application/ld+json">` elements of an HTML page (every one: pages carry
/// their site's Organization, BreadcrumbList and WebSite beside the Recipe), with the line each
/// starts on, so that messages point into the page.
package enum JSONLDScripts {
    package struct Script: Sendable, Hashable {
        package var text: String
        /// The line of the script's first character of content.
        package var line: Int
    }

    package static func scripts(in html: String) -> [Script] {
        var scripts: [Script] = []
        let bytes = Array(html.utf8)
        var index = 0
        var line = 1
        var lineCounted = 0
        func lineAt(_ position: Int) -> Int {
            for byte in bytes[lineCounted..<position] where byte == 10 { line += 1 }
            lineCounted = position
            return line
        }
        while let open = find(Array("<script".utf8), in: bytes, from: index) {
            guard let tagEnd = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = String(decoding: bytes[open..<tagEnd], as: UTF8.self).lowercased()
            let contentStart = tagEnd + 1
            guard let close = find(Array("</script".utf8), in: bytes, from: contentStart) else { break }
            index = close + 8
            guard isJSONLD(tag) else { continue }
            scripts.append(Script(text: String(decoding: bytes[contentStart..<close], as: UTF8.self), line: lineAt(contentStart)))
        }
        return scripts
    }

    /// `type="application/ld+json"`, quoted either way or not, in any case.
    static func isJSONLD(_ tag: String) -> Bool {
        let compact = tag.filter { $0 != " " && $0 != "\"" && $0 != "'" }
        return compact.contains("type=application/ld+json")
    }

    /// The first place of `needle` in `haystack` at or after `start`, ASCII letters in any case.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            var matches = true
            for offset in 0..<needle.count {
                var byte = haystack[index + offset]
                if byte >= 65 && byte <= 90 { byte += 32 }
                if byte != needle[offset] { matches = false; break }
            }
            if matches { return index }
            index += 1
        }
        return nil
    }
}
