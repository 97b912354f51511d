import Testing
@testable import GalleryRender

/// A body parsed once and rendered for each printed book with that book's `recipe:` links
/// (`Markdown.LinkedBody`) is, book after book, what parsing and rendering it for that book gives.
@Suite struct MarkdownLinkedBodyTests {
    static let text = """
        # Build it

        Like a [Negroni](recipe:negroni), stirred *not* shaken; see [the syrup](recipe:simple-syrup#ratio "Ratio")
        and [elsewhere](https://example.com/a?b=1&c=2).

        ![A coupe](../images/coupe.jpg)

        1. Stir with ice. <b>Raw</b>
        2. Strain into [a coupe](recipe:coupe "Glass & stem").

        """

    /// Writes each image as a figure, as the recipe pages' renderer does for a picture of the site.
    static func images(_ image: Markdown.Image) -> Markdown.ImageMarkup? {
        image.standsAlone ? .block("<figure data-src=\"\(image.url)\"></figure>\n") : nil
    }

    @Test func eachBooksLinksAreWhatAParseForThatBookGives() {
        for allowRawHTML in [false, true] {
            let parsed = Markdown.LinkedBody(Self.text, allowRawHTML: allowRawHTML, images: Self.images)
            let books: [Markdown.RecipeLinkRenderer] = [
                { slug, _ in "#recipe-" + slug },
                { slug, fragment in "../\(slug)/" + (fragment.map { "#" + $0 } ?? "") },
                { slug, fragment in slug == "coupe" ? "#recipe-coupe" : "../../recipes/\(slug)/index.html" + (fragment.map { "#" + $0 } ?? "") },
                { slug, _ in "#recipe-" + slug },
            ]
            for links in books {
                let html = parsed.html(recipeLinks: links)
                #expect(html == Markdown.html(Self.text, allowRawHTML: allowRawHTML, images: Self.images, recipeLinks: links))
                #expect(html.contains("<figure data-src=\"../images/coupe.jpg\">"))
            }
        }
    }

    @Test func aBodyWithoutLinksRendersAsItIs() {
        let parsed = Markdown.LinkedBody("Stir *well*.\n")
        #expect(parsed.html { slug, _ in slug } == "<p>Stir <em>well</em>.</p>\n")
    }
}
