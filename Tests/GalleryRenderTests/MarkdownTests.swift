import CCmark
import Testing
import GalleryTestSupport
@testable import GalleryRender

@Suite struct MarkdownTests {
    @Test func recipeBodyMatchesRenderingAndStepsReadSeparately() {
        let body = """
        Shake it "hard" <script>x</script>.

        1. Chill the *glass*.
        2. Stir  with ice
           until cold.
        """
        for allowRawHTML in [false, true] {
            let read = Markdown.recipeBody(body, allowRawHTML: allowRawHTML)
            #expect(read.html == Markdown.html(body, allowRawHTML: allowRawHTML))
            #expect(read.steps == Markdown.orderedListItems(body))
        }
        #expect(Markdown.recipeBody("").html.isEmpty)
        #expect(Markdown.recipeBody("").steps.isEmpty)
    }

    /// A second form from the same parse (the feed's addresses) is what rendering it alone gives,
    /// and the page's form after it is untouched by it.
    @Test func anotherFormFromTheSameParseIsTheFormRenderedAlone() {
        let body = "Like a [Fizz](recipe:fizz), ![a glass](g.png \"Tall\") *cold*.\n\n![Alone](f.png)\n\n1. Shake ![x](s.png).\n2. Strain into [it](recipe:sour#top).\n"
        func images(_ prefix: String) -> Markdown.ImageRenderer {
            { image in image.standsAlone ? .block("<figure>\(prefix)\(image.url)</figure>") : .inline("<img src=\"\(prefix)\(image.url)\">") }
        }
        func links(_ prefix: String) -> Markdown.RecipeLinkRenderer {
            { slug, fragment in prefix + slug + (fragment.map { "#" + $0 } ?? "") }
        }
        let both = Markdown.recipeBody(body, images: images("../../"), recipeLinks: links("../"), stepClosing: { _ in "" },
                                       keepingUnmarkedHTML: true,
                                       alsoRendering: Markdown.Addresses(images: images("https://a.example/"), recipeLinks: links("https://a.example/r/")))
        let page = Markdown.recipeBody(body, images: images("../../"), recipeLinks: links("../"), stepClosing: { _ in "" }, keepingUnmarkedHTML: true)
        #expect(both.otherHTML == Markdown.html(body, images: images("https://a.example/"), recipeLinks: links("https://a.example/r/")))
        #expect(both.otherHTML?.contains("https://a.example/r/sour#top") == true)
        #expect(both.html == page.html)
        #expect(both.unmarkedHTML == page.unmarkedHTML)
        #expect(both.steps == page.steps)
        #expect(page.otherHTML == nil)
    }

    /// `check` reads a body's method in one parse: the steps and parts of the two separate reads.
    @Test func aMethodAloneIsTheStepsAndPartsReadSeparately() {
        let body = "Intro.\n\n## Syrup\n\n1. Boil.\n2. Cool.\n\n## Drink\n\n1. Shake *hard*.\n2. Strain.\n"
        let method = Markdown.recipeMethod(body)
        #expect(method.steps == Markdown.orderedListItems(body))
        #expect(method.sections == Markdown.methodSections(body))
        #expect(method.sections.map(\.name) == ["Syrup", "Drink"])
        #expect(method.html.isEmpty)
        #expect(Markdown.recipeMethod("No list.").steps.isEmpty)
    }

