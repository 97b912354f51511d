import CCmark
import CMarkdownArena
import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// Markdown through libcmark. These files (`Markdown*.swift`) own every cmark pointer: documents,
/// nodes, iterators and rendered buffers.
package enum Markdown {
    /// A recipe body read in one parse: the page's HTML and the method's steps.
    package struct RecipeBody: Sendable {
        package var html: String
        /// The items of the first ordered list (see `orderedListItems(_:)`).
        package var steps: [String]
        /// The method in headed parts, when it has them (see `methodSections(_:)`); else empty.
        package var sections: [MethodSection] = []
        /// The HTML before cook mode's markup was put in (`stepClosing`), when it was asked for
        /// (`keepingUnmarkedHTML`): the printed cookbook's form, from the same parse as the page's.
        package var unmarkedHTML: String?
        /// The HTML with other addresses (`alsoRendering`), when it was asked for: the feed's form.
        package var otherHTML: String?
    }

    /// How a body's images and `recipe:` links are written in one rendering of it.
    package struct Addresses {
        package var images: ImageRenderer?
        package var recipeLinks: RecipeLinkRenderer?

        package init(images: ImageRenderer?, recipeLinks: RecipeLinkRenderer?) {
            self.images = images
            self.recipeLinks = recipeLinks
        }
    }

    /// A headed part of the method ("For the syrup") and its steps: a schema.org `HowToSection`.
    package struct MethodSection: Sendable, Hashable {
        package var name: String
        package var steps: [String]
    }

    /// The method's parts when the body has two or more top-level ordered lists, each after a
    /// heading (the nearest heading before a list names it); empty otherwise, and the first
    /// ordered list is the method.
    package static func methodSections(_ text: String) -> [MethodSection] {
        withDocument(text, methodSections(in:)) ?? []
    }

    /// An image of a Markdown text, as the renderer hands it to an `ImageRenderer`.
    package struct Image: Sendable, Hashable {
        /// As written (cmark's URL: entities and backslash escapes resolved).
        package var url: String
        /// The alt text, plain, with smart punctuation.
        package var alt: String
        /// The title (`![alt](url "Title")`); nil when there is none.
        package var title: String?
        /// The image is alone in its paragraph (it may become a figure).
        package var standsAlone: Bool
    }

    /// What an `ImageRenderer` puts in an image's place: HTML in the line of text, or HTML that
    /// replaces the whole paragraph (only for an image that stands alone).
    package enum ImageMarkup: Sendable, Hashable {
        case inline(String)
        case block(String)
    }

    /// Writes an image's HTML; nil leaves the image as cmark writes it.
    package typealias ImageRenderer = (Image) -> ImageMarkup?

    /// The URL a `recipe:` link's slug and fragment stand for (the loader has checked the slug).
    package typealias RecipeLinkRenderer = @Sendable (_ slug: String, _ fragment: String?) -> String

    /// Renders `text` with smart punctuation. Unless `allowRawHTML` is set, raw HTML blocks and
    /// inlines are omitted and `javascript:`, `vbscript:`, `file:` and non-image `data:` links
    /// are dropped (cmark's safe mode). `images` writes the images' HTML (the body's pictures).
    /// `recipeLinks` gives the address of each `recipe:slug` link (`RecipeLink`) from the page's root.
    package static func html(_ text: String, allowRawHTML: Bool = false, images: ImageRenderer? = nil,
                             recipeLinks: RecipeLinkRenderer? = nil) -> String {
        withDocument(text) { document in
            if let images { replaceImages(in: document, source: text, with: images) }
            if let recipeLinks { replaceRecipeLinks(in: document, source: text, with: recipeLinks) }
            return html(of: document, source: text, allowRawHTML: allowRawHTML)
        } ?? ""
    }

    /// The items of the first ordered list in `text`, as plain text with smart punctuation and
    /// without raw HTML: the steps schema.org's `HowToStep` wants.
    package static func orderedListItems(_ text: String) -> [String] {
        withDocument(text, orderedListItems(in:)) ?? []
    }

    /// `orderedListItems(_:)` and `methodSections(_:)` of `text` from a single parse, no HTML:
    /// the method of a body that is not rendered (`check` of a site already built).
    package static func recipeMethod(_ text: String) -> RecipeBody {
        withDocument(text) { document in
            let method = methodLists(in: document)
            return RecipeBody(html: "", steps: method.steps, sections: method.methodSections)
        } ?? RecipeBody(html: "", steps: [])
    }

    /// `html(_:allowRawHTML:images:)` and `orderedListItems(_:)` of `text` from a single parse.
    /// `stepClosing`, when given, puts each step of the method in cook mode's markup (`CookStep`),
    /// the links of the one-step view being what it returns. `keepingUnmarkedHTML` also renders
    /// the document before that markup (`RecipeBody.unmarkedHTML`): rendering is a fraction of
    /// reading and parsing the text again. `alsoRendering` renders it first with other addresses
    /// (`RecipeBody.otherHTML`: the feed's, absolute), as `html(_:allowRawHTML:images:recipeLinks:)` would.
    package static func recipeBody(_ text: String, allowRawHTML: Bool = false, images: ImageRenderer? = nil,
                                   recipeLinks: RecipeLinkRenderer? = nil,
                                   stepClosing: ((CookStep) -> String)? = nil, keepingUnmarkedHTML: Bool = false,
                                   alsoRendering other: Addresses? = nil) -> RecipeBody {
        withDocument(text) { document in
            // The steps are read before the images are replaced: their alt text stays in the steps.
            let method = methodLists(in: document)
            let (steps, sections) = (method.steps, method.methodSections)
            let stepNodes = stepClosing == nil ? [] : method.stepNodes
            // The other form's images and links are put in, rendered and taken out again: the
            // document is then as parsed (the same nodes, the step nodes too).
            var otherHTML: String?
            if let other {
                let images = other.images.map { replaceImages(in: document, source: text, with: $0, keepingReplaced: true) } ?? []
                let links = other.recipeLinks.map { replaceRecipeLinks(in: document, source: text, with: $0) } ?? []
                otherHTML = html(of: document, source: text, allowRawHTML: allowRawHTML)
                for (node, url) in links { cmark_node_set_url(node, url) }
                for (replacement, original) in images.reversed() where cmark_node_replace(replacement, original) == 1 {
                    cmark_node_free(replacement)
                }
            }
            if let images { replaceImages(in: document, source: text, with: images) }
            if let recipeLinks { replaceRecipeLinks(in: document, source: text, with: recipeLinks) }
            let unmarked = keepingUnmarkedHTML && stepClosing != nil ? html(of: document, source: text, allowRawHTML: allowRawHTML) : nil
            if let stepClosing { markSteps(stepNodes, closing: stepClosing) }
            let html = html(of: document, source: text, allowRawHTML: allowRawHTML)
            return RecipeBody(html: html, steps: steps, sections: sections, unmarkedHTML: keepingUnmarkedHTML ? unmarked ?? html : nil,
                              otherHTML: otherHTML)
        } ?? RecipeBody(html: "", steps: [], unmarkedHTML: keepingUnmarkedHTML ? "" : nil, otherHTML: other == nil ? nil : "")
    }

    /// The text of a Markdown document without its markup, blocks joined by single spaces.
    package static func plainText(_ text: String) -> String {
        withDocument(text) { plainText(of: $0) } ?? ""
    }

    /// Whether a line may hold inline Markdown (a link, emphasis, code, an escape, raw HTML);
    /// a line without any of these characters reads the same as Markdown and as text.
    package static func mayHoldInlineMarkup(_ line: String) -> Bool {
        func isMarkup(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "[") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\\")
        }
        // Read as one buffer where the string is one: through the UTF-8 view a byte at a time it
        // cost several times as much, for each ingredient of each page (issue 37).
        return line.utf8.withContiguousStorageIfAvailable { $0.contains(where: isMarkup) } ?? line.utf8.contains(where: isMarkup)
    }

    /// One line of inline Markdown (an ingredient, a step written in front matter) as HTML
    /// without a paragraph around it, safe as `html(_:allowRawHTML:images:)` is. A line without
    /// markup is escaped as it is (as a template's `{{.}}` would), unless `always`; a line that
    /// Markdown would read as a block (a heading, a list) is escaped too.
    /// `recipeLinks` gives the address of a `recipe:slug` link (a linked recipe's ingredient line).
    package static func inlineHTML(_ line: String, allowRawHTML: Bool = false, always: Bool = false,
                                   recipeLinks: RecipeLinkRenderer? = nil) -> String {
        guard always || mayHoldInlineMarkup(line) else { return escapeHTML(line) }
        let html = html(line, allowRawHTML: allowRawHTML, recipeLinks: recipeLinks)
        guard html.hasPrefix("<p>"), html.hasSuffix("</p>\n") else { return escapeHTML(line) }
        let inner = html.dropFirst(3).dropLast(5)
        return inner.contains("<p>") ? escapeHTML(line) : String(inner)
    }

    /// One line of inline Markdown as plain text (for JSON-LD and search): the markup removed,
    /// a link's text kept. A line without markup is returned as it is, unless `always`.
    package static func inlinePlainText(_ line: String, always: Bool = false) -> String {
        guard always || mayHoldInlineMarkup(line) else { return line }
        return plainText(line)
    }

    /// A method written in front matter (`Recipe.method`) as the body's would be read: its steps
    /// as plain text, and its headed parts when it has any (then every part is a section, an
    /// untitled one named after the recipe).
    package static func method(of recipe: Recipe) -> (steps: [String], sections: [MethodSection]) {
        let groups = recipe.method.map { group in (group.title, group.steps.map { inlinePlainText($0, always: true) }) }
        let steps = groups.flatMap(\.1)
        guard groups.contains(where: { $0.0 != nil }) else { return (steps, []) }
        return (steps, groups.map { MethodSection(name: $0.0 ?? recipe.title, steps: $0.1) })
    }

    /// Parses `text` with smart punctuation (the parser's only option; safe mode is the HTML
    /// renderer's) and hands the document to `body`; nil if cmark fails. The document, what
    /// `body` adds to it and its renderings live in the thread's arena (`arena`) and go with it at
    /// the end, at once: a `malloc` and a `free` for each of cmark's nodes, texts and buffers, and
    /// the walk `cmark_node_free` made to free them, were a third of cmark's instructions on a
    /// recipe body (issue 37).
    private static func withDocument<Result>(_ text: String, _ body: (OpaquePointer) -> Result) -> Result? {
        let mark = gallery_markdown_arena_enter()
        defer { gallery_markdown_arena_leave(mark) }
        guard let parser = cmark_parser_new_with_mem(CMARK_OPT_SMART, arena) else { return nil }
        // Handed over as its own bytes: a String passed to C as it is would be copied first.
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        // The parser is let go with the arena, as the document is.
        guard let document = cmark_parser_finish(parser) else { return nil }
        return body(document)
    }

    /// The allocator of the calling thread's arena (`CMarkdownArena`), for the documents
    /// `withDocument` parses and the nodes put into them.
    static var arena: UnsafeMutablePointer<cmark_mem> { gallery_markdown_arena_allocator().assumingMemoryBound(to: cmark_mem.self) }

    /// `memory`: the document's allocator, which cmark renders with (the thread's arena, unless
    /// the document was parsed outside `withDocument`).
    static func html(of document: OpaquePointer, source: String, allowRawHTML: Bool,
                     memory: UnsafeMutablePointer<cmark_mem> = arena) -> String {
        var options = CMARK_OPT_SMART
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        guard let rendered = cmark_render_html(document, options) else { return "" }
        defer { memory.pointee.free(rendered) }
        let html = String(cString: rendered)
        // cmark marks what safe mode removed with a comment; readers need no trace of it.
        // Only Markdown with a "<" can hold raw HTML; skipping the search saves a copy per page.
        guard !allowRawHTML, source.containsByte(UInt8(ascii: "<")) else { return html }
        return html.replacingOccurrences(of: "<!-- raw HTML omitted -->", with: "")
    }
}

