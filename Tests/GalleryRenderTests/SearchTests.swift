import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryRender

@Suite struct SearchTests {
    @Test func searchIndexListsEveryRecipe() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let data = Data(try #require(site.text("search.json")).utf8)
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: String]])
        #expect(entries.map { $0["url"] } == ["recipes/negroni/index.html", "recipes/daiquiri/index.html"])
        #expect(entries.map { $0["title"] } == ["Negroni", "Daiquiri <Classic>"])
        #expect(entries.allSatisfy { site.exists($0["url"] ?? "") })
        let negroni = try #require(entries.first?["text"])
        #expect(negroni.contains("campari") && negroni.contains("rocks") && negroni.contains("bitter"))
    }

    @Test func searchTextIsFoldedLikeTheScriptFoldsQueries() {
        let recipe = Recipe(slug: "p", title: "Piña Colada", sourcePath: "p.md", tags: ["Tropical"], ingredients: ["Crème de coco"])
        #expect(SearchIndex.searchText(recipe) == "pina colada tropical creme de coco")
    }

    @Test func searchScriptIsSmallPlainJavaScript() throws {
        let url = Repository.templates.appendingPathComponent("assets/search.js")
        let script = try #require(FileManager.default.contents(atPath: url.path))
        #expect(script.count <= 3_072)
        let text = String(decoding: script, as: UTF8.self)
        #expect(!text.contains("import ") && !text.contains("WebAssembly") && !text.contains("require("))
    }

    @Test func searchBoxIsHiddenUntilTheScriptRuns() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let html = try #require(site.text("index.html"))
        #expect(html.contains(#"<form class="search" role="search" data-index="search.json" data-matches="{&quot;one&quot;:&quot;{count} match&quot;,&quot;other&quot;:&quot;{count} matches&quot;}" hidden>"#))
        #expect(html.contains(#"<script src="assets/search.js" defer></script>"#))
    }

    @Test func searchCanBeTurnedOff() throws {
        let site = try BuiltSite { folder in
            try BuiltSite.replace("language: en\n", with: "language: en\nsearch: false\n", in: folder.appendingPathComponent("site.yml"))
        }
        defer { site.remove() }
        #expect(!site.exists("search.json"))
        #expect(site.text("index.html")?.contains("search.js") == false)
        #expect(site.report.diagnostics.isEmpty)
    }

    /// The index is written in pieces side by side; the bytes are those of the one JSON array,
    /// whatever the number of pieces.
    @Test(arguments: [0, 1, SearchIndex.chunkSize, SearchIndex.chunkSize + 1, 2 * SearchIndex.chunkSize + 7])
    func piecesJoinIntoTheOneArray(_ count: Int) throws {
        let recipes = (0..<count).map { index in
            Recipe(slug: "r\(index)", title: "Recipe \(index) </script>", sourcePath: "recipes/r\(index).md",
                   summary: index % 3 == 0 ? "Crème \"brûlée\"" : nil, tags: ["tag\(index % 5)"], ingredients: ["\(index) ml rum"])
        }
        let pages = count % 2 == 0 ? [Page(path: "about", title: "About", sourcePath: "pages/about.md", body: "Who *we* are.")] : []
        let expected = JSONValue.array(recipes.map(SearchIndex.entry) + pages.map(SearchIndex.entry)).text + "\n"
        guard let data = SearchIndex(recipes: recipes, pages: pages).file.data else {
            Issue.record("search.json is not made in memory")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == expected)
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(parsed.count == count + pages.count)
    }
}
