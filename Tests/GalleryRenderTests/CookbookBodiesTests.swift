import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit
@testable import GalleryRender

/// Each recipe's body is made once for all the printed books holding it (`CookbookBodies`): held
/// until its last book takes it, never past the budget, and the books come out the same either way.
@Suite struct CookbookBodiesTests {
    /// The books' form `kept` holds, if it holds that.
    func rendered(_ kept: CookbookBodies.Kept?) -> CookbookBodies.Body? {
        if case .rendered(let body)? = kept { body } else { nil }
    }

    @Test func aKeptBodyIsTakenByEachBookThenLetGo() throws {
        let bodies = CookbookBodies(budget: 1_000)
        bodies.keep(.rendered(CookbookBodies.Body(pageHTML: #"<h2>Method</h2><p><a href="../x/">x</a></p>"#)), of: 3, books: 2)
        #expect(bodies.heldBytes > 0)
        let first = try #require(rendered(bodies.take(3, recipeCount: 10)))
        #expect(first.html == #"<h3>Method</h3><p><a href="../x/">x</a></p>"# && first.hasAttributes)
        #expect(rendered(bodies.take(3, recipeCount: 10))?.html == first.html)
        #expect(bodies.take(3, recipeCount: 10) == nil)
        #expect(bodies.heldBytes == 0)
        #expect(!CookbookBodies.Body(pageHTML: "<p>Stir.</p>").hasAttributes)
    }

    @Test func aBodyPastTheBudgetIsNotKept() {
        let bodies = CookbookBodies(budget: 20)
        bodies.keep(.rendered(CookbookBodies.Body(pageHTML: "<p>Shake hard with ice.</p>")), of: 0, books: 3)
        #expect(bodies.take(0, recipeCount: 10) == nil && bodies.heldBytes == 0)
        bodies.keep(.rendered(CookbookBodies.Body(pageHTML: "<p>Stir.</p>")), of: 1, books: 1)
        bodies.keep(.rendered(CookbookBodies.Body(pageHTML: "<p>Pour.</p>")), of: 2, books: 1)
        #expect(bodies.take(1, recipeCount: 10) != nil && bodies.take(2, recipeCount: 10) == nil)
        // No book left to take it: nothing is held.
        bodies.keep(.rendered(CookbookBodies.Body(pageHTML: "<p>Stir.</p>")), of: 1, books: 0)
        #expect(bodies.heldBytes == 0)
    }

    /// A recipe's page may still be rendering on one thread when its first book starts on
    /// another: that book makes its own body, and the page's, kept after, is held only for the
    /// books still to come, then let go; kept when every book has asked, it is not held at all.
    @Test func aBodyKeptAfterSomeBooksAskedIsHeldOnlyForTheRest() throws {
        let bodies = CookbookBodies(budget: 1_000)
        #expect(bodies.take(4, recipeCount: 10) == nil)
        bodies.keep(.rendered(CookbookBodies.Body(pageHTML: "<p>Stir.</p>")), of: 4, books: 3)
        #expect(bodies.take(4, recipeCount: 10) != nil && bodies.heldBytes > 0)
        #expect(bodies.take(4, recipeCount: 10) != nil && bodies.heldBytes == 0)
        #expect(bodies.take(7, recipeCount: 10) == nil && bodies.take(7, recipeCount: 10) == nil)
        bodies.keep(.rendered(CookbookBodies.Body(pageHTML: "<p>Pour.</p>")), of: 7, books: 2)
        #expect(bodies.heldBytes == 0)
    }

    /// A body with `recipe:` links is held as its parse, each book rendering its own links.
    @Test func aBodyWithRecipeLinksIsHeldAsItsParse() throws {
        let bodies = CookbookBodies(budget: 1_000)
        let parsed = Markdown.LinkedBody("Like a [Negroni](recipe:negroni).\n")
        bodies.keep(.linked(parsed), of: 0, books: 2)
        #expect(bodies.heldBytes == 8 * parsed.textBytes)
        for target in ["#recipe-negroni", "../negroni/"] {
            guard case .linked(let body)? = bodies.take(0, recipeCount: 10) else {
                Issue.record("the parse was not held")
                continue
            }
            #expect(body.html { _, _ in target } == "<p>Like a <a href=\"\(target)\">Negroni</a>.</p>\n")
        }
        #expect(bodies.take(0, recipeCount: 10) == nil && bodies.heldBytes == 0)
    }

    /// A book makes each body as it reaches it: a recipe whose file changed after the site was
    /// read fails its books once they are written, with the error at the recipe's file, and a
    /// book without that recipe is made as usual.
    @Test func aBodyThatCannotBeMadeFailsItsBooksOnceWritten() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let copy = try folder.copyFixture("basic")
        try CookbookPageTests.addGinSour(to: copy)
        // No body held from the load: each is read back from its file.
        var loader = ContentLoader(siteDirectory: copy, displayRoot: "site")
        loader.bodyBudget = 0
        let (site, _) = try loader.load()
        let theme = try ThemeLoader(themeDirectory: Repository.templates, overrideDirectory: nil).load()
        let renderer = PageRenderer(site: site, theme: theme).holding(cookbookBodies: CookbookBodies(budget: 0))
        let negroni = copy.appendingPathComponent("recipes/negroni.md")
        try (String(contentsOf: negroni, encoding: .utf8) + "\nStir longer.\n").write(to: negroni, atomically: true, encoding: .utf8)
        var failed: [String] = []
        for index in renderer.plan.cookbooks.indices {
            let file = try CookbookPage().make(index, in: renderer)
            guard case .stream(let stream) = file.contents else {
                Issue.record("\(file.path) is not streamed")
                continue
            }
            stream.write { _ in }
            guard let failure = stream.failure else { continue }
            failed.append(file.path)
            let diagnostic = try #require(failure as? Diagnostic)
            #expect(diagnostic.severity == .error && diagnostic.path.hasSuffix("recipes/negroni.md")
                    && diagnostic.message == "the recipe changed while the site was being built; build again", "\(diagnostic)")
        }
        // The negroni is in the site's book and gin's, not in sour's.
        #expect(failed.sorted() == ["cookbook/index.html", "tags/gin/cookbook/index.html"])
    }

    /// The basic fixture and a gin sour (a site book and two tag books, a body with a `recipe:` link): rendered
    /// with the bodies shared and with none held (budget 0, each book making its own), the files
    /// are the same, and nothing is held once every book is made.
    @Test func sharedBodiesMakeTheSameBooksAndAreAllLetGo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let copy = try folder.copyFixture("basic")
        try CookbookPageTests.addGinSour(to: copy)
        let daiquiri = copy.appendingPathComponent("recipes/daiquiri.md")
        try (String(contentsOf: daiquiri, encoding: .utf8) + "\nA cousin of the [Negroni](recipe:negroni).\n")
            .write(to: daiquiri, atomically: true, encoding: .utf8)
        let (site, _) = try ContentLoader(siteDirectory: copy, displayRoot: "site").load()
        let theme = try ThemeLoader(themeDirectory: Repository.templates, overrideDirectory: nil).load()
        let shared = PageRenderer(site: site, theme: theme)
        let unshared = PageRenderer(site: site, theme: theme).holding(cookbookBodies: CookbookBodies(budget: 0))
        #expect(shared.plan.cookbooks.count == 3)
        let (files, diagnostics) = shared.render()
        let (expected, _) = unshared.render()
        #expect(!diagnostics.contains { $0.severity == .error })
        #expect(files.map(\.path) == expected.map(\.path))
        var compared = 0
        for (file, other) in zip(files, expected) {
            guard case .data(let made) = file.contents, case .data(let wanted) = other.contents else { continue }
            #expect(made == wanted, "\(file.path) differs when the books' bodies are shared")
            compared += 1
        }
        #expect(compared >= 5 + 2)
        #expect(shared.cookbookBodies.heldBytes == 0)
        let book = try #require(files.first { $0.path == "cookbook/index.html" })
        guard case .data(let html) = book.contents else { Issue.record("the book is not made in memory"); return }
        #expect(String(decoding: html, as: UTF8.self).contains(##"<a href="#recipe-negroni">Negroni</a>"##))
    }

