import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GalleryRender
import GallerySupport

/// Checks that every internal link of a built site leads to a file of the site: `href`, `src`,
/// `srcset` and `poster` in HTML, `url()` and `@import` in CSS (style sheets, `<style>` blocks and
/// `style` attributes). Absolute URLs under the site's `base_url`, and root-relative ones under its
/// path, count as internal; other external URLs (any scheme, `//host`) and anchors are not checked.
package struct LinkChecker: Sendable {
    /// A URL found in a file, with the position of its first character.
    package struct Link: Sendable, Hashable {
        package var url: String
        package var line: Int
        package var column: Int
    }

    /// Where a URL leads.
    package enum Target: Sendable, Hashable {
        /// Another site, a `mailto:`, a `data:` URL or an anchor in the same page: not checked.
        case unchecked
        /// A path in the output folder, relative to its root; a trailing `/` means a folder.
        case file(String)
        /// A broken URL, with the reason.
        case invalid(String)
    }

    package var outputDirectory: URL
    /// How the output folder is named in diagnostics.
    package var displayPath: String
    /// The site's `base_url` (ending in `/`), whose path root-relative URLs start with.
    package var baseURL: String?

    package init(outputDirectory: URL, displayPath: String, baseURL: String? = nil) {
        self.outputDirectory = outputDirectory.standardizedFileURL
        self.displayPath = displayPath
        self.baseURL = baseURL?.endingInSlash
    }

    /// What a check found.
    package struct Report: Sendable {
        /// One error per missing file (at the place that links to it first, pages before the
        /// printable books that repeat their bodies), each followed by a note naming the other
        /// places that link to the same file; one error per invalid URL.
        package var diagnostics: [Diagnostic]
        /// HTML and CSS files read.
        package var fileCount: Int
        /// Internal links followed.
        package var linkCount: Int
        /// The broken links: the errors, not counting the places their notes name.
        package var brokenCount: Int { diagnostics.count { $0.severity == .error } }
    }

    /// A link that leads nowhere, where it was found.
    private struct Breakage {
        var path: String
        var page: String
        var link: Link
        var problem: String

        var error: Diagnostic {
            .error("broken link '\(link.url)': \(problem)", path: path, line: link.line, column: link.column)
        }
    }

    /// Reads every HTML and CSS file of the output and follows its internal links.
    package func check() -> Report {
        let files = Set(ThemeLoader.files(under: outputDirectory))
        // Links may lead to published dot files (`.well-known/`, from static/), which are not read.
        let targets = files.union(ThemeLoader.files(under: outputDirectory, includingHidden: true))
        var invalid: [Breakage] = []
        var missing: [String: [Breakage]] = [:]
        var fileCount = 0
        var linkCount = 0
        for page in files.sorted() {
            let isHTML = page.hasSuffix(".html") || page.hasSuffix(".htm")
            guard isHTML || page.hasSuffix(".css") else { continue }
            guard let data = FileManager.default.contents(atPath: outputDirectory.appendingPathComponent(page).path) else { continue }
            fileCount += 1
            let text = String(decoding: data, as: UTF8.self)
            let links = isHTML ? Self.links(inHTML: text) : Self.links(inCSS: text)
            let path = displayPath.isEmpty || displayPath == "." ? page : displayPath + "/" + page
            for link in links {
                switch Self.target(of: link.url, from: page, baseURL: baseURL) {
                case .unchecked:
                    break
                case .invalid(let reason):
                    invalid.append(Breakage(path: path, page: page, link: link, problem: reason))
                case .file(let target):
                    linkCount += 1
                    if !Self.exists(target, in: targets) {
                        let expected = Self.expected(target)
                        missing[expected, default: []].append(Breakage(path: path, page: page, link: link, problem: "no file '\(expected)' in the output"))
                    }
                }
            }
        }
        var errors = DiagnosticLog()
        for breakage in invalid { errors.append(breakage.error) }
        var notes: [Diagnostic: Diagnostic] = [:]
        for places in missing.values {
            let ordered = places.sorted { a, b in
                (CookbookPage.isBook(a.page) ? 1 : 0, a.path, a.link.line, a.link.column)
                    < (CookbookPage.isBook(b.page) ? 1 : 0, b.path, b.link.line, b.link.column)
            }
            let error = ordered[0].error
            errors.append(error)
            if ordered.count > 1 { notes[error] = Self.note(sameTargetAs: ordered[0], from: ordered.dropFirst()) }
        }
        // Each note right after its error (sorting would put "also…" before "broken…").
        let diagnostics = errors.sorted.flatMap { error in [error] + (notes[error].map { [$0] } ?? []) }
        return Report(diagnostics: diagnostics, fileCount: fileCount, linkCount: linkCount)
    }

    /// The note naming the other places that link to a missing file: up to three in full, then
    /// how many more, so a link a body repeats in every book it is printed in is one error.
    private static func note(sameTargetAs first: Breakage, from others: ArraySlice<Breakage>) -> Diagnostic {
        let shown = others.prefix(3).map { "\($0.path):\($0.link.line):\($0.link.column)" }
        let more = others.count - shown.count
        let list = shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
        return Diagnostic(.note, path: first.path, line: first.link.line, column: first.link.column,
                          "also linked from \(others.count) more place\(others.count == 1 ? "" : "s"): \(list)")
    }

    private static func exists(_ target: String, in files: Set<String>) -> Bool {
        if target.isEmpty || target.hasSuffix("/") { return files.contains(target + "index.html") }
        return files.contains(target) || files.contains(target + "/index.html")
    }

    private static func expected(_ target: String) -> String {
        target.isEmpty || target.hasSuffix("/") ? target + "index.html" : target
    }

    /// Resolves `url` as written in the file at `page` (a path relative to the output root).
    /// With a `baseURL` such as `https://example.com/bar/`, `https://example.com/bar/x.css` and
    /// `/bar/x.css` both mean the output's `x.css`.
    package static func target(of url: String, from page: String, baseURL: String? = nil) -> Target {
        var trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        if let baseURL, trimmed.hasPrefix(baseURL) {
            trimmed = "/" + trimmed.dropFirst(baseURL.count)
        } else if trimmed.hasPrefix("/"), !trimmed.hasPrefix("//"), let basePath = baseURL.map { PublishedURL(base: $0).path }, basePath != "/" {
            guard trimmed.hasPrefix(basePath) else {
                return .invalid("a root-relative URL outside the site's base path '\(basePath)' (from base_url)")
            }
            trimmed = "/" + trimmed.dropFirst(basePath.count)
        }
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//") { return .unchecked }
        if let colon = trimmed.firstIndex(of: ":"), let first = trimmed.first, first.isASCII, first.isLetter,
           trimmed[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }) {
            return .unchecked
        }
        let pathPart = String(trimmed.prefix { $0 != "?" && $0 != "#" })
        if pathPart.isEmpty { return .unchecked } // "?page=2" stays on the same page
        guard let decoded = pathPart.removingPercentEncoding else { return .invalid("malformed percent-encoding") }
        var parts: [Substring] = []
        if !decoded.hasPrefix("/") {
            parts = page.split(separator: "/").dropLast()
        }
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return .invalid("it leads outside the output folder") }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        let isFolder = decoded.hasSuffix("/") || decoded.hasSuffix("/.") || decoded.hasSuffix("/..") || decoded == "." || decoded == ".."
        let joined = parts.joined(separator: "/")
        return .file(isFolder && !joined.isEmpty ? joined + "/" : joined)
    }

    // MARK: - Finding URLs

    /// The URLs of `href`, `src`, `srcset` and `poster` attributes and of CSS inside the page.
    package static func links(inHTML text: String) -> [Link] {
        let bytes = Array(text.utf8)
        let locator = Locator(bytes)
        var links: [Link] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { index += 1; continue }
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                index = find("-->", in: bytes, from: index + 4).map { $0 + 3 } ?? bytes.count
                continue
            }
            let next = bytes[index + 1]
            guard isLetter(next) else {
                if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") || next == UInt8(ascii: "/") {
                    index = find(">", in: bytes, from: index + 1).map { $0 + 1 } ?? bytes.count
                } else {
                    index += 1
                }
                continue
            }
            var cursor = index + 1
            while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">"), bytes[cursor] != UInt8(ascii: "/") {
                cursor += 1
            }
            let tagName = String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self).lowercased()
            // Attributes until '>'.
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") {
                if isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") { cursor += 1; continue }
                let nameStart = cursor
                while cursor < bytes.count, !isSpace(bytes[cursor]), !"=>/".utf8.contains(bytes[cursor]) { cursor += 1 }
                let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased()
                while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { continue }
                cursor += 1
                while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                guard cursor < bytes.count else { break }
                let valueStart: Int
                let valueEnd: Int
                if bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                    let quote = bytes[cursor]
                    valueStart = cursor + 1
                    valueEnd = bytes[valueStart...].firstIndex(of: quote) ?? bytes.count
                    cursor = min(valueEnd + 1, bytes.count)
                } else {
                    valueStart = cursor
                    while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
                    valueEnd = cursor
                }
                let raw = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
                switch name {
                case "href", "src", "poster":
                    links.append(locator.link(decodeEntities(raw), at: valueStart))
                case "srcset", "imagesrcset":
                    for (candidate, offset) in srcsetCandidates(raw) {
                        links.append(locator.link(decodeEntities(candidate), at: valueStart + offset))
                    }
                case "style":
                    links += cssURLs(Array(raw.utf8)).map { locator.link(decodeEntities($0.url), at: valueStart + $0.offset) }
                default: break
                }
            }
            index = cursor + 1
            if tagName == "script" || tagName == "style" {
                let end = findCaseInsensitive("</\(tagName)", in: bytes, from: index) ?? bytes.count
                if tagName == "style" {
                    links += cssURLs(Array(bytes[index..<end])).map { locator.link($0.url, at: index + $0.offset) }
                }
                index = end
            }
        }
        return links
    }

    /// The URLs of `url()` and `@import` in a style sheet.
    package static func links(inCSS text: String) -> [Link] {
        let bytes = Array(text.utf8)
        let locator = Locator(bytes)
        return cssURLs(bytes).map { locator.link($0.url, at: $0.offset) }
    }

    /// URLs in CSS with their byte offsets, skipping comments.
    static func cssURLs(_ bytes: [UInt8]) -> [(url: String, offset: Int)] {
        var result: [(url: String, offset: Int)] = []
        var index = 0
        func readString(_ start: Int) -> (String, Int, Int)? {
            guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'") else { return nil }
            let end = bytes[(start + 1)...].firstIndex(of: bytes[start]) ?? bytes.count
            return (String(decoding: bytes[(start + 1)..<end], as: UTF8.self), start + 1, end + 1)
        }
        while index < bytes.count {
            if bytes[index...].starts(with: Array("/*".utf8)) {
                index = find("*/", in: bytes, from: index + 2).map { $0 + 2 } ?? bytes.count
            } else if precededByImport(bytes, index), let string = readString(index) {
                result.append((string.0, string.1))
                index = string.2
            } else if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                index = readString(index)?.2 ?? bytes.count
            } else if matchesCaseInsensitive("url(", bytes, at: index), index == 0 || !isNameByte(bytes[index - 1]) {
                var cursor = index + 4
                while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                if let string = readString(cursor) {
                    result.append((string.0, string.1))
                    index = string.2
                } else {
                    let start = cursor
                    while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ")") { cursor += 1 }
                    let url = String(decoding: bytes[start..<cursor], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    result.append((url, start))
                    index = cursor
                }
            } else {
                index += 1
            }
        }
        return result
    }

    private static func precededByImport(_ bytes: [UInt8], _ index: Int) -> Bool {
        var cursor = index
        while cursor > 0, isSpace(bytes[cursor - 1]) { cursor -= 1 }
        return cursor >= 7 && matchesCaseInsensitive("@import", bytes, at: cursor - 7)
    }

    /// The URLs of a `srcset` value with their offsets: "a.jpg 1x, b.jpg 2x".
    static func srcsetCandidates(_ value: String) -> [(String, Int)] {
        let bytes = Array(value.utf8)
        var result: [(String, Int)] = []
        var index = 0
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
            guard index < bytes.count else { break }
            let start = index
            while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
            var end = index
            let endedWithComma = end > start && bytes[end - 1] == UInt8(ascii: ",")
            while end > start, bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
            result.append((String(decoding: bytes[start..<end], as: UTF8.self), start))
            if !endedWithComma {
                while index < bytes.count, bytes[index] != UInt8(ascii: ",") { index += 1 } // descriptors
            }
        }
        return result
    }

    /// Decodes the character references a URL attribute may hold (`&amp;`, `&#39;`, `&#x2F;`).
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";") {
                let name = String(after[..<semicolon])
                var decoded: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else {
                    decoded = named[name]
                }
                if let decoded {
                    result += decoded
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = after
        }
        return result + rest
    }

    /// Turns byte offsets into 1-based lines and columns.
    struct Locator {
        private var lineStarts: [Int] = [0]

        init(_ bytes: [UInt8]) {
            for (offset, byte) in bytes.enumerated() where byte == 10 { lineStarts.append(offset + 1) }
        }

        func link(_ url: String, at offset: Int) -> Link {
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return Link(url: url, line: low + 1, column: offset - lineStarts[low] + 1)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }
    private static func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
    private static func isNameByte(_ byte: UInt8) -> Bool { isLetter(byte) || (48...57).contains(byte) || byte == 45 || byte == 95 }

    private static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index...].starts(with: pattern) { return index }
            index += 1
        }
        return nil
    }

    private static func findCaseInsensitive(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if matchesCaseInsensitive(needle, bytes, at: index) { return index }
            index += 1
        }
        return nil
    }

    private static func matchesCaseInsensitive(_ needle: String, _ bytes: [UInt8], at index: Int) -> Bool {
        let pattern = Array(needle.lowercased().utf8)
        guard index >= 0, index + pattern.count <= bytes.count else { return false }
        for (offset, expected) in pattern.enumerated() {
            var byte = bytes[index + offset]
            if (65...90).contains(byte) { byte += 32 }
            if byte != expected { return false }
        }
        return true
    }
}