/// Puts the HTML an `ImageRenderer` writes in place of the images, as cmark's custom nodes, whose
/// text the HTML renderer writes as it is in safe mode too: the renderer escapes what it interpolates.
extension Markdown {
    /// `keepingReplaced` keeps the nodes taken out and returns them beside their replacements, to
    /// be put back (and the replacements freed) by the caller; otherwise they are freed here.
    /// `memory`: the document's allocator, which the replacements are made with.
    @discardableResult
    static func replaceImages(in document: OpaquePointer, source: String, with render: ImageRenderer,
                              keepingReplaced: Bool = false,
                              memory: UnsafeMutablePointer<cmark_mem> = arena) -> [(replacement: OpaquePointer, original: OpaquePointer)] {
        guard source.containsBytes("![") else { return [] }
        var kept: [(replacement: OpaquePointer, original: OpaquePointer)] = []
        // Collected first, since the tree must not change under the iterator; an image inside
        // another's alt text is only text of that one (and freed with it).
        var images: [OpaquePointer] = []
        if let iterator = cmark_iter_new(document) {
            defer { cmark_iter_free(iterator) }
            var depth = 0
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                guard let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_IMAGE else { continue }
                if event == CMARK_EVENT_ENTER {
                    if depth == 0 { images.append(node) }
                    depth += 1
                } else {
                    depth -= 1
                }
            }
        }
        for node in images {
            let paragraph = cmark_node_parent(node)
            let standsAlone = paragraph.map { cmark_node_get_type($0) == CMARK_NODE_PARAGRAPH
                && cmark_node_first_child($0) == node && cmark_node_last_child($0) == node } ?? false
            let title = cmark_node_get_title(node).map { String(cString: $0) } ?? ""
            let image = Image(url: cmark_node_get_url(node).map { String(cString: $0) } ?? "", alt: plainText(of: node),
                              title: title.isEmpty ? nil : title, standsAlone: standsAlone)
            let (replaced, kind, html): (OpaquePointer?, cmark_node_type, String)
            switch render(image) {
            case .inline(let markup)?: (replaced, kind, html) = (node, CMARK_NODE_CUSTOM_INLINE, markup)
            case .block(let markup)? where standsAlone: (replaced, kind, html) = (paragraph, CMARK_NODE_CUSTOM_BLOCK, markup)
            default: continue
            }
            guard let replaced, let replacement = cmark_node_new_with_mem(kind, memory) else { continue }
            cmark_node_set_on_enter(replacement, html)
            if cmark_node_replace(replaced, replacement) != 1 {
                cmark_node_free(replacement)
            } else if keepingReplaced {
                kept.append((replacement, replaced))
            } else {
                cmark_node_free(replaced)
            }
        }
        return kept
    }
}

