import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GallerySupport

/// Journal posts (`posts/*.md`): their front matter, their order, drafts, and links to recipes
/// by slug (`recipe:negroni`) checked at their line and column.
@Suite struct PostTests {
    let folder: TemporaryDirectory
    var site: URL { folder.url.appendingPathComponent("site") }

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("site/site.yml", "title: Journal\n")
        try folder.write("site/recipes/negroni.md", "---\ntitle: Negroni\ntags: [Gin]\n---\nStir.\n")
    }

    func read(drafts: Bool = false) -> ContentLoader.Reading {
        ContentLoader(siteDirectory: site, displayRoot: "site", includeDrafts: drafts).read()
    }

    func errors(_ reading: ContentLoader.Reading) -> [String] {
        reading.diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    @Test func frontMatterIsRead() throws {
        let text = "---\ntitle: Summer -- at last\ndate: 2025-06-01\nsummary: It's \"here\"\ntags: [Gin, summer]\n"
            + "image: images/../images/terrace.jpg\nimage_alt: The terrace\nauthor: Ada\n---\nWe opened the terrace.\n"
        let (parsed, diagnostics) = PostParser.parse(text, sourcePath: "posts/summer.md", displayPath: "site/posts/summer.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let post = try #require(parsed)
        #expect(post.slug == "summer" && post.title == "Summer -- at last" && post.date.iso8601 == "2025-06-01")
        #expect(post.summary == "It’s “here”")
        #expect(post.tags == ["Gin", "summer"] && post.image == .local("images/terrace.jpg") && post.imageAlt == "The terrace")
        #expect(post.author == "Ada" && !post.isDraft && post.body == "We opened the terrace.\n")
    }

    @Test func aPostWithMoreTagsThanTheLimitIsAnErrorAtTheKey() {
        let tags = (0...FieldReader.maximumTags).map { "t\($0)" }.joined(separator: ", ")
        let (post, diagnostics) = PostParser.parse("---\ntitle: P\ndate: 2025-06-01\ntags: [\(tags)]\n---\n",
                                                   sourcePath: "posts/p.md", displayPath: "site/posts/p.md")
        #expect(post == nil)
        #expect(diagnostics.map(\.description) == ["site/posts/p.md:4:1: error: 'tags' lists 1001 tags; at most 1000 are allowed "
                                                    + "(each tag is a page and a filter of the gallery): keep the few that group recipes"])
    }

    @Test func aPostNeedsATitleAndADate() {
        func messages(_ text: String) -> [String] {
            PostParser.parse(text, sourcePath: "posts/p.md", displayPath: "site/posts/p.md").1.map(\.description)
        }
        #expect(messages("---\ntitle: P\n---\n") == ["site/posts/p.md:1:1: error: missing required field 'date': a post needs one (YYYY-MM-DD) for the journal's order and the feed"])
        #expect(messages("---\ntitle: P\ndate: 2025-02-30\n---\n") == ["site/posts/p.md:3:7: error: 'date' must be a date written YYYY-MM-DD, found '2025-02-30'"])
        #expect(messages("---\ndate: 2025-02-03\n---\n") == ["site/posts/p.md:1:1: error: missing required field 'title'"])
        #expect(messages("---\ntitle: P\ndate: 2025-02-03\nslug: Not A Slug\ncolour: red\n---\n").count == 2)
        #expect(PostParser.parse("---\ntitle: P\n---\n", sourcePath: "posts/p.md", displayPath: "p").0 == nil)
    }

    @Test func postsAreNewestFirstAndDraftsStayOut() throws {
        try folder.write("site/posts/b.md", "---\ntitle: B\ndate: 2025-01-02\n---\nB.\n")
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2025-01-02\n---\nA.\n")
        try folder.write("site/posts/new.md", "---\ntitle: New\ndate: 2025-03-01\n---\nNew.\n")
        try folder.write("site/posts/draft.md", "---\ntitle: Draft\ndate: 2026-01-01\ndraft: true\n---\nSoon.\n")
        let reading = read()
        #expect(errors(reading).isEmpty)
        #expect(reading.site?.posts.map(\.slug) == ["new", "a", "b"])
        #expect(read(drafts: true).site?.posts.map(\.slug) == ["draft", "new", "a", "b"])
    }

    @Test func twoPostsWithOneSlugAreAnError() throws {
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2025-01-02\n---\nA.\n")
        try folder.write("site/posts/b.md", "---\ntitle: B\ndate: 2025-01-03\nslug: a\n---\nB.\n")
        #expect(errors(read()) == ["site/posts/b.md:4:1: error: duplicate post slug 'a': site/posts/a.md:1:1 already uses it"])
    }

    @Test func recipeLinksAreFoundWithTheirPositions() {
        let body = "Intro.\n\nTry a [Negroni](recipe:negroni) or\nthe [Ça](recipe:%C3%A7a#step-2), not [this](https://example.com).\n"
        let links = RecipeLink.scan(body, bodyLine: 5)
        #expect(links == [RecipeLink(slug: "negroni", url: "recipe:negroni", line: 7, column: 7),
                          RecipeLink(slug: "ça", url: "recipe:%C3%A7a#step-2", line: 8, column: 5)])
        #expect(RecipeLink.target(of: "recipe:negroni#step-3")! == ("negroni", "step-3"))
        #expect(RecipeLink.target(of: "https://example.com") == nil)
        #expect(RecipeLink.scan("No links here.", bodyLine: 1).isEmpty)
    }

    @Test func aLinkToAMissingRecipeIsAnErrorAtItsPosition() throws {
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2025-01-02\n---\nA [Negroni](recipe:negroni) and a [Martini](recipe:martini).\n")
        try folder.write("site/pages/about.md", "---\ntitle: About\n---\n\nSee the [Mule](recipe:mule).\n")
        try folder.write("site/recipes/spritz.md", "---\ntitle: Spritz\n---\nLike a [Negroni](recipe:negroni), or [not](recipe:none).\n")
        let reading = read()
        #expect(reading.site == nil)
        #expect(errors(reading) == [
            "site/pages/about.md:5:9: error: the link 'recipe:mule' names the recipe 'mule', but no recipe has that slug",
            "site/posts/a.md:5:35: error: the link 'recipe:martini' names the recipe 'martini', but no recipe has that slug",
            "site/recipes/spritz.md:4:38: error: the link 'recipe:none' names the recipe 'none', but no recipe has that slug",
        ])
    }

    @Test func theMenuMayNameTheJournal() throws {
        try folder.write("site/site.yml", "title: Journal\nmenu:\n  - { label: Journal, page: journal }\n")
        #expect(errors(read()) == ["site/site.yml:3:5: error: the menu entry 'Journal' links to the page 'journal', but there is no pages/journal.md"])
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2025-01-02\n---\nA.\n")
        #expect(errors(read()).isEmpty)
    }

    @Test func postPicturesAreProbed() throws {
        try folder.write("site/posts/a.md", "---\ntitle: A\ndate: 2025-01-02\nimage: images/missing.jpg\n---\n![x](../images/gone.png)\n")
        #expect(errors(read()) == [
            "site/posts/a.md:4:1: error: image 'images/missing.jpg' not found (looked for site/images/missing.jpg)",
            "site/posts/a.md:6:1: error: image '../images/gone.png' not found (looked for site/images/gone.png)",
        ])
    }
}
