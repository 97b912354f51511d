import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit
@testable import GalleryRender
@testable import GallerySupport

/// `image_credit:`: read from a recipe or site.yml, shown on the recipe's picture and written as
/// the `ImageObject`'s `creditText` and `copyrightNotice`.
@Suite struct ImageCreditTests {
    @Test func aCreditIsReadAsTextOrWithALink() throws {
        func parse(_ line: String) -> (Recipe?, [String]) {
            let (recipe, diagnostics) = RecipeParser.parse("---\ntitle: T\n\(line)\n---\n", sourcePath: "recipes/t.md", displayPath: "recipes/t.md")
            return (recipe, diagnostics.map(\.description))
        }
        #expect(parse("image_credit: Photo by Jane -- 2024").0?.imageCredit == ImageCredit(text: "Photo by Jane – 2024"))
        #expect(parse("image_credit: { text: Jane, url: \"https://jane.example\" }").0?.imageCredit == ImageCredit(text: "Jane", url: "https://jane.example"))
        #expect(parse("image_credit: { url: \"ftp://x\" }").1 == [
            "recipes/t.md:3:22: error: 'image_credit.url' must be an http or https URL, found 'ftp://x'",
            "recipes/t.md:3:15: error: 'image_credit' needs a 'text:' (the credit as shown, such as 'Photo by Jane Doe')"])
        #expect(parse("image_credit: [a]").1 == ["recipes/t.md:3:15: error: 'image_credit' must be a text or a mapping with 'text:' and 'url:', found a list"])
    }

    @Test func theCreditIsOnThePictureAndInTheStructuredData() throws {
        let site = try BuiltSite { folder in
            try BuiltSite.replace("image_alt: A red drink\n", with: "image_alt: A red drink\nimage_credit: { text: Photo by Ada & Bo, url: \"https://example.com/ada\" }\n",
                                  in: folder.appendingPathComponent("recipes/negroni.md"))
        }
        defer { site.remove() }
        let html = try #require(site.text("recipes/negroni/index.html"))
        #expect(html.contains("<figcaption class=\"image-credit\"><a href=\"https://example.com/ada\" rel=\"noopener\">Photo by Ada &amp; Bo</a></figcaption>"))
        let json = try #require(html.firstMatch(of: /<script type="application\/ld\+json">(.+?)<\/script>/)?.output.1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let images = try #require(object["image"] as? [[String: String]])
        #expect(!images.isEmpty && images.allSatisfy { $0["@type"] == "ImageObject" && $0["creditText"] == "Photo by Ada & Bo"
            && $0["copyrightNotice"] == "Photo by Ada & Bo" && $0["acquireLicensePage"] == "https://example.com/ada" && $0["contentUrl"] == $0["url"] })
    }

    @Test func siteYmlGivesTheDefaultAndAPictureLessRecipeShowsNone() throws {
        let site = try BuiltSite { folder in
            try BuiltSite.replace("author: Test Kitchen\n", with: "author: Test Kitchen\nimage_credit: Test Kitchen photos\n",
                                  in: folder.appendingPathComponent("site.yml"))
        }
        defer { site.remove() }
        #expect(site.text("recipes/negroni/index.html")?.contains("<figcaption class=\"image-credit\">Test Kitchen photos</figcaption>") == true)
        // The daiquiri has no picture: nothing to credit.
        #expect(site.text("recipes/daiquiri/index.html")?.contains("image-credit") == false)
    }
}
