import CCmark
import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport

/// Markdown through libcmark. This file owns every cmark pointer: documents, nodes, iterators and
/// rendered buffers.
package enum Markdown {
    /// A recipe body read in one parse: the page's HTML and the method's steps.
    package struct RecipeBody: Sendable {
        package var html: String
        /// The items of the first ordered list (see `orderedListItems(_:)`).
        package var steps: [String]
    }

    /// Renders `text` with smart punctuation. Unless `allowRawHTML` is set, raw HTML blocks and
    /// inlines are omitted and `javascript:`, `vbscript:`, `file:` and non-image `data:` links
    /// are dropped (cmark's safe mode).
    package static func html(_ text: String, allowRawHTML: Bool = false) -> String {
        withDocument(text) { html(of: $0, source: text, allowRawHTML: allowRawHTML) } ?? ""
    }

    /// The items of the first ordered list in `text`, as plain text with smart punctuation and
    /// without raw HTML: the steps schema.org's `HowToStep` wants.
    package static func orderedListItems(_ text: String) -> [String] {
        withDocument(text, orderedListItems(in:)) ?? []
    }

    /// `html(_:allowRawHTML:)` and `orderedListItems(_:)` of `text` from a single parse.
    package static func recipeBody(_ text: String, allowRawHTML: Bool = false) -> RecipeBody {
        withDocument(text) { document in
            RecipeBody(html: html(of: document, source: text, allowRawHTML: allowRawHTML), steps: orderedListItems(in: document))
        } ?? RecipeBody(html: "", steps: [])
    }

    /// Parses `text` with smart punctuation (the parser's only option; safe mode is the HTML
    /// renderer's) and hands the document to `body`, freeing it afterwards; nil if cmark fails.
    /// The text of a Markdown document without its markup, blocks joined by single spaces.
    package static func plainText(_ text: String) -> String {
        withDocument(text) { plainText(of: $0) } ?? ""
    }

    private static func withDocument<Result>(_ text: String, _ body: (OpaquePointer) -> Result) -> Result? {
        guard let document = cmark_parse_document(text, text.utf8.count, CMARK_OPT_SMART) else { return nil }
        defer { cmark_node_free(document) }
        return body(document)
    }

    private static func html(of document: OpaquePointer, source: String, allowRawHTML: Bool) -> String {
        var options = CMARK_OPT_SMART
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        guard let rendered = cmark_render_html(document, options) else { return "" }
        defer { free(rendered) }
        let html = String(cString: rendered)
        // cmark marks what safe mode removed with a comment; readers need no trace of it.
        // Only Markdown with a "<" can hold raw HTML; skipping the search saves a copy per page.
        guard !allowRawHTML, source.utf8.contains(UInt8(ascii: "<")) else { return html }
        return html.replacingOccurrences(of: "<!-- raw HTML omitted -->", with: "")
    }
}

/// Reads a recipe's method steps from the Markdown syntax tree.
extension Markdown {
    private static func orderedListItems(in document: OpaquePointer) -> [String] {
        guard let list = firstNode(in: document, where: { node in
            cmark_node_get_type(node) == CMARK_NODE_LIST && cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        }) else { return [] }
        var items: [String] = []
        var child = cmark_node_first_child(list)
        while let item = child {
            let words = plainText(of: item)
            if !words.isEmpty { items.append(words) }
            child = cmark_node_next(item)
        }
        return items
    }

    /// The first node under `root`, in document order, that satisfies `predicate`.
    private static func firstNode(in root: OpaquePointer, where predicate: (OpaquePointer) -> Bool) -> OpaquePointer? {
        guard let iterator = cmark_iter_new(root) else { return nil }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), predicate(node) { return node }
        }
        return nil
    }

    /// The text of `root` and everything under it, blocks and line breaks joined by single spaces.
    private static func plainText(of root: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(root) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text: [UInt8] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK {
                if let literal = cmark_node_get_literal(node) {
                    text.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
                }
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
                        || (event == CMARK_EVENT_EXIT && type.rawValue <= CMARK_NODE_LAST_BLOCK.rawValue) {
                text.append(UInt8(ascii: " "))
            }
        }
        return collapsingWhitespace(text)
    }

    /// UTF-8 `text` with each run of spaces, tabs and line feeds made one space and none at either
    /// end: what splitting its characters at those and joining the words with spaces gives.
    static func collapsingWhitespace(_ text: [UInt8]) -> String {
        func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        }
        // A space byte is a character of its own unless it ends a "\r\n" or a non-ASCII scalar
        // (a combining mark after it, a prepended sign before it) joins it into a larger one;
        // only then do the characters need to be looked at.
        let bytesAreCharacters = text.indices.allSatisfy { index in
            text[index] != UInt8(ascii: "\r") && (!isSpace(text[index])
                || ((index == 0 || text[index - 1] < 0x80) && (index + 1 == text.count || text[index + 1] < 0x80)))
        }
        guard bytesAreCharacters else {
            return String(decoding: text, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
                .joined(separator: " ")
        }
        var words: [UInt8] = []
        words.reserveCapacity(text.count)
        var isBetweenWords = false
        for byte in text {
            if isSpace(byte) {
                isBetweenWords = !words.isEmpty
            } else {
                if isBetweenWords { words.append(UInt8(ascii: " ")) }
                isBetweenWords = false
                words.append(byte)
            }
        }
        return String(decoding: words, as: UTF8.self)
    }
}
