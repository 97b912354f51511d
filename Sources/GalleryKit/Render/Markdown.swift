import Foundation
import CCmark

/// Markdown through libcmark. This file owns every cmark pointer: documents, nodes, iterators and
/// rendered buffers.
public enum Markdown {
    /// Renders `text` with smart punctuation. Unless `allowRawHTML` is set, raw HTML blocks and
    /// inlines are omitted and `javascript:`, `vbscript:`, `file:` and non-image `data:` links
    /// are dropped (cmark's safe mode).
    public static func html(_ text: String, allowRawHTML: Bool = false) -> String {
        var options = CMARK_OPT_SMART
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        let bytes = Array(text.utf8)
        guard let rendered = bytes.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_markdown_to_html($0, buffer.count, options)
                }
            } ?? cmark_markdown_to_html("", 0, options)
        }) else { return "" }
        defer { free(rendered) }
        let html = String(cString: rendered)
        // cmark marks what safe mode removed with a comment; readers need no trace of it.
        // Only Markdown with a "<" can hold raw HTML; skipping the search saves a copy per page.
        guard !allowRawHTML, bytes.contains(UInt8(ascii: "<")) else { return html }
        return html.replacingOccurrences(of: "<!-- raw HTML omitted -->", with: "")
    }
}

/// Reads a recipe's method steps from the Markdown syntax tree.
extension Markdown {
    /// The items of the first ordered list in `text`, as plain text with smart punctuation and
    /// without raw HTML: the steps schema.org's `HowToStep` wants.
    public static func orderedListItems(_ text: String) -> [String] {
        guard let document = cmark_parse_document(text, text.utf8.count, CMARK_OPT_SMART) else { return [] }
        defer { cmark_node_free(document) }
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
        var text = ""
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK {
                if let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
                        || (event == CMARK_EVENT_EXIT && type.rawValue <= CMARK_NODE_LAST_BLOCK.rawValue) {
                text += " "
            }
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}
