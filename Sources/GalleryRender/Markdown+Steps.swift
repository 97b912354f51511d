import CCmark

/// Cook mode in a recipe body: each step of the method (the items JSON-LD lists as `HowToStep`s)
/// wrapped in `CookStep`'s markup, as cmark custom nodes, whose text the HTML renderer writes as
/// it is (in safe mode too): `CookStep` escapes what it interpolates.
extension Markdown {
    /// The method's lists of a document, each list's items and their words read once: the steps
    /// (the first ordered list), the headed parts and cook mode's step items all come from them.
    /// Reading each for itself walked every item's text three times (issue 37).
    struct MethodLists {
        /// The items of the first ordered list anywhere in the document that hold words.
        var firstList: [(node: OpaquePointer, text: String)]
        /// The top-level ordered lists after a heading, when there are two or more (see `sectionLists`).
        var sections: [(name: String, items: [(node: OpaquePointer, text: String)])]

        /// The items of the first ordered list, as plain text: `RecipeBody.steps`.
        var steps: [String] { firstList.map(\.text) }

        /// The headed parts: `RecipeBody.sections`.
        var methodSections: [MethodSection] {
            sections.map { MethodSection(name: $0.name, steps: $0.items.map(\.text)) }
        }

        /// The method's items, in order: those of the headed lists when the method has parts,
        /// else those of the first ordered list; items without words left out, as the
        /// structured data leaves them out, so that step N is the Nth `HowToStep`.
        var stepNodes: [OpaquePointer] {
            sections.isEmpty ? firstList.map(\.node) : sections.flatMap { $0.items.map(\.node) }
        }
    }

    static func methodLists(in document: OpaquePointer) -> MethodLists {
        var read: [(list: OpaquePointer, items: [(node: OpaquePointer, text: String)])] = []
        let sections = sectionLists(in: document, reading: &read)
        // The first ordered list is most often one whose items the headed parts read already
        // (the first part, or the one list of a method without parts): read twice, they cost a
        // tenth of the page's Swift-side Markdown (issue 37).
        let firstItems = firstOrderedList(in: document).map { first in read.first { $0.list == first }?.items ?? stepItems(of: first) } ?? []
        return MethodLists(firstList: firstItems, sections: sections.map { ($0.name, $0.items) })
    }

    /// Opens the step's box before the item's first block and closes it after its last (two
    /// sibling blocks rather than one around them, so that a tight list stays without `<p>`), and
    /// puts the tick box's label around the inlines of the item's first paragraph. The markup is
    /// written into one buffer for every step, which cmark copies. The items are those of a
    /// document `withDocument` parsed: the nodes are made in its arena.
    static func markSteps(_ items: [OpaquePointer], closing: (CookStep) -> String) {
        var markup: [UInt8] = []
        markup.reserveCapacity(160)
        /// cmark takes NUL-terminated text.
        func setText(of node: OpaquePointer, _ write: (inout [UInt8]) -> Void) {
            markup.removeAll(keepingCapacity: true)
            write(&markup)
            markup.append(0)
            markup.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { _ = cmark_node_set_on_enter(node, $0.baseAddress) }
            }
        }
        for (index, item) in items.enumerated() {
            let step = CookStep(number: index + 1, count: items.count)
            let made = index < openings.count ? openings[index] : nil
            var child = cmark_node_first_child(item)
            while let node = child, cmark_node_get_type(node) != CMARK_NODE_PARAGRAPH { child = cmark_node_next(node) }
            if let paragraph = child, let label = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, arena) {
                if let made { cmark_node_set_on_enter(label, made.label) } else { setText(of: label) { step.appendLabelOpening(to: &$0) } }
                cmark_node_set_on_exit(label, labelClosing)
                while let inline = cmark_node_first_child(paragraph) { cmark_node_append_child(label, inline) }
                cmark_node_append_child(paragraph, label)
            }
            if let opening = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, arena) {
                if let made { cmark_node_set_on_enter(opening, made.box) } else { setText(of: opening) { step.appendOpening(to: &$0) } }
                cmark_node_prepend_child(item, opening)
            }
            if let end = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, arena) {
                // A String passed to C as it is would be copied into an array first.
                closing(step).withCString { _ = cmark_node_set_on_enter(end, $0) }
                cmark_node_append_child(item, end)
            }
        }
    }

    /// `CookStep.labelClosing`, NUL-terminated, made once.
    private static let labelClosing: [CChar] = Array(CookStep.labelClosing.utf8CString)

    /// The box's opening and the tick box's label opening of steps 1 to `CookStepClosings.largestCount`
    /// (they depend on the number alone), NUL-terminated, made once: writing them for each step of
    /// each page cost more than cmark's copying them (issue 37).
    private static let openings: [(box: [CChar], label: [CChar])] = (1...CookStepClosings.largestCount).map { number in
        let step = CookStep(number: number, count: number)
        func text(_ write: (inout [UInt8]) -> Void) -> [CChar] {
            var bytes: [UInt8] = []
            write(&bytes)
            return Array(String(decoding: bytes, as: UTF8.self).utf8CString)
        }
        return (text { step.appendOpening(to: &$0) }, text { step.appendLabelOpening(to: &$0) })
    }
}
