import CCmark

/// Cook mode in a recipe body: each step of the method (the items JSON-LD lists as `HowToStep`s)
/// wrapped in `CookStep`'s markup, as cmark custom nodes, whose text the HTML renderer writes as
/// it is (in safe mode too): `CookStep` escapes what it interpolates.
extension Markdown {
    /// The method's items, in order: those of the headed lists when the method has parts
    /// (`methodSections`), else those of the first ordered list; items without words left out,
    /// as the structured data leaves them out, so that step N is the Nth `HowToStep`.
    static func methodStepNodes(in document: OpaquePointer) -> [OpaquePointer] {
        let sections = sectionLists(in: document)
        let lists = sections.isEmpty ? firstOrderedList(in: document).map { [$0] } ?? [] : sections.map(\.list)
        return lists.flatMap { stepItems(of: $0).map(\.node) }
    }

    /// Opens the step's box before the item's first block and closes it after its last (two
    /// sibling blocks rather than one around them, so that a tight list stays without `<p>`), and
    /// puts the tick box's label around the inlines of the item's first paragraph.
    static func markSteps(_ items: [OpaquePointer], closing: (CookStep) -> String) {
        for (index, item) in items.enumerated() {
            let step = CookStep(number: index + 1, count: items.count)
            var child = cmark_node_first_child(item)
            while let node = child, cmark_node_get_type(node) != CMARK_NODE_PARAGRAPH { child = cmark_node_next(node) }
            if let paragraph = child, let label = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) {
                cmark_node_set_on_enter(label, step.labelOpening)
                cmark_node_set_on_exit(label, CookStep.labelClosing)
                while let inline = cmark_node_first_child(paragraph) { cmark_node_append_child(label, inline) }
                cmark_node_append_child(paragraph, label)
            }
            if let opening = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) {
                cmark_node_set_on_enter(opening, step.opening)
                cmark_node_prepend_child(item, opening)
            }
            if let end = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) {
                cmark_node_set_on_enter(end, closing(step))
                cmark_node_append_child(item, end)
            }
        }
    }
}
