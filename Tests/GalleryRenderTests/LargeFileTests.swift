import Foundation
import Testing
@testable import GalleryContent
@testable import GalleryRender

/// A large site's search index and sitemap are written piece by piece (issue 18); the pieces
/// together must be exactly the file made in one go, whatever the piece boundaries.
@Suite struct LargeFileTests {
    @Test func sitemapPiecesJoinToTheWholeDocument() throws {
        for count in [0, 1, Sitemap.chunkSize - 1, Sitemap.chunkSize, Sitemap.chunkSize + 1, 2 * Sitemap.chunkSize + 7] {
            let sitemap = Sitemap(pagePaths: (0..<count).map { "recipes/r\($0)/index.html" },
                                  publishedURL: PublishedURL(base: "https://example.com/bar/"))
            guard case .pieces(let pieces) = sitemap.file.contents else {
                Issue.record("the sitemap of \(count) pages is not written in pieces")
                continue
            }
            #expect(pieces.count == max(1, (count + Sitemap.chunkSize - 1) / Sitemap.chunkSize))
            let text = String(decoding: pieces.joined, as: UTF8.self)
            #expect(text == sitemap.text)
            #expect(text.hasPrefix("<?xml") && text.hasSuffix("</urlset>\n"))
            #expect(text.components(separatedBy: "<url>").count - 1 == count)
        }
    }

    @Test func searchIndexPiecesJoinToOneJSONArray() throws {
        for count in [0, 1, SearchIndex.chunkSize, SearchIndex.chunkSize + 1] {
            let recipes = (0..<count).map { Recipe(slug: "r\($0)", title: "Recipe \($0)", sourcePath: "recipes/r\($0).md", tags: ["t\($0 % 3)"]) }
            let page = Page(path: "about", title: "About", sourcePath: "pages/about.md", body: "Who we are.")
            let file = SearchIndex(recipes: recipes, pages: [page]).file
            let data = try #require(file.data)
            let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: String]])
            #expect(entries.count == count + 1)
            #expect(entries.first?["title"] == (count > 0 ? "Recipe 0" : "About"))
            #expect(entries.last?["type"] == "page")
            #expect(data.last == UInt8(ascii: "\n"))
        }
    }

    @Test func recipeTextFieldsRoundTripThroughTheCompactStorage() {
        var recipe = Recipe(slug: "mojito", title: "Mojito", sourcePath: "recipes/mojito.md", image: .remote("https://example.com/m.jpg"),
                            imageAlt: "", summary: "Mint, lime", tags: ["rum", "", "summer"], glass: nil,
                            ingredients: ["50 ml rum", "Mint"], yield: "1 drink", author: "Ana")
        #expect(recipe.slug == "mojito" && recipe.title == "Mojito" && recipe.sourcePath == "recipes/mojito.md")
        #expect(recipe.image == .remote("https://example.com/m.jpg"))
        #expect(recipe.imageAlt == "", "an empty value is not an absent one")
        #expect(recipe.glass == nil)
        #expect(recipe.tags == ["rum", "", "summer"])
        #expect(recipe.ingredients == ["50 ml rum", "Mint"])
        recipe.tags = ["gin"]
        recipe.image = .local("images/m.jpg")
        recipe.glass = "Highball"
        recipe.title = "Mojito \u{1F} royale"
        #expect(recipe.tags == ["gin"])
        #expect(recipe.ingredients == ["50 ml rum", "Mint"], "changing the tags keeps the ingredients after them")
        #expect(recipe.image == .local("images/m.jpg"))
        #expect(recipe.glass == "Highball")
        #expect(recipe.title == "Mojito \u{1F} royale", "a value holding the separator is kept whole")
        recipe.ingredientGroups = [IngredientGroup(title: "Syrup", items: ["Sugar", "Water"]), IngredientGroup(title: nil, items: ["Lime"])]
        #expect(recipe.ingredients == ["Sugar", "Water", "Lime"])
        #expect(recipe.ingredientGroups.map(\.title) == ["Syrup", nil])
        recipe.image = nil
        recipe.title = "Mojito"
        #expect(recipe.image == nil && recipe.title == "Mojito" && recipe.summary == "Mint, lime" && recipe.author == "Ana")
        let same = Recipe(slug: "mojito", title: "Mojito", sourcePath: "recipes/mojito.md")
        var other = same
        other.summary = nil
        #expect(other == same)
        other.summary = ""
        #expect(other != same)
    }
}