/// Points each `recipe:slug` link at the recipe's page.
extension Markdown {
    /// Returns each link changed with its URL as written, to put back when another form is wanted.
    @discardableResult
    private static func replaceRecipeLinks(in document: OpaquePointer, source: String, with render: RecipeLinkRenderer) -> [(OpaquePointer, String)] {
        recipeLinkNodes(in: document, source: source).map { link in
            cmark_node_set_url(link.node, render(link.slug, link.fragment))
            return (link.node, link.url)
        }
    }

    /// Each `recipe:slug` link of the document: its node, its URL as written and its target.
    static func recipeLinkNodes(in document: OpaquePointer, source: String)
        -> [(node: OpaquePointer, url: String, slug: String, fragment: String?)] {
        guard source.containsBytes(RecipeLink.scheme), let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var links: [(node: OpaquePointer, url: String, slug: String, fragment: String?)] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_LINK,
                  let url = cmark_node_get_url(node).map({ String(cString: $0) }),
                  let target = RecipeLink.target(of: url) else { continue }
            links.append((node, url, target.slug, target.fragment))
        }
        return links
    }
}

/// Reads a recipe's method steps from the Markdown syntax tree.
extension Markdown {
    private static func orderedListItems(in document: OpaquePointer) -> [String] {
        firstOrderedList(in: document).map(items(of:)) ?? []
    }

