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

    @Test func whitespaceCollapsesAsSplittingCharactersWould() {
        let samples = ["  a \t b\n\nc  ", "", " ", "caf\u{E9} \u{201C}x\u{201D}", "a \u{301}b", "a  \u{301}b",
                       "a\r\n b", "\u{600} a", "x\u{600}  y"]
        for sample in samples {
            let expected = sample.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
            #expect(Markdown.collapsingWhitespace(Array(sample.utf8)) == expected, "\(sample.debugDescription)")
        }
    }
}
