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
        var texts: [(field: Field, text: String)] = []
        Self.forEachText(of: recipe, body: body) { texts.append(($0, $1)) }
        self.init(texts)
    }

    /// Notes a recipe's words in `words` as a document of its own (`note(in:)`), without
    /// gathering its texts first.
    static func note(recipe: Recipe, body: String, in words: SearchWords) {
        forEachText(of: recipe, body: body) { field, text in
            words.tally(text, field: 1 << field.rawValue, keepQuantities: field == .title)
        }
        words.endDocument()
    }

    /// A recipe's texts by field, in the order `init(recipe:body:)` keeps them.
    private static func forEachText(of recipe: Recipe, body: String, _ text: (Field, String) -> Void) {
        text(.title, recipe.title)
        for tag in recipe.tags { text(.keyword, tag) }
        // Ingredients may hold inline Markdown (`[gin](…)`): their words, not the link's address.
        for ingredient in recipe.ingredients { text(.keyword, Markdown.inlinePlainText(ingredient)) }
        for value in [recipe.glass, recipe.cuisine, recipe.category] { if let value { text(.keyword, value) } }
        for keyword in recipe.keywords { text(.keyword, keyword) }
        if let summary = recipe.summary { text(.summary, summary) }
        text(.body, body)
        // A method written in front matter is body text too.
        if !recipe.method.isEmpty {
            for step in Markdown.method(of: recipe).steps { text(.body, step) }
        }
    }

    /// A page of `pages/`: title, description, the body's text.
    package init(page: Page, body: String) {
        self.init([(.title, page.title), (.summary, page.description ?? ""), (.body, body)])
    }

    /// A journal post: title; tags; summary; the body's text.
    package init(post: Post, body: String) {
        self.init([(.title, post.title)] + post.tags.map { (.keyword, $0) } + [(.summary, post.summary ?? ""), (.body, body)])
    }

    /// Notes the document's words in `words` as a document of its own: each distinct word with
    /// its score, the weights of the fields it occurs in, each field counted once however often
    /// the word repeats there. Quantities ("2", "1.5") count only in a title.
    func note(in words: SearchWords) {
        for (field, text) in texts {
            words.tally(text, field: 1 << field.rawValue, keepQuantities: field == .title)
        }
        words.endDocument()
    }

    /// The document's distinct words with their scores (`note(in:)`), in the order first seen.
    package func terms(words: SearchWords) -> [ScoredTerm] {
        _ = words.takeBatch()
        note(in: words)
        defer { _ = words.takeBatch() }
        return words.lastDocument()
    }
}
