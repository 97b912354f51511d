import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GallerySupport

/// The home text, `index.md` at the site's root: its front matter, and its featured recipes and
/// links checked at their positions.
@Suite struct HomeTextTests {
    let folder: TemporaryDirectory
    var site: URL { folder.url.appendingPathComponent("site") }

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("site/site.yml", "title: Home\n")
        try folder.write("site/recipes/negroni.md", "---\ntitle: Negroni\n---\nStir.\n")
    }

    func read() -> ContentLoader.Reading {
        ContentLoader(siteDirectory: site, displayRoot: "site").read()
    }

    @Test func frontMatterIsRead() throws {
        let (parsed, diagnostics) = HomeText.parse("---\ntitle: Welcome\nfeatured: [negroni, mojito]\nlatest_posts: 3\n---\nHello.\n",
                                                   displayPath: "site/index.md")
        #expect(diagnostics.isEmpty)
        let home = try #require(parsed)
        #expect(home.title == "Welcome" && home.latestPosts == 3 && home.body == "Hello.\n")
        #expect(home.featured.map(\.slug) == ["negroni", "mojito"] && home.featured.map(\.line) == [3, 3])
        // Without front matter the whole file is the text.
        #expect(HomeText.parse("Just words.\n", displayPath: "index.md").0 == HomeText(body: "Just words.\n"))
    }

    @Test func badFieldsAreErrorsAtTheirPositions() {
        let messages = HomeText.parse("---\nfeatured: negroni\nlatest_posts: -1\ncolour: red\n---\n", displayPath: "site/index.md").1.map(\.description)
        #expect(messages == ["site/index.md:2:11: error: 'featured' must be a list of recipe slugs, like '[negroni, mojito]'",
                             "site/index.md:3:15: error: 'latest_posts' must be 0 or more, found -1",
                             "site/index.md:4:1: warning: unknown key 'colour' in front matter (ignored)"])
    }

    @Test func featuredRecipesAndLinksMustExist() throws {
        try folder.write("site/index.md", "---\nfeatured:\n  - negroni\n  - martini\n---\nTry the [Mule](recipe:mule).\n")
        let reading = read()
        #expect(reading.site == nil)
        #expect(reading.diagnostics.map(\.description) == [
            "site/index.md:4:5: error: the featured recipe 'martini' does not exist: no recipe has that slug",
            "site/index.md:6:9: error: the link 'recipe:mule' names the recipe 'mule', but no recipe has that slug",
        ])
        try folder.write("site/index.md", "---\nfeatured: [negroni]\n---\nTry the [Negroni](recipe:negroni).\n")
        #expect(read().site?.home?.featured.map(\.slug) == ["negroni"])
    }
}
