import Foundation
import Testing

/// `check` and pictures in Markdown: processed ones link to what was published, a missing one is
/// reported where the Markdown names it.
extension CheckCommandTests {
    static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\"><rect width=\"40\" height=\"20\" fill=\"#a3472f\"/></svg>\n"

    @Test func processedBodyPicturesAreNoBrokenLinks() throws {
        try write("site/site.yml", "title: Pictures\n")
        try write("site/images/glass.svg", Self.svg)
        try write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\n![A glass](../images/glass.svg \"The glass\")\n\nInline ![logo](/images/glass.svg).\n")
        let (code, console) = run(["check", "--site", "site"])
        #expect(code == 0, "\(console.error)")
        // No broken link; the warnings (the recipe has no front-matter picture, nor ingredients,
        // times or yield; the site no base_url) are counted, not called problems.
        // The pages and style sheets include the cookbook and assets/cookbook.css, its pictures too.
        #expect(console.out.contains("Checked 1 recipe and 45 internal links in 7 pages and style sheets: no errors, 3 warnings."), "\(console.out)")
        #expect(console.error.contains("site/recipes/gimlet.md:1:1: warning: the recipe has no picture"), "\(console.error)")
    }

    @Test func missingBodyPictureIsReportedAtItsPosition() throws {
        try write("site/site.yml", "title: Pictures\n")
        try write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake, then\n\n- pour ![A glass](../images/glass.jpg)\n")
        let (code, console) = run(["check", "--site", "site"])
        #expect(code == 1)
        #expect(console.error.contains("site/recipes/gimlet.md:6:8: error: image '../images/glass.jpg' not found"), "\(console.error)")
    }
}
