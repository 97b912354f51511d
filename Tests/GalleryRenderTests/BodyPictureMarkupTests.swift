import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryImages
@testable import GalleryRender

/// Pictures in Markdown text as the renderer writes them: responsive `<picture>`s sized for the
/// text column, figures for titled pictures that stand alone, remote pictures kept, all escaped.
@Suite struct BodyPictureMarkupTests {
    static let processed = ProcessedImage(
        width: 1200, height: 800,
        renditions: [
            .init(format: .webp, width: 1200, height: 800, path: "images/step-0123456789-1200.webp"),
            .init(format: .jpeg, width: 1200, height: 800, path: "images/step-0123456789-1200.jpg"),
            .init(format: .webp, width: 720, height: 480, path: "images/step-0123456789-720.webp"),
            .init(format: .jpeg, width: 720, height: 480, path: "images/step-0123456789-720.jpg"),
        ],
        vectorPath: nil, crops: [], placeholderColor: "#76482b", placeholderPreview: nil)

    let markup = BodyPictureMarkup(
        images: ["images/step.jpg": ImageInfo(width: 1200, height: 800, format: .jpeg),
                 "images/logo.svg": ImageInfo(width: 100, height: 50, format: .svg)],
        pictures: ["images/step.jpg": PublishedPicture(processed: processed, galleryShares: []),
                   "images/logo.svg": PublishedPicture(processed: ProcessedImage(
                       width: 100, height: 50, renditions: [], vectorPath: "images/logo-0123456789.svg", crops: []), galleryShares: [])])

    func html(_ markdown: String) -> String {
        Markdown.html(markdown, images: markup.renderer(documentPath: "recipes/sour.md", root: "../../"))
    }

    @Test func titledPictureAloneBecomesAResponsiveFigure() {
        let sizes = "(min-width: 1100px) 548px, (min-width: 760px) 50vw, 92vw"
        #expect(html("![Before the oven](../images/step.jpg \"Before the oven\")\n") == """
            <figure class="body-figure"><picture><source type="image/webp" srcset="../../images/step-0123456789-720.webp 720w, \
            ../../images/step-0123456789-1200.webp 1200w" sizes="\(sizes)"><img class="body-picture" \
            src="../../images/step-0123456789-720.jpg" srcset="../../images/step-0123456789-720.jpg 720w, \
            ../../images/step-0123456789-1200.jpg 1200w" sizes="\(sizes)" alt="Before the oven" width="1200" height="800" \
            loading="lazy" decoding="async" style="background-color:#76482b"></picture><figcaption>Before the oven</figcaption></figure>

            """)
    }

    @Test func inlinePictureStaysInItsParagraph() {
        let out = html("Stir ![ice](/images/step.jpg \"Cold\") well.\n\n![logo](../images/logo.svg)\n")
        #expect(out.hasPrefix("<p>Stir <picture><source type=\"image/webp\""))
        #expect(out.contains("alt=\"ice\" title=\"Cold\" width=\"1200\""))
        #expect(out.contains("</picture> well.</p>\n"))
        #expect(!out.contains("<figure"))
        // A vector is one file: a plain <img>, untitled and alone, so in its paragraph.
        #expect(out.hasSuffix("<p><img class=\"body-picture\" src=\"../../images/logo-0123456789.svg\" alt=\"logo\" width=\"100\" height=\"50\" loading=\"lazy\" decoding=\"async\"></p>\n"))
    }

    @Test func altTextAndCaptionsAreEscaped() {
        let out = html("![a \"quoted\" <b>&amp; *bold*](../images/step.jpg \"<script>alert('x')</script> & more\")\n")
        // Raw HTML in alt text is dropped as cmark drops it; entities are decoded, then escaped again.
        #expect(out.contains("alt=\"a “quoted” &amp; bold\""), "\(out)")
        #expect(out.contains("<figcaption>&lt;script&gt;alert(‘x’)&lt;/script&gt; &amp; more</figcaption>"), "\(out)")
        #expect(!out.contains("<script>") && !out.contains("<b>"))
    }

    @Test func remotePictureKeepsItsURLAndLoadsLazily() {
        #expect(html("![far](https://example.com/a.jpg?x=1&y=2)\n")
                    == "<p><img class=\"body-picture\" src=\"https://example.com/a.jpg?x=1&amp;y=2\" alt=\"far\" loading=\"lazy\" decoding=\"async\"></p>\n")
        #expect(html("![far](https://example.com/a.jpg \"Far away\")\n").contains("<figcaption>Far away</figcaption></figure>"))
    }

    @Test func otherImagesAreLeftToCmark() {
        let markdown = "![x](data:image/png;base64,AAAA) ![y](../images/unknown.jpg) ![z](javascript:alert(1))\n"
        #expect(html(markdown) == Markdown.html(markdown))
    }

    @Test func nestedImagesAndLinksAndStepsAreSafe() {
        let out = html("[![outer ![inner](../images/logo.svg)](../images/step.jpg)](../other/)\n")
        #expect(out.hasPrefix("<p><a href=\"../other/\"><picture>"))
        #expect(out.contains("alt=\"outer inner\""))
        let body = Markdown.recipeBody("1. Pour ![the glass](../images/step.jpg \"T\") full.\n",
                                       images: markup.renderer(documentPath: "recipes/sour.md", root: ""))
        #expect(body.steps == ["Pour the glass full."])
        #expect(body.html.contains("<li>Pour <picture>"))
    }
}