    /// When the budget is full, a body wanted by a sooner book makes room by letting go of the
    /// one wanted last; one wanted later than all those held is not kept, and lets none go.
    @Test func theBodyWantedLastMakesRoomForOneWantedSooner() {
        let body = CookbookBodies.Body(pageHTML: "<p>Stir.</p>")
        let bodies = CookbookBodies(budget: 2 * body.html.utf8.count)
        bodies.keep(.rendered(body), of: 0, bookPlaces: [3, 4])
        bodies.keep(.rendered(body), of: 1, bookPlaces: [1])
        bodies.keep(.rendered(body), of: 2, bookPlaces: [0, 5])
        #expect(bodies.take(0, recipeCount: 10) == nil)
        bodies.keep(.rendered(body), of: 3, bookPlaces: [6])
        #expect(bodies.take(3, recipeCount: 10) == nil)
        // Taken by book 0, recipe 2's body is next wanted by book 5: book 2's takes its room.
        #expect(bodies.take(2, recipeCount: 10) != nil)
        bodies.keep(.rendered(body), of: 4, bookPlaces: [2])
        #expect(bodies.take(1, recipeCount: 10) != nil && bodies.take(4, recipeCount: 10) != nil)
        #expect(bodies.take(2, recipeCount: 10) == nil && bodies.heldBytes == 0)
    }

