import Foundation
import GallerySupport

/// Splits a recipe file into its YAML front matter and Markdown body.
package struct FrontMatter: Sendable {
    /// The YAML between the `---` lines, parsed; nil when the block is empty.
    package var yaml: YAMLNode?
    /// The Markdown after the closing line.
    package var body: String
    /// 1-based line of the body's first line in the file.
    package var bodyLine: Int

    /// Parses `text`; YAML positions are made relative to the file, not the block. `what` names
    /// the file in the message about missing front matter ("a recipe", "a page").
    package static func parse(_ text: String, path: String, what: String = "a recipe") throws(Diagnostic) -> FrontMatter {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(Diagnostic) in try parse(bytes, path: path, what: what) } }
        return try result.get()
    }

    /// Lines are found as byte ranges, only as far as the closing line, and the YAML is handed to
    /// libyaml where it lies: splitting by Character walked every grapheme of the block (as
    /// much as libyaml's own parse), and the YAML and the body are taken as single slices.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String, what: String) throws(Diagnostic) -> FrontMatter {
        let newline = UInt8(ascii: "\n")
        /// The end of the line starting at `start`: its newline, or the end of the text
        /// (`memchr`, many bytes at a time).
        func lineEnd(from start: Int) -> Int {
            guard start < bytes.count, let base = bytes.baseAddress,
                  let found = memchr(base + start, Int32(newline), bytes.count - start) else { return bytes.count }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
        /// Whether the line is `marker` followed only by spaces and tabs.
        func isLine(_ start: Int, _ end: Int, _ marker: StaticString) -> Bool {
            var last = end
            while last > start, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t") { last -= 1 }
            guard last - start == marker.utf8CodeUnitCount else { return false }
            let wanted = marker.utf8Start
            for offset in 0..<(last - start) where bytes[start + offset] != wanted[offset] { return false }
            return true
        }
        let firstEnd = lineEnd(from: 0)
        guard isLine(0, firstEnd, "---") else {
            throw .error("\(what) must start with front matter: a line '---', YAML such as 'title: ...', then '---'",
                         path: path, line: 1, column: 1)
        }
        var (previousEnd, close) = (firstEnd, 0)
        while previousEnd < bytes.count {
            let start = previousEnd + 1
            let end = lineEnd(from: start)
            close += 1
            guard !isLine(start, end, "---"), !isLine(start, end, "...") else {
                let yamlBytes = close > 1 ? UnsafeBufferPointer(rebasing: bytes[(firstEnd + 1)..<previousEnd]) : UnsafeBufferPointer(rebasing: bytes[0..<0])
                let yaml: YAMLNode?
                do {
                    yaml = try YAMLParser.parse(yamlBytes, lineOffset: 1)
                } catch {
                    // The parser has put every line in the file's own numbering already.
                    throw .error(error.diagnosticMessage(), path: path, line: error.line, column: error.column)
                }
                let body = end < bytes.count ? String(decoding: UnsafeBufferPointer(rebasing: bytes[(end + 1)...]), as: UTF8.self) : ""
                return FrontMatter(yaml: yaml, body: body, bodyLine: close + 2)
            }
            previousEnd = end
        }
        throw .error("front matter opened with '---' on line 1 is never closed (add a line '---' after it)",
                     path: path, line: 1, column: 1)
    }
}
