import CCmark
import CMarkdownArena
import Foundation
import GallerySupport
import Testing
@testable import GalleryRender

/// `Markdown` parses and renders in the thread's arena (`CMarkdownArena`): what it gives is what
/// cmark with its own allocator gives, and the arena gives its memory back after each document.
@Suite struct MarkdownArenaTests {
    /// Bodies of every kind: blocks, inlines, smart punctuation, raw HTML, a NUL byte, a body without
    /// a final line feed, CRLF, and a long one that outgrows a chunk many times over.
    static let samples: [String] = [
        "", "plain", "# Title\n\nSome *text* \"quoted\" -- yes...\n\n1. one\n2. two\n",
        "> quote\n>\n> - a\n> - b\n\n```swift\nlet x = 1\n```\n\n    indented\n\n***\n",
        "[link](http://a.example \"t\") ![img](p.png) <b>raw</b> <!-- c -->\n\n<div>\nblock\n</div>\n",
        "a\u{0}b\r\nc\rd\n\n[ref]\n\n[ref]: /u \"T\"", "no final line feed *emphasis",
        "Caf\u{E9} \u{1F378} 'single' and \"double\" -- --- ...",
        String(repeating: "A paragraph with *some* emphasis and a [link](u) -- \"smart\".\n\n1. A step\n2. Another\n\n", count: 3_000),
        String(repeating: "x", count: 300_000),
    ]

    /// cmark's own rendering of `text`, every node allocated and freed by its default allocator.
    static func cmarkHTML(_ text: String, unsafe: Bool) -> String {
        guard let document = cmark_parse_document(text, text.utf8.count, CMARK_OPT_SMART) else { return "" }
        defer { cmark_node_free(document) }
        guard let rendered = cmark_render_html(document, CMARK_OPT_SMART | (unsafe ? CMARK_OPT_UNSAFE : 0)) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    @Test func arenaRendersWhatCmarkRenders() {
        for sample in Self.samples {
            #expect(Markdown.html(sample, allowRawHTML: true) == Self.cmarkHTML(sample, unsafe: true), "\(sample.prefix(40).debugDescription)")
            let safe = Self.cmarkHTML(sample, unsafe: false).replacingOccurrences(of: "<!-- raw HTML omitted -->", with: "")
            #expect(Markdown.html(sample) == safe, "\(sample.prefix(40).debugDescription)")
        }
    }

    /// A document parsed while another is open (an image renderer that renders Markdown itself)
    /// leaves the outer one whole: marks nest.
    @Test func documentsNest() {
        let body = "Before ![a *b*](x.png) after.\n\n1. Step ![c](y.png)\n2. Two\n"
        let images: Markdown.ImageRenderer = { image in
            .inline(Markdown.html(String(repeating: "*\(image.alt)* ", count: 2_000)))
        }
        let expected = Markdown.recipeBody(body, images: { image in
            .inline(Self.cmarkHTML(String(repeating: "*\(image.alt)* ", count: 2_000), unsafe: false))
        }, stepClosing: { _ in "</div>" }, keepingUnmarkedHTML: true)
        let nested = Markdown.recipeBody(body, images: images, stepClosing: { _ in "</div>" }, keepingUnmarkedHTML: true)
        #expect(nested.html == expected.html)
        #expect(nested.unmarkedHTML == expected.unmarkedHTML)
        #expect(nested.steps == ["Step c", "Two"])
    }

    /// Each thread has an arena of its own: bodies rendered side by side are each what cmark gives.
    @Test func threadsRenderSideBySide() {
        let expected = Self.samples.map { Self.cmarkHTML($0, unsafe: true) }
        let rendered = concurrentMap(count: 8 * Self.samples.count) { index in
            Markdown.html(Self.samples[index % Self.samples.count], allowRawHTML: true)
        }
        for (index, html) in rendered.enumerated() {
            #expect(html == expected[index % Self.samples.count])
        }
    }

    /// After a long document the arena keeps its first chunk and one spare, not the document's.
    @Test func arenaLetsGoAfterEachDocument() {
        _ = Markdown.html(String(repeating: "word *word* [w](u)\n\n", count: 20_000))
        #expect(gallery_markdown_arena_held_bytes() <= 2 * 64 * 1024)
    }
}