    private static func methodSections(in document: OpaquePointer) -> [MethodSection] {
        sectionLists(in: document).map { MethodSection(name: $0.name, steps: $0.items.map(\.text)) }
    }

    /// The top-level ordered lists after a heading, each with the nearest heading before it and
    /// its items that hold words (`stepItems`), when there are two or more (lists without such
    /// items left out); empty otherwise.
    static func sectionLists(in document: OpaquePointer)
        -> [(name: String, list: OpaquePointer, items: [(node: OpaquePointer, text: String)])] {
        var read: [(list: OpaquePointer, items: [(node: OpaquePointer, text: String)])] = []
        return sectionLists(in: document, reading: &read)
    }

    /// `sectionLists(in:)`, each list whose items it read kept in `read` with them, headed or
    /// not, two or fewer: the method's first list is most often one of them.
    static func sectionLists(in document: OpaquePointer,
                             reading read: inout [(list: OpaquePointer, items: [(node: OpaquePointer, text: String)])])
        -> [(name: String, list: OpaquePointer, items: [(node: OpaquePointer, text: String)])] {
        var lists: [(name: String, list: OpaquePointer, items: [(node: OpaquePointer, text: String)])] = []
        var heading: String?
        var scratch: [UInt8] = []
        var child = cmark_node_first_child(document)
        while let node = child {
            child = cmark_node_next(node)
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HEADING {
                heading = plainText(of: node, using: &scratch)
            } else if type == CMARK_NODE_LIST, cmark_node_get_list_type(node) == CMARK_ORDERED_LIST {
                guard let name = heading, !name.isEmpty else { return [] }
                let items = stepItems(of: node, using: &scratch)
                read.append((node, items))
                if !items.isEmpty { lists.append((name, node, items)) }
                heading = nil
            }
        }
        return lists.count >= 2 ? lists : []
    }

