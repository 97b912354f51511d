import Foundation
import Testing
@testable import GalleryContent
@testable import GalleryRender

/// A large site's sitemap is written piece by piece (issue 18); the pieces together must be
/// exactly the file made in one go, whatever the piece boundaries. The search index is many files.
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

    /// A large site's index: documents past a batch boundary keep their numbers, and a common
    /// term's postings file lists every one of them.
    @Test func searchIndexNumbersDocumentsAcrossBatches() throws {
        let count = SearchIndexPlan.batchSize * 16 + 3
        var index = SearchIndex()
        for start in stride(from: 0, to: count, by: 1000) {
            index.add((start..<min(count, start + 1000)).map { [ScoredTerm("recipe", 16), ScoredTerm("r\($0)", 16)] })
        }
        index.finish()
        #expect(index.documentCount == count)
        let recipe = try #require(index.shards.first { $0.key == "re" }?.terms.first)
        #expect(recipe.documents == Array(0..<count))
        #expect(SearchIndex.recordGroups(count) == (count + SearchIndex.recordsPerGroup - 1) / SearchIndex.recordsPerGroup)
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

    /// Key lines, times, weight, date and draft live packed beside the text: each survives every
    /// other field's change, and a recipe takes 112 bytes (176 before), one per recipe of a site.
    @Test func recipeKeyLinesAndNumbersRoundTripThroughTheCompactStorage() throws {
        var recipe = Recipe(slug: "mojito", title: "Mojito", sourcePath: "recipes/mojito.md", tags: ["rum"], ingredients: ["Mint"])
        let lines = [Recipe.KeyLine(key: "title", line: 2), Recipe.KeyLine(key: "steps", line: 1_234_567),
                     Recipe.KeyLine(key: "my_own", line: 9), Recipe.KeyLine(key: "date", line: 0), Recipe.KeyLine(key: "tags", line: 40)]
        recipe.keyLines = lines
        let sorted = lines.sorted { $0.key < $1.key }
        #expect(recipe.keyLines == sorted)
        recipe.tags = ["rum", "summer", "\u{1F}odd"]
        recipe.ingredients = ["Mint", "Lime"]
        recipe.title = "Mojito royale"
        recipe.ingredientGroups = [IngredientGroup(title: "Syrup", items: ["Sugar"]), IngredientGroup(title: nil, items: ["Lime"])]
        #expect(recipe.keyLines == sorted && recipe.line(of: "steps") == 1_234_567 && recipe.line(of: "my_own") == 9)
        #expect(recipe.tags == ["rum", "summer", "\u{1F}odd"] && recipe.ingredients == ["Sugar", "Lime"] && recipe.title == "Mojito royale")
        recipe.keyLines = []
        #expect(recipe.keyLines.isEmpty && recipe.line(of: "title") == 1)

        #expect(recipe.prepTime == nil && recipe.cookTime == nil && recipe.weight == nil && !recipe.isDraft && recipe.date == nil)
        recipe.prepTime = RecipeDuration(seconds: 0)
        recipe.cookTime = RecipeDuration(seconds: 86_400 * 999_999)
        recipe.weight = -3
        recipe.isDraft = true
        recipe.date = RecipeDate(parsing: "9999-12-31")
        #expect(recipe.prepTime?.seconds == 0 && recipe.cookTime?.seconds == 86_400 * 999_999 && recipe.weight == -3 && recipe.isDraft)
        #expect(recipe.date?.iso8601 == "9999-12-31" && recipe.date?.year == 9999 && recipe.date?.month == 12 && recipe.date?.day == 31)
        var unset = recipe
        unset.prepTime = nil
        unset.weight = nil
        #expect(unset.prepTime == nil && unset.weight == nil && unset.cookTime == recipe.cookTime && unset != recipe)
        unset.prepTime = RecipeDuration(seconds: 0)
        unset.weight = -3
        #expect(unset == recipe)
        #expect(MemoryLayout<Recipe>.size <= 112)
    }
}
