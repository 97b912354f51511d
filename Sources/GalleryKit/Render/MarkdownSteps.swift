import CCmark

/// Reads a recipe's method steps from the Markdown syntax tree. This file owns every cmark node
/// and iterator it creates.
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
