import Foundation
import GalleryContent
import GallerySupport

/// One thing search finds, as text by field: a recipe, a page of `pages/` or a journal post. Another kind of page
/// becomes findable by adding its documents here, after the others (`PageRenderer.searchDocument`),
/// and its record (`PageRenderer.appendSearchRecord`).
package struct SearchDocument: Sendable, Equatable {
    /// Where a word occurs, and so what it weighs: a title word outranks a tag or an ingredient,
    /// which outranks the summary, which outranks the body.
    package enum Field: Int, Sendable, CaseIterable {
        case title, keyword, summary, body

        package var weight: Int {
            switch self {
            case .title: 16
            case .keyword: 6
            case .summary: 3
            case .body: 1
            }
        }
    }

    package var texts: [(field: Field, text: String)]

    package init(_ texts: [(field: Field, text: String)]) {
        self.texts = texts.filter { !$0.text.isEmpty }
    }

    package static func == (a: SearchDocument, b: SearchDocument) -> Bool {
        a.texts.map(\.field) == b.texts.map(\.field) && a.texts.map(\.text) == b.texts.map(\.text)
    }

    /// A recipe: title; tags, ingredients, glass, cuisine, category and keywords; summary; body
    /// and front-matter method.
    package init(recipe: Recipe, body: String) {
        // Ingredients may hold inline Markdown (`[gin](…)`): their words, not the link's address.
        let ingredients = recipe.ingredients.map { Markdown.inlinePlainText($0) }
        let keywords = recipe.tags + ingredients + [recipe.glass, recipe.cuisine, recipe.category].compactMap { $0 } + recipe.keywords
        // A method written in front matter is body text too.
        let method = recipe.method.isEmpty ? [] : Markdown.method(of: recipe).steps
        self.init([(.title, recipe.title)] + keywords.map { (.keyword, $0) } + [(.summary, recipe.summary ?? ""), (.body, body)]
                  + method.map { (.body, $0) })
    }

    /// A page of `pages/`: title, description, the body's text.
    package init(page: Page, body: String) {
        self.init([(.title, page.title), (.summary, page.description ?? ""), (.body, body)])
    }

    /// A journal post: title; tags; summary; the body's text.
    package init(post: Post, body: String) {
        self.init([(.title, post.title)] + post.tags.map { (.keyword, $0) } + [(.summary, post.summary ?? ""), (.body, body)])
    }

    /// Each distinct word with its score: the weights of the fields it occurs in, each field
    /// counted once however often the word repeats there. Quantities ("2", "1.5") count only in
    /// a title. In no particular order: `SearchIndex.finish` sorts the terms once for the whole
    /// index, which is cheaper than sorting every document's.
    package func terms(words: SearchWords) -> [ScoredTerm] {
        for (field, text) in texts {
            words.tally(text, field: 1 << field.rawValue, keepQuantities: field == .title)
        }
        return words.takeTally().map { word, mask in
            ScoredTerm(word, Field.allCases.reduce(0) { $0 + (mask & 1 << $1.rawValue != 0 ? $1.weight : 0) })
        }
    }
}