    /// A site of eight recipes, their tags' books a chain (each recipe in two neighbouring
    /// books, `a`–`b`, `b`–`c`, `c`–`d`, or in `d` alone), with room for four bodies. Made one
    /// at a time in the build's order (`PageRenderer.renderOrder`), each book after the pages
    /// of its recipes no earlier book holds, every body is made once, by its page, and taken
    /// by all its books. Made in output order, every page before the books, the budget is full
    /// before the books begin and they make four bodies again.
    @Test func eachBookFollowsItsRecipesPagesSoNoBodyIsMadeTwice() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/site.yml", Data("title: Chain Bar\nlanguage: en\ncookbook: { max_recipes: 4 }\n".utf8))
        let tags = ["a, b", "a, b", "b, c", "b, c", "c, d", "c, d", "d", "d"]
        for (number, tags) in tags.enumerated() {
            try folder.write("site/recipes/recipe-\(number + 1).md",
                             Data("---\ntitle: Recipe \(number + 1)\ntags: [\(tags)]\n---\nStir with ice and strain.\n".utf8))
        }
        let (site, diagnostics) = try ContentLoader(siteDirectory: folder.url.appendingPathComponent("site"), displayRoot: "site").load()
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        let theme = try ThemeLoader(themeDirectory: Repository.templates, overrideDirectory: nil).load()
        let plain = PageRenderer(site: site, theme: theme)
        #expect(plain.plan.cookbooks.map { $0.tag.map { plain.tags[$0].name } } == ["a", "b", "c", "d"])
        // One body's bytes as held: its page keeps it.
        let one = plain.holding(cookbookBodies: CookbookBodies(budget: 1 << 20))
        _ = try RecipePage().makeReportingWarnings(0, in: one)
        let size = one.cookbookBodies.heldBytes
        #expect(size > 0)

        func make(_ order: [Int]) throws -> CookbookBodies {
            let bodies = CookbookBodies(budget: 4 * size)
            let renderer = plain.holding(cookbookBodies: bodies)
            for position in order {
                let (kind, index) = renderer.files[position]
                let (file, _) = try PageRenderer.kinds[kind].makeReportingWarnings(index, in: renderer)
                if case .stream(let stream) = file.contents {
                    stream.write { _ in }
                    #expect(stream.failure == nil)
                }
            }
            return bodies
        }
        let inOrder = try make(plain.renderOrder())
        #expect(inOrder.madeByBooks == 0 && inOrder.heldBytes == 0)
        let pagesFirst = try make(Array(plain.files.indices))
        #expect(pagesFirst.madeByBooks == 4)
    }
}