    /// The first ordered list anywhere in the document.
    static func firstOrderedList(in document: OpaquePointer) -> OpaquePointer? {
        firstNode(in: document, where: { node in
            cmark_node_get_type(node) == CMARK_NODE_LIST && cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        })
    }

    /// The plain text of each item of `list`, empty items left out.
    private static func items(of list: OpaquePointer) -> [String] {
        stepItems(of: list).map(\.text)
    }

    /// The items of `list` that hold words, with their words: the method's steps.
    static func stepItems(of list: OpaquePointer) -> [(node: OpaquePointer, text: String)] {
        var scratch: [UInt8] = []
        return stepItems(of: list, using: &scratch)
    }

    /// `stepItems(of:)`, each item's text gathered in `scratch` (one buffer for all of them).
    static func stepItems(of list: OpaquePointer, using scratch: inout [UInt8]) -> [(node: OpaquePointer, text: String)] {
        var items: [(node: OpaquePointer, text: String)] = []
        var child = cmark_node_first_child(list)
        while let item = child {
            let words = plainText(of: item, using: &scratch)
            if !words.isEmpty { items.append((item, words)) }
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
    /// Walked by the nodes' own links, in the order (and with the events) cmark's iterator gives:
    /// an iterator made and freed for each step of each method cost more than the walk (issue 37).
    private static func plainText(of root: OpaquePointer) -> String {
        var text: [UInt8] = []
        return plainText(of: root, using: &text)
    }

    /// `plainText(of:)`, the text gathered in `text` (emptied first, its capacity kept): a walk
    /// over a method's items reuses one buffer rather than allocating and freeing one per item.
    private static func plainText(of root: OpaquePointer, using text: inout [UInt8]) -> String {
        text.removeAll(keepingCapacity: true)
        var node = root
        descending: while true {
            let type = cmark_node_get_type(node)
            if isLeaf(type) {
                // A leaf has only its entry: its literal, or a space for a line break.
                if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK {
                    if let literal = cmark_node_get_literal(node) {
                        text.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
                    }
                } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                    text.append(UInt8(ascii: " "))
                }
            } else if let child = cmark_node_first_child(node) {
                node = child
                continue descending
            } else if type.rawValue <= CMARK_NODE_LAST_BLOCK.rawValue {
                // An empty block's exit.
                text.append(UInt8(ascii: " "))
            }
            // On to the next sibling, leaving (a space after each block) every parent that has none.
            while node != root {
                if let next = cmark_node_next(node) {
                    node = next
                    continue descending
                }
                guard let parent = cmark_node_parent(node) else { break descending }
                node = parent
                if cmark_node_get_type(node).rawValue <= CMARK_NODE_LAST_BLOCK.rawValue { text.append(UInt8(ascii: " ")) }
            }
            break
        }
        return collapsingWhitespace(text)
    }

    /// The nodes cmark's iterator enters without leaving (`S_is_leaf` in cmark's iterator.c).
    private static func isLeaf(_ type: cmark_node_type) -> Bool {
        switch type {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK,
             CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: true
        default: false
        }
    }

    /// UTF-8 `text` with each run of spaces, tabs and line feeds made one space and none at either
    /// end: what splitting its characters at those and joining the words with spaces gives.
    static func collapsingWhitespace(_ text: [UInt8]) -> String {
        func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        }
        // A space byte is a character of its own unless it ends a "\r\n" or a non-ASCII scalar
        // (a combining mark after it, a prepended sign before it) joins it into a larger one;
        // only then do the characters need to be looked at. Checked as the words are written
        // straight into the string's storage, in one pass: a pass to check before the pass to
        // write read each byte of each step of each method twice (issue 37).
        var bytesAreCharacters = true
        let collapsed = text.withUnsafeBufferPointer { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { words in
                var count = 0
                var isBetweenWords = false
                for index in bytes.indices {
                    let byte = bytes[index]
                    if isSpace(byte) {
                        if (index > 0 && bytes[index - 1] >= 0x80) || (index + 1 < bytes.count && bytes[index + 1] >= 0x80) {
                            bytesAreCharacters = false
                            return 0
                        }
                        isBetweenWords = count > 0
                    } else {
                        if byte == UInt8(ascii: "\r") {
                            bytesAreCharacters = false
                            return 0
                        }
                        if isBetweenWords {
                            words[count] = UInt8(ascii: " ")
                            count += 1
                        }
                        isBetweenWords = false
                        words[count] = byte
                        count += 1
                    }
                }
                return count
            }
        }
        guard bytesAreCharacters else {
            return String(decoding: text, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
                .joined(separator: " ")
        }
        return collapsed
    }
}
