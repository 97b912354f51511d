import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit
@testable import GalleryRender
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML document read with XMLParser: fails on anything not well-formed, and keeps each
/// element's attributes and text in document order.
final class XMLOutline: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    init(_ text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        if !parser.parse() {
            throw parser.parserError ?? CocoaError(.coderReadCorrupt)
        }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributeDict))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }
}

@Suite struct FeedTests {
    @Test func feedIsWellFormedAtomWithAbsoluteURLs() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let feed = try XMLOutline(#require(site.text("feed.xml")))
        #expect(feed.elements.first?.name == "feed")
        #expect(feed.elements.first?.attributes["xmlns"] == "http://www.w3.org/2005/Atom")
        let links = feed.all("link").compactMap { $0.attributes["href"] } + feed.all("id").map(\.text)
        #expect(!links.isEmpty)
        #expect(links.allSatisfy { $0.hasPrefix("https://example.com/fixture/") })
        // Only the dated recipe (Negroni) is an entry; the feed is as new as it.
        #expect(feed.all("entry").count == 1)
        #expect(feed.all("title").map(\.text) == ["Fixture Bar", "Negroni"])
        #expect(feed.all("updated").map(\.text) == ["2024-02-01T00:00:00Z", "2024-02-01T00:00:00Z"])
        #expect(feed.all("category").compactMap { $0.attributes["term"] } == ["gin", "bitter"])
        // The content is HTML carried as text: parsed back, it is the page's body, still safe.
        let content = try #require(feed.all("content").first)
        #expect(content.attributes["type"] == "html")
        #expect(content.text.contains("<li>Stir everything with ice.</li>"))
        #expect(content.text.contains("<li>30 ml Campari</li>"))
        #expect(!content.text.contains("<script"))
        #expect(!content.text.contains("javascript:"))
        #expect(feed.all("summary").first?.text == "Equal parts, stirred – “bitter” & bright.")
    }

    @Test func entriesAreNewestFirstAndEscaped() throws {
        func recipe(_ slug: String, _ title: String, _ date: String?) -> Recipe {
            Recipe(slug: slug, title: title, sourcePath: "recipes/\(slug).md", summary: "Fish & <chips>",
                   date: date.flatMap(RecipeDate.init(parsing:)), body: "1. Fry\n2. Serve <b>hot</b> & \u{1}fast")
        }
        var config = SiteConfig()
        config.title = "Q&A <Kitchen>"
        let site = Site(config: config, recipes: [
            recipe("old", "Old", "2023-05-01"), recipe("none", "Undated", nil),
            recipe("new", "New & <Improved>", "2024-12-31"), recipe("same", "Same day", "2023-05-01"),
        ], images: [:])
        let feed = AtomFeed(site: site, publishedURL: PublishedURL(base: "https://example.org/k"))
        #expect(feed.entries.map(\.slug) == ["new", "old", "same"])
        let outline = try XMLOutline(feed.text())
        #expect(outline.all("title").map(\.text) == ["Q&A <Kitchen>", "New & <Improved>", "Old", "Same day"])
        #expect(outline.all("updated").first?.text == "2024-12-31T00:00:00Z")
        #expect(outline.all("id").map(\.text).dropFirst().first == "https://example.org/k/recipes/new/")
        #expect(outline.all("content").allSatisfy { $0.text.contains("<li>Fry</li>") && !$0.text.contains("\u{1}") })
    }

    /// Of many recipes, many of one day and some undated, the feed keeps the newest fifty, newest
    /// first and one day's in gallery order: what sorting them all and keeping the first fifty
    /// gives, whatever order the recipes come in.
    @Test func theFeedKeepsTheNewestFiftyInOrder() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            // Few distinct days, so that ties cross the fiftieth place; round 0 ascending, 1 descending.
            var days = (0..<240).map { _ in Int.random(in: 0..<12, using: &generator) }
            if round == 0 { days.sort() } else if round == 1 { days.sort(by: >) }
            let recipes = days.enumerated().map { position, day in
                Recipe(slug: "r\(position)", title: "R", sourcePath: "recipes/r\(position).md",
                       date: position % 7 == 3 ? nil : RecipeDate(parsing: "2024-03-\(10 + day)"))
            }
            let dated: [(position: Int, date: RecipeDate)] = recipes.indices.compactMap { index in
                recipes[index].date.map { (index, $0) }
            }
            let sorted = dated.sorted { (a: (position: Int, date: RecipeDate), b: (position: Int, date: RecipeDate)) -> Bool in
                a.date != b.date ? a.date > b.date : a.position < b.position
            }
            let expected: [Int] = sorted.prefix(AtomFeed.maximumEntries).map(\.position)
            #expect(expected.count == AtomFeed.maximumEntries)
            #expect(AtomFeed.entryPositions(recipes) == expected, "round \(round)")
        }
        #expect(AtomFeed.entryPositions([]) == [])
    }

    /// The recipe pages, made before the feed, leave the feed its entries' bodies from their own
    /// parse (`FeedBodies`): the feed takes every one and is the feed it makes on its own.
    @Test func theFeedTakesItsBodiesFromTheRecipePages() throws {
        func recipe(_ slug: String, _ day: Int, body: String) -> Recipe {
            Recipe(slug: slug, title: slug.capitalized, sourcePath: "recipes/\(slug).md", date: RecipeDate(parsing: "2024-05-\(10 + day)"),
                   body: body)
        }
        var config = SiteConfig()
        config.baseURL = "https://example.org/bar/"
        let site = Site(config: config, recipes: [
            recipe("sour", 1, body: "Like a [Fizz](recipe:fizz#method), ![a glass](https://example.org/g.png) *cold*.\n\n1. Shake.\n2. Strain.\n"),
            recipe("fizz", 2, body: "![Alone](https://example.org/f.png)\n\n## Method\n\n1. Shake.\n2. Top with [soda](recipe:sour).\n"),
            recipe("plain", 3, body: ""),
            Recipe(slug: "undated", title: "Undated", sourcePath: "recipes/undated.md", body: "Not in the feed."),
        ], images: [:])
        let renderer = PageRenderer(site: site, theme: try ThemeLoader(themeDirectory: Repository.templates, overrideDirectory: nil).load())
        let alone = try renderer.feed!.text()
        for index in site.recipes.indices { _ = try RecipePage().make(index, in: renderer) }
        #expect(renderer.feedBodies.count == 3)
        let made = try FeedFile().make(0, in: renderer)
        #expect(renderer.feedBodies.count == 0)
        guard case .data(let bytes) = made.contents else { Issue.record("the feed is not made in memory"); return }
        #expect(String(decoding: bytes, as: UTF8.self) == alone)
        #expect(alone.contains("href=&quot;https://example.org/bar/recipes/fizz/#method&quot;"))
    }

    @Test func feedWithoutDatedRecipesIsStillValid() throws {
        let site = Site(config: SiteConfig(), recipes: [Recipe(slug: "a", title: "A", sourcePath: "a.md")], images: [:])
        let outline = try XMLOutline(AtomFeed(site: site, publishedURL: PublishedURL(base: "https://example.org/")).text())
        #expect(outline.all("entry").isEmpty)
        #expect(outline.all("updated").map(\.text) == ["1970-01-01T00:00:00Z"])
    }
}
