import Foundation
import Testing
import GalleryTestSupport
import Mustache
@testable import GalleryContent
@testable import GalleryKit
@testable import GalleryRender

/// A recipe's card is rendered on the first tag page that lists it and copied into the others,
/// its `loading` filled in per page (`RecipeCardContext`, `MustacheReplayable`): every tag page
/// comes out as it would rendered alone, with the built-in theme and with a theme whose cards
/// read the page's own keys.
@Suite struct TagCardReplayTests {
    /// Twelve recipes tagged `all`; the last three also `late`, so that a card lazy on one page
    /// (past the first eight) is eager on another; one with a picture and a summary, one with no
    /// other tag.
    static let recipes: [Recipe] = (0..<12).map { number in
        Recipe(slug: "r\(number)", title: "Recipe \(number) & co", sourcePath: "recipes/r\(number).md",
               image: number == 10 ? .local("images/r10.jpg") : nil, imageAlt: number == 10 ? "A \"glass\"" : nil,
               summary: number % 2 == 0 ? "Even <number> \(number)." : nil,
               tags: number >= 9 ? ["all", "late"] : number == 0 ? ["all", "first"] : ["all"])
    }

    /// A renderer that replays cards and one that renders each card alone, with the built-in
    /// theme or, with `tagTemplate`, a theme's own tag template.
    func renderers(tagTemplate: String? = nil) throws -> (replaying: PageRenderer, alone: PageRenderer) {
        var overrides: URL?
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        if let tagTemplate {
            overrides = folder.url
            try tagTemplate.write(to: folder.url.appendingPathComponent("tag.mustache"), atomically: true, encoding: .utf8)
        }
        let theme = try ThemeLoader(themeDirectory: Repository.templates, overrideDirectory: overrides).load()
        let site = Site(config: SiteConfig(), recipes: Self.recipes,
                        images: ["images/r10.jpg": ImageInfo(width: 800, height: 600, format: .jpeg)])
        let replaying = PageRenderer(site: site, theme: theme)
        return (replaying, replaying.holding(tagCardReplays: MustacheReplays(budget: 0)))
    }

    /// Every tag page of `renderer`, by path, made one after the other in tag order, so that
    /// which card is recorded and which copied does not depend on the threads.
    func tagPages(_ renderer: PageRenderer) throws -> [String: String] {
        var pages: [String: String] = [:]
        for index in renderer.tags.indices {
            let file = try TagPage().make(index, in: renderer)
            pages[file.path] = String(decoding: try #require(file.data), as: UTF8.self)
        }
        return pages
    }

    @Test func everyTagPageIsAsRenderedAloneAndEachSharedCardIsRecordedOnce() throws {
        let (replaying, alone) = try renderers()
        let made = try tagPages(replaying)
        #expect(made.keys.sorted() == ["tags/all/index.html", "tags/first/index.html", "tags/late/index.html"])
        #expect(try made == tagPages(alone))
        // Twelve recipes, sixteen cards: each of the four recipes on two pages recorded on its
        // first, copied on the other; a recipe on one page alone is rendered, not recorded.
        #expect(replaying.tagCardReplays.counts == (recorded: 4, replayed: 4))
        #expect(alone.tagCardReplays.counts == (recorded: 0, replayed: 0))
        // Let go after each recipe's last tag page.
        #expect(replaying.tagCardReplays.heldBytes == 0)
        // Recipe 9 is past the first eight on `all`, among them on `late`.
        let all = try #require(made["tags/all/index.html"]), late = try #require(made["tags/late/index.html"])
        #expect(all.contains(#"<img src="../../images/r10.jpg" alt="A &quot;glass&quot;" width="800" height="600" loading="lazy""#))
        #expect(late.contains(#"<img src="../../images/r10.jpg" alt="A &quot;glass&quot;" width="800" height="600" loading="eager""#))
        #expect(late.contains(#"<span class="list-card-title">Recipe 9 &amp; co</span>"#))
    }

    /// A theme's card that reads the page's own keys (the tag's name, `loading` as a section) gets
    /// each page's values: such a card is rendered on each page, not copied.
    @Test func aThemeReadingThePagesOwnKeysInsideACardGetsEachPagesValues() throws {
        let template = """
        {{#cards}}<p>{{title}} in {{tag.name}}{{#loading}} ({{loading}}){{/loading}}: {{{url}}}</p>
        {{/cards}}
        """
        let (replaying, alone) = try renderers(tagTemplate: template)
        let made = try tagPages(replaying)
        #expect(try made == tagPages(alone))
        #expect(made["tags/late/index.html"] == """
        <p>Recipe 9 &amp; co in late (eager): ../../recipes/r9/index.html</p>
        <p>Recipe 10 &amp; co in late (eager): ../../recipes/r10/index.html</p>
        <p>Recipe 11 &amp; co in late (eager): ../../recipes/r11/index.html</p>

        """)
        #expect(made["tags/all/index.html"]?.contains("<p>Recipe 9 &amp; co in all (lazy): ../../recipes/r9/index.html</p>") == true)
    }
}