    /// The method's steps are the first ordered list's items whether or not the headed parts read
    /// that list already (one headed list, a list before the first heading, one nested in a quote).
    @Test func theStepsAreTheFirstOrderedListWhicheverPartReadIt() {
        let bodies: [(String, [String])] = [
            ("## Method\n\n1. Boil.\n2. Cool *it*.\n", ["Boil.", "Cool it."]),
            ("1. First.\n\n## Syrup\n\n1. Boil.\n\n## Drink\n\n1. Shake.\n", ["First."]),
            ("## Syrup\n\n1. Boil.\n2. Cool.\n\n## Drink\n\n1. Shake.\n", ["Boil.", "Cool."]),
            ("> 1. Quoted.\n\n## Syrup\n\n1. Boil.\n\n## Drink\n\n1. Shake.\n", ["Quoted."]),
            ("## Empty\n\n1. \n\n## Method\n\n1. Stir.\n", []),
            ("- 1. nested\n\n## Method\n\n1. Stir.\n", ["nested"]),
            ("No list.\n", []),
        ]
        for (body, steps) in bodies {
            let method = Markdown.recipeMethod(body)
            #expect(method.steps == steps, "\(body.debugDescription)")
            #expect(method.steps == Markdown.orderedListItems(body), "\(body.debugDescription)")
            #expect(method.sections == Markdown.methodSections(body), "\(body.debugDescription)")
            #expect(Markdown.recipeBody(body).steps == steps, "\(body.debugDescription)")
        }
    }

    /// An ingredient line holds inline Markdown only with one of the characters that can start some.
    @Test func onlyLinesWithMarkupCharactersMayHoldInlineMarkup() {
        for line in ["[a](b)", "*x*", "_x_", "`x`", "<b>", "a\\b", "2 cl gin *chilled*", "Piña [colada](recipe:colada)"] {
            #expect(Markdown.mayHoldInlineMarkup(line), "\(line)")
        }
        for line in ["", "2 cl gin", "Piña colada, 1 l", "a > b", "#1 & co."] {
            #expect(!Markdown.mayHoldInlineMarkup(line), "\(line)")
        }
    }

    @Test func whitespaceCollapsesAsSplittingCharactersWould() {
        let samples = ["  a \t b\n\nc  ", "", " ", "caf\u{E9} \u{201C}x\u{201D}", "a \u{301}b", "a  \u{301}b",
                       "a\r\n b", "\u{600} a", "x\u{600}  y"]
        for sample in samples {
            let expected = sample.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
            #expect(Markdown.collapsingWhitespace(Array(sample.utf8)) == expected, "\(sample.debugDescription)")
        }
    }

    /// The plain text walk (`plainText(of:)`, by the nodes' links) gives what cmark's iterator gives
    /// read event by event: text, inline and block code, a space for each line break and after each
    /// block (empty ones too), nothing for raw HTML or a thematic break, an image's alt text.
    @Test func plainTextIsWhatCmarksIteratorReads() {
        let samples = [
            "", "plain", "# Title\n\nA *b* **c** `d`  \nline two\nthree",
            "> quoted\n>\n> - a\n> - b\n\n1. one\n2.\n3. three",
            "```\ncode  block\n```\n\n<div>raw</div>\n\n---\n\n***\n\nafter",
            "- \n- [link *x*](u) ![alt **y**](i.png) <b>html</b> \\\nbreak",
            "1. a\n   1. nested\n\n      indented code\n2. b", "*", "\n\n\n", "para\n\n    code\n\n## \n\n### h",
            "Caf\u{E9} \"smart\" -- 'quotes'...",
        ]
        for sample in samples {
            #expect(Markdown.plainText(sample) == iteratedPlainText(sample), "\(sample.debugDescription)")
        }
    }

    /// What `Markdown.plainText` read before it walked the nodes itself: cmark's iterator.
    private func iteratedPlainText(_ markdown: String) -> String {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_SMART),
              let iterator = cmark_iter_new(document) else { return "" }
        defer {
            cmark_iter_free(iterator)
            cmark_node_free(document)
        }
        var text: [UInt8] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK {
                if let literal = cmark_node_get_literal(node) { text += Array(String(cString: literal).utf8) }
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
                        || (event == CMARK_EVENT_EXIT && type.rawValue <= CMARK_NODE_LAST_BLOCK.rawValue) {
                text.append(UInt8(ascii: " "))
            }
        }
        return Markdown.collapsingWhitespace(text)
    }
}
