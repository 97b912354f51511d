import Foundation
import Mustache
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryImages
@testable import GalleryKit
@testable import GalleryRender

/// The JSON of every `<script type="application/ld+json">` in an HTML page.
func structuredData(in html: String) throws -> [[String: Any]] {
    var result: [[String: Any]] = []
    var rest = html[...]
    let opening = "<script type=\"application/ld+json\">"
    while let start = rest.range(of: opening), let end = rest.range(of: "</script>", range: start.upperBound..<rest.endIndex) {
        let json = Data(rest[start.upperBound..<end.lowerBound].utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        result.append(object)
        rest = rest[end.upperBound...]
    }
    return result
}

/// The `content` of `<meta property|name="…">` tags, by name, in order.
func metaTags(in html: String) -> [(String, String)] {
    let pattern = try! NSRegularExpression(pattern: #"<meta (?:property|name)="([^"]+)" content="([^"]*)">"#)
    let range = NSRange(html.startIndex..., in: html)
    return pattern.matches(in: html, range: range).map { match in
        (String(html[Range(match.range(at: 1), in: html)!]), String(html[Range(match.range(at: 2), in: html)!]))
    }
}

@Suite struct StructuredDataTests {
    @Test func recipeJSONLDParsesAndCarriesRequiredAndRecommendedFields() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let html = try #require(site.text("recipes/negroni/index.html"))
        let objects = try structuredData(in: html)
        #expect(objects.count == 1)
        let recipe = try #require(objects.first)
        #expect(recipe["@context"] as? String == "https://schema.org")
        #expect(recipe["@type"] as? String == "Recipe")
        #expect(recipe["name"] as? String == "Negroni")
        #expect(recipe["url"] as? String == "https://example.com/fixture/recipes/negroni/")
        let images = try #require(recipe["image"] as? [String])
        #expect(!images.isEmpty)
        #expect(images.allSatisfy { $0.hasPrefix("https://example.com/fixture/") })
        #expect(recipe["description"] as? String == "Equal parts, stirred – “bitter” & bright.")
        #expect(recipe["recipeIngredient"] as? [String] == ["30 ml gin", "30 ml Campari", "30 ml sweet vermouth"])
        let steps = try #require(recipe["recipeInstructions"] as? [[String: String]])
        // Each step names its box on the page (cook mode's one-step view).
        #expect(steps == [["@type": "HowToStep", "text": "Stir everything with ice.", "url": "https://example.com/fixture/recipes/negroni/#step-1"],
                          ["@type": "HowToStep", "text": "Strain into a rocks glass.", "url": "https://example.com/fixture/recipes/negroni/#step-2"]])
        #expect(recipe["prepTime"] as? String == "PT3M")
        #expect(recipe["totalTime"] as? String == "PT3M")
        #expect(recipe["cookTime"] == nil)
        #expect(recipe["recipeYield"] as? String == "1 drink")
        #expect(recipe["recipeCategory"] as? String == "Drink")
        #expect(recipe["keywords"] as? String == "gin, bitter")
        #expect(recipe["datePublished"] as? String == "2024-02-01")
        let author = try #require(recipe["author"] as? [String: String])
        #expect(author == ["@type": "Organization", "name": "Test Kitchen"])
    }

    /// Tags and keywords, each word once whatever its case, in their order: a few words compared
    /// in a list, many through a set, alike.
    @Test func keywordsKeepEachWordOnceWhateverItsCase() throws {
        let few = try structuredRecipe(tags: ["Gin", "bitter", "gin"], keywords: ["BITTER", "Stirred", "stirred"])
        #expect(few["keywords"] as? String == "Gin, bitter, Stirred")
        let words = (0..<20).map { "w\($0)" }
        let many = try structuredRecipe(tags: words + ["W3", "Gin"], keywords: ["GIN", "w19", "last"])
        #expect(many["keywords"] as? String == (words + ["Gin", "last"]).joined(separator: ", "))
        // One word is itself; none leaves the member out.
        #expect(try structuredRecipe(tags: ["Gin"], keywords: [])["keywords"] as? String == "Gin")
        #expect(try structuredRecipe(tags: [], keywords: ["Stirred"])["keywords"] as? String == "Stirred")
        #expect(try structuredRecipe(tags: [], keywords: [])["keywords"] == nil)
    }

    /// The JSON-LD object of a recipe with `tags` and `keywords`.
    private func structuredRecipe(tags: [String], keywords: [String]) throws -> [String: Any] {
        var recipe = Recipe(slug: "r", title: "R", sourcePath: "recipes/r.md", tags: tags)
        recipe.keywords = keywords
        let data = RecipeStructuredData(recipe: recipe, config: SiteConfig(), pageURL: nil, imageURLs: [], steps: [])
        return try #require(try JSONSerialization.jsonObject(with: Data(data.script.utf8)) as? [String: Any])
    }

    @Test func howToStepCountEqualsTheOrderedListItems() {
        let body = """
        Intro with a list that is not ordered:

        - not a step

        1. Chill the *glass*.
        2. Stir with ice
           until cold.
        3. Strain; garnish with `peel` <b>now</b>.

        Variations:

        1. A second ordered list is not the method.
        """
        let steps = Markdown.orderedListItems(body)
        #expect(steps == ["Chill the glass.", "Stir with ice until cold.", "Strain; garnish with peel now."])
        #expect(Markdown.orderedListItems("No list here.").isEmpty)
    }

    @Test func jsonTextCannotCloseAScriptElement() throws {
        let hostile = "</script><script>alert(1)</script> <!-- \"q\" \\ \n\t\u{1} \u{2028}"
        let text = JSONValue.object(["name": .string(hostile), "list": .array([.int(1), .bool(true), .null])]).text
        #expect(!text.contains("</"))
        #expect(!text.contains("<!--"))
        #expect(!text.contains("\n"))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["name"] as? String == hostile)
    }

    @Test func objectKeysAreSortedAndNullMembersLeftOut() {
        let text = JSONValue.object(["b": .int(2), "@type": "X", "a": .null, "c": .string("é")]).text
        #expect(text == #"{"@type":"X","b":2,"c":"é"}"#)
    }

    @Test func imageCropsBecomeTheRecipeImages() throws {
        var config = SiteConfig()
        config.baseURL = "https://example.com/bar/"
        var recipe = Recipe(slug: "mojito", title: "Mojito", sourcePath: "recipes/mojito.md", image: .local("images/mojito.jpg"))
        recipe.imageAlt = "A mojito"
        // The image step's crops (4:3 first, as no order is promised) and a JPEG for `src`.
        let processed = ProcessedImage(
            width: 1600, height: 1200,
            renditions: [.init(format: .jpeg, width: 720, height: 540, path: "images/mojito-0123456789-720.jpg")],
            vectorPath: nil,
            crops: [.init(aspect: "4x3", width: 1200, height: 900, path: "images/mojito-0123456789-4x3.jpg"),
                    .init(aspect: "16x9", width: 1600, height: 900, path: "images/mojito-0123456789-16x9.jpg"),
                    .init(aspect: "1x1", width: 900, height: 900, path: "images/mojito-0123456789-1x1.jpg")])
        let site = Site(config: config, recipes: [recipe], images: ["images/mojito.jpg": ImageInfo(width: 1600, height: 1200, format: .jpeg)])
        let renderer = PageRenderer(site: site, theme: Theme(templates: [:], assets: [:]),
                                    pictures: ["images/mojito.jpg": PublishedPicture(processed: processed, galleryShares: [])])
        let data = renderer.structuredData(recipe, root: "../../", steps: [])
        #expect(data.imageURLs == ["https://example.com/bar/images/mojito-0123456789-4x3.jpg",
                                   "https://example.com/bar/images/mojito-0123456789-16x9.jpg",
                                   "https://example.com/bar/images/mojito-0123456789-1x1.jpg"])
        // Link previews take the widest crop.
        let meta = renderer.socialMeta(path: "recipes/mojito/index.html", root: "../../", title: "Mojito", description: nil,
                                       image: (.local("images/mojito.jpg"), "A mojito"))
        #expect(meta.image?.url == "https://example.com/bar/images/mojito-0123456789-16x9.jpg")
        #expect(meta.image?.alt == "A mojito")
        #expect(meta.image?.width == 1600)
        // Without crops, the file the page's `src` names, at the original's size.
        let uncropped = PageRenderer(site: site, theme: Theme(templates: [:], assets: [:]), pictures: [
            "images/mojito.jpg": PublishedPicture(processed: ProcessedImage(width: 1600, height: 1200, renditions: processed.renditions,
                                                                            vectorPath: nil, crops: []), galleryShares: []),
        ])
        #expect(uncropped.structuredData(recipe, root: "../../", steps: []).imageURLs == ["https://example.com/bar/images/mojito-0123456789-720.jpg"])
        guard case .dictionary(let context) = uncropped.imageContext(.local("images/mojito.jpg"), alt: "A mojito", root: "../../"),
              case .string(let src)? = context["src"] else {
            Issue.record("no src in the picture's context")
            return
        }
        #expect(src == "../../images/mojito-0123456789-720.jpg")
    }

    @Test func categoryIsDrinkForGlassesElseFirstTagUnlessConfigured() {
        var config = SiteConfig()
        let drink = Recipe(slug: "a", title: "A", sourcePath: "a.md", tags: ["rum"], glass: "Coupe")
        let cake = Recipe(slug: "b", title: "B", sourcePath: "b.md", tags: ["dessert", "chocolate"])
        #expect(RecipeStructuredData.category(of: drink, config: config) == "Drink")
        #expect(RecipeStructuredData.category(of: cake, config: config) == "dessert")
        config.recipeCategory = "Cocktail"
        #expect(RecipeStructuredData.category(of: cake, config: config) == "Cocktail")
    }

    @Test func galleryCarriesAnItemListOfTheRecipePages() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let html = try #require(site.text("index.html"))
        let list = try #require(try structuredData(in: html).first)
        #expect(list["@type"] as? String == "ItemList")
        let items = try #require(list["itemListElement"] as? [[String: Any]])
        #expect(items.map { $0["position"] as? Int } == [1, 2])
        #expect(items.map { $0["url"] as? String } == ["https://example.com/fixture/recipes/negroni/",
                                                      "https://example.com/fixture/recipes/daiquiri/"])
        #expect(items.allSatisfy { $0["@type"] as? String == "ListItem" })
    }

    @Test func recipePageHasOpenGraphAndTwitterCardTags() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let html = try #require(site.text("recipes/negroni/index.html"))
        let tags = metaTags(in: html)
        let first = Dictionary(tags, uniquingKeysWith: { first, _ in first })
        #expect(first["og:type"] == "article")
        #expect(first["og:title"] == "Negroni")
        #expect(first["og:site_name"] == "Fixture Bar")
        #expect(first["og:url"] == "https://example.com/fixture/recipes/negroni/")
        #expect(first["og:image"]?.hasPrefix("https://example.com/fixture/") == true)
        #expect(first["og:image:alt"] == "A red drink")
        #expect(first["twitter:card"] == "summary_large_image")
        #expect(tags.filter { $0.0 == "article:tag" }.map(\.1) == ["gin", "bitter"])
        #expect(html.contains(#"<link rel="canonical" href="https://example.com/fixture/recipes/negroni/">"#))
        #expect(html.contains(#"<link rel="alternate" type="application/atom+xml" title="Fixture Bar" href="../../feed.xml">"#))
        // The fixture's `&` and quotes arrive escaped in attributes.
        #expect(first["og:description"] == "Equal parts, stirred – “bitter” &amp; bright.")
    }

    @Test func withoutBaseURLPagesStayRelativeAndAbsoluteOutputsAreSkipped() throws {
        let site = try BuiltSite { folder in
            try BuiltSite.replace("base_url: https://example.com/fixture/\n", with: "", in: folder.appendingPathComponent("site.yml"))
        }
        defer { site.remove() }
        #expect(site.report.diagnostics.contains { $0.severity == .warning && $0.message.contains("base_url") })
        #expect(!site.exists("sitemap.xml"))
        #expect(!site.exists("feed.xml"))
        #expect(site.text("robots.txt")?.contains("Sitemap:") == false)
        let html = try #require(site.text("recipes/negroni/index.html"))
        #expect(!html.contains("example.com"))
        let recipe = try #require(try structuredData(in: html).first)
        #expect((recipe["image"] as? [String])?.allSatisfy { $0.hasPrefix("../../images/") } == true)
        #expect(recipe["url"] == nil)
        #expect(!metaTags(in: html).contains { $0.0 == "og:url" || $0.0 == "og:image" })
    }
}

extension StructuredDataTests {
    /// Keywords compared byte by byte when ASCII answer as their lower-cased texts compared:
    /// letters of either case, the bytes 0x20 apart that are not letters (`@` and `` ` ``, `[`
    /// and `{`), and words that are not ASCII (the Kelvin sign lower-cases to `k`).
    @Test func keywordsCompareAsLowerCased() {
        let words = ["gin", "GIN", "Gin", "gim", "gi", "gin ", "@", "`", "[", "{", "^", "~", "a@", "a`", "K", "k",
                     "\u{212A}", "ß", "SS", "ss", "Éclair", "éclair", "ÉCLAIR", "İ", "i", "I", "", "1", "Q"]
        for a in words {
            for b in words {
                #expect(RecipeStructuredData.sameFoldingCase(a, b) == (a.lowercased() == b.lowercased()), "\(a) \(b)")
            }
        }
    }
}
