import CCmark
import GalleryContent
import Synchronization

extension Markdown {
    /// A body whose `recipe:` links point somewhere else in each printed book (to the recipe in
    /// the book when the book holds it, else to its page), parsed once and rendered for each book
    /// with that book's links: reading and parsing the text again for every book cost more than
    /// rendering it. Holds the parsed document, its images put in (the same in every book), until
    /// the last book lets it go; one book renders it at a time.
    package final class LinkedBody: Sendable {
        /// Sendable as only the lock reaches it: the document's nodes are touched under it alone.
        private struct Parsed: @unchecked Sendable {
            var document: OpaquePointer
            /// Each `recipe:` link's node and its target as written.
            var links: [(node: OpaquePointer, url: String, slug: String, fragment: String?)]
        }

        private let parsed: Mutex<Parsed?>
        /// cmark's own allocator: the document outlives any thread's arena (`Markdown.withDocument`).
        private static var memory: UnsafeMutablePointer<cmark_mem> { cmark_get_default_mem_allocator() }
        private let source: String
        private let allowRawHTML: Bool
        /// The length of the text parsed, in bytes (what holding it is reckoned by).
        package var textBytes: Int { source.utf8.count }

        /// Parses `text` and puts in its images as `images` writes them.
        package init(_ text: String, allowRawHTML: Bool = false, images: ImageRenderer? = nil) {
            source = text
            self.allowRawHTML = allowRawHTML
            var parsed: Parsed?
            if let document = cmark_parse_document(text, text.utf8.count, CMARK_OPT_SMART) {
                if let images { replaceImages(in: document, source: text, with: images, memory: Self.memory) }
                parsed = Parsed(document: document, links: recipeLinkNodes(in: document, source: text))
            }
            self.parsed = Mutex(parsed)
        }

        deinit {
            parsed.withLock { parsed in
                if let document = parsed?.document { cmark_node_free(document) }
            }
        }

        /// The body's HTML with each `recipe:` link's address as `recipeLinks` gives it: what
        /// `Markdown.html(_:allowRawHTML:images:recipeLinks:)` of the text gives.
        package func html(recipeLinks: RecipeLinkRenderer) -> String {
            parsed.withLock { parsed in
                guard let parsed else { return "" }
                for link in parsed.links { cmark_node_set_url(link.node, recipeLinks(link.slug, link.fragment)) }
                return Markdown.html(of: parsed.document, source: source, allowRawHTML: allowRawHTML, memory: Self.memory)
            }
        }
    }
}
