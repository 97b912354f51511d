import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// `search.json`, the index the gallery's optional search box (assets/search.js) reads: one entry
/// per recipe with its page (relative to the site root) and its searchable words, lowercased and
/// without accents, so the script only has to fold the query the same way and compare.
package struct SearchIndex: Sendable {
    package var recipes: [Recipe]
    /// The pages of `pages/`, listed after the recipes with `"type": "page"`.
    package var pages: [Page]

    /// The recipes' card fingerprints (`PageInputs.cards`) and where pieces made before are
    /// kept: a piece whose recipes' cards did not change is taken from there.
    package var madeBefore: (cards: [Fingerprint], memo: FingerprintMemo)?

    package init(recipes: [Recipe], pages: [Page] = []) {
        self.recipes = recipes
        self.pages = pages
    }

    /// One recipe's entry.
    package static func entry(_ recipe: Recipe) -> JSONValue {
        .object([
            "url": .string(URLPath.encode(SitePaths.recipe(recipe))),
            "title": .string(recipe.title),
            "type": .string("recipe"),
            "text": .string(searchText(recipe)),
        ])
    }

    /// One page's entry.
    package static func entry(_ page: Page) -> JSONValue {
        .object([
            "url": .string(URLPath.encode(SitePaths.page(page))),
            "title": .string(page.title),
            "type": .string("page"),
            "text": .string(searchText(page)),
        ])
    }

    /// Recipes per piece of the index made on one core.
    static let chunkSize = 1024

    /// A page's title, description and the text of its body, folded the same way.
    package static func searchText(_ page: Page) -> String {
        [page.title, page.description ?? "", Markdown.plainText(page.body)].filter { !$0.isEmpty }
            .joined(separator: " ").foldedForSearch
    }

    /// Title, summary, tags, glass and ingredients, folded the way search.js folds a query.
    package static func searchText(_ recipe: Recipe) -> String {
        let parts = [recipe.title, recipe.summary ?? "", recipe.glass ?? ""] + recipe.tags + recipe.ingredients.map { Markdown.inlinePlainText($0) }
        return parts.filter { !$0.isEmpty }.joined(separator: " ").foldedForSearch
    }

    /// The JSON array of every entry (recipes, then pages) and a newline, made as it is written:
    /// one piece of `chunkSize` recipes' entries at a time (no tree of every entry, and never the
    /// whole index in memory).
    package var file: OutputFile {
        let recipes = self.recipes, pages = self.pages, size = Self.chunkSize, madeBefore = self.madeBefore
        let recipePieces = (recipes.count + size - 1) / size
        let pieces = OutputFile.Pieces(count: recipePieces + 1) { piece -> Data in
            var bytes: [UInt8] = []
            if piece < recipePieces {
                let range = piece * size..<min(piece * size + size, recipes.count)
                // serve: a piece whose recipes' cards did not change is the one made before.
                var key: Fingerprint?
                if let madeBefore, madeBefore.cards.count == recipes.count {
                    var hasher = FingerprintHasher("search piece")
                    hasher.combine(range.lowerBound)
                    for index in range { hasher.combine(madeBefore.cards[index]) }
                    key = hasher.finalize()
                    if let made = madeBefore.memo.searchPiece(key!) { return made }
                }
                if piece == 0 { bytes.append(UInt8(ascii: "[")) }
                for index in range {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    Self.entry(recipes[index]).write(to: &bytes)
                }
                let data = Data(bytes)
                if let key { madeBefore?.memo.keepSearchPiece(data, for: key) }
                return data
            }
            if recipes.isEmpty { bytes.append(UInt8(ascii: "[")) }
            for (index, page) in pages.enumerated() {
                if !recipes.isEmpty || index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.entry(page).write(to: &bytes)
            }
            bytes += [UInt8(ascii: "]"), UInt8(ascii: "\n")]
            return Data(bytes)
        }
        return OutputFile(path: SitePaths.searchIndex, contents: .pieces(pieces))
    }
}

/// `search.json`, unless site.yml turns search off.
package struct SearchIndexFile: GeneratedFile {
    package func count(in site: PagePlan) -> Int { site.site.config.search ? 1 : 0 }

    package func path(_ index: Int, in site: PagePlan) -> String { SitePaths.searchIndex }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        var searchIndex = SearchIndex(recipes: site.site.recipes, pages: site.site.pages)
        if let inputs = site.inputs, let memo = site.memo { searchIndex.madeBefore = (inputs.cards, memo) }
        return searchIndex.file
    }
}

extension PageRenderer {
    /// What the gallery's search box needs (the index and the script), or null when site.yml
    /// turns search off.
    func searchContext(root: String) -> MustacheValue {
        guard site.config.search else { return .null }
        let matches = JSONValue.object(Dictionary(uniqueKeysWithValues: strings.forms("search_matches").map { ($0.key.rawValue, .string($0.value)) }))
        return ["indexURL": .string(URLPath.link(to: SitePaths.searchIndex, root: root)), "scriptURL": .string(URLPath.link(to: SitePaths.searchScript, root: assetRoot(root))),
                "matches": .string(matches.text)]
    }
}

extension SearchIndexFile {
    /// Every recipe's card fields and every page.
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("search", index)
        for card in inputs.cards { hasher.combine(card) }
        for page in inputs.pages { hasher.combine(page) }
        return hasher.finalize()
    }
}
