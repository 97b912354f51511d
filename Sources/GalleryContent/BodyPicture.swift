import CCmark
import Foundation
import GallerySupport

/// A picture a Markdown body shows (`![alt](../images/step1.jpg "Title")`): what it names and where
/// it is written, so the image phase can process it and report a bad one at its own line and column.
/// Any Markdown document with a source file (a recipe, a page) collects its pictures this way.
package struct BodyPicture: Sendable, Hashable {
    /// The URL as the Markdown wrote it.
    package var url: String
    /// The picture it names: a site-relative path, or an http(s) URL kept as it is.
    package var reference: ImageReference
    /// 1-based line and column (in characters) of the `!` in the source file.
    package var line: Int
    package var column: Int

    package init(url: String, reference: ImageReference, line: Int, column: Int) {
        self.url = url
        self.reference = reference
        self.line = line
        self.column = column
    }

    /// Every image of `body` that names a picture, in document order, and an error for each whose
    /// path leaves the site folder. `sourcePath` is the document's site-relative path (relative
    /// URLs start from its folder), `bodyLine` the file line the body starts on, `displayPath`
    /// how diagnostics name the file.
    package static func scan(_ body: String, sourcePath: String, bodyLine: Int, displayPath: String) -> ([BodyPicture], [Diagnostic]) {
        var pictures: [BodyPicture] = []
        var diagnostics: [Diagnostic] = []
        for image in MarkdownImageScan.images(in: body) {
            let line = bodyLine + image.line - 1
            let column = characterColumn(byteColumn: image.column, line: image.line, in: body)
            switch resolve(image.url, documentPath: sourcePath) {
            case .success(let reference?):
                pictures.append(BodyPicture(url: image.url, reference: reference, line: line, column: column))
            case .success(nil):
                continue
            case .failure(let problem):
                diagnostics.append(.error(problem.message, path: displayPath, line: line, column: column))
            }
        }
        return (pictures, diagnostics)
    }

    /// What an image URL in a document names: a remote picture (http or https), a site-relative
    /// path (relative to the document's folder, or to the site folder when it starts with `/`),
    /// or nil for what is left as cmark writes it (an empty URL, `data:` and other schemes, `//host`).
    /// A path that climbs out of the site folder is a problem. The renderer resolves with this too,
    /// so the two phases always agree on what a URL names.
    package static func resolve(_ url: String, documentPath: String) -> Result<ImageReference?, ImagePath.Problem> {
        let trimmed = url.trimmingSpaces()
        let lower = trimmed.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return .success(.remote(trimmed)) }
        guard !trimmed.isEmpty, !trimmed.hasPrefix("//"), !trimmed.hasPrefix("#"), !hasScheme(trimmed) else { return .success(nil) }
        // The query and fragment name no file; percent escapes are the file name's own bytes.
        let pathPart = String(trimmed.prefix { $0 != "?" && $0 != "#" })
        let decoded = pathPart.removingPercentEncoding ?? pathPart
        let joined: String
        if decoded.hasPrefix("/") {
            joined = String(decoded.drop { $0 == "/" })
        } else {
            let folder = (documentPath as NSString).deletingLastPathComponent
            joined = folder.isEmpty ? decoded : folder + "/" + decoded
        }
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else {
                    return .failure(ImagePath.Problem(message: "image '\(url)' leads outside the site folder"))
                }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        guard !parts.isEmpty else { return .failure(ImagePath.Problem(message: "image '\(url)' names no file")) }
        return .success(.local(parts.joined(separator: "/")))
    }

    /// `scheme:` at the start (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`).
    private static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex, url[..<colon].first!.isASCII,
              url[..<colon].first!.isLetter else { return false }
        return url[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// cmark counts columns in bytes; editors and diagnostics count characters.
    static func characterColumn(byteColumn: Int, line: Int, in text: String) -> Int {
        let bytes = Array(text.utf8)
        var start = 0
        var current = 1
        while current < line, let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            start = newline + 1
            current += 1
        }
        let end = min(bytes.count, start + max(0, byteColumn - 1))
        let prefix = bytes[start..<end]
        guard prefix.contains(where: { $0 >= 0x80 }) else { return byteColumn }
        return String(decoding: prefix, as: UTF8.self).count + 1
    }
}

/// The images and links of a Markdown text as libcmark parses them. This file's one function owns
/// the document and iterator it makes (the renderer's cmark code lives in GalleryRender/Markdown.swift).
enum MarkdownImageScan {
    struct Image {
        var url: String
        /// Of the `!` (or a link's `[`), relative to the text: 1-based line, 1-based byte column.
        var line: Int
        var column: Int
    }

    /// Every image of `text`, in document order.
    static func images(in text: String) -> [Image] {
        // Most bodies show no picture: no "![" means no image node, and no parse is needed.
        guard text.containsBytes("![") else { return [] }
        return nodes(CMARK_NODE_IMAGE, in: text)
    }

    /// Every link of `text` whose URL starts with `prefix`, in document order.
    static func links(in text: String, startingWith prefix: String) -> [Image] {
        guard text.containsBytes(prefix) else { return [] }
        return nodes(CMARK_NODE_LINK, in: text).filter { $0.url.hasPrefix(prefix) }
    }

    private static func nodes(_ type: cmark_node_type, in text: String) -> [Image] {
        guard let document = cmark_parse_document(text, text.utf8.count, CMARK_OPT_DEFAULT) else { return [] }
        defer { cmark_node_free(document) }
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [Image] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == type else { continue }
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            found.append(Image(url: url, line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))))
        }
        return found
    }
}
