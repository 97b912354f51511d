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

    package init(recipes: [Recipe], pages: [Page] = []) {
        self.recipes = recipes
        self.pages = pages
    }

    package var json: JSONValue {
        .array(concurrentMap(count: recipes.count) { [recipes] index in
            let recipe = recipes[index]
            return .object([
                "url": .string(URLPath.encode(SitePaths.recipe(recipe))),
                "title": .string(recipe.title),
                "type": .string("recipe"),
                "text": .string(Self.searchText(recipe)),
            ])
        } + pages.map { page in
            .object([
                "url": .string(URLPath.encode(SitePaths.page(page))),
                "title": .string(page.title),
                "type": .string("page"),
                "text": .string(Self.searchText(page)),
            ])
        })
    }

    /// A page's title, description and the text of its body, folded the same way.
    package static func searchText(_ page: Page) -> String {
        [page.title, page.description ?? "", Markdown.plainText(page.body)].filter { !$0.isEmpty }
            .joined(separator: " ").foldedForSearch
    }

    /// Title, summary, tags, glass and ingredients, folded the way search.js folds a query.
    package static func searchText(_ recipe: Recipe) -> String {
        let parts = [recipe.title, recipe.summary ?? "", recipe.glass ?? ""] + recipe.tags + recipe.ingredients
        return parts.filter { !$0.isEmpty }.joined(separator: " ").foldedForSearch
    }

    package var file: OutputFile {
        OutputFile(path: SitePaths.searchIndex, text: json.text + "\n")
    }
}

/// `search.json`, unless site.yml turns search off.
package struct SearchIndexFile: GeneratedFile {
    package func count(in site: PageRenderer) -> Int { site.site.config.search ? 1 : 0 }

    package func path(_ index: Int, in site: PageRenderer) -> String { SitePaths.searchIndex }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        SearchIndex(recipes: site.site.recipes, pages: site.site.pages).file
    }
}

extension PageRenderer {
    /// What the gallery's search box needs (the index and the script), or null when site.yml
    /// turns search off.
    func searchContext(root: String) -> MustacheValue {
        guard site.config.search else { return .null }
        return ["indexURL": .string(root + SitePaths.searchIndex), "scriptURL": .string(root + SitePaths.searchScript)]
    }
}
