import Foundation
import Testing
import GalleryTestSupport
import Mustache
@testable import GalleryContent
@testable import GalleryKit
@testable import GalleryRender

/// Each recipe of the books is rendered once per section and copied into the other books that
/// hold it, what differs between books filled in per book (`CookbookRecipeReplay`): every book
/// comes out as it would rendered alone, with the built-in theme and with a theme that reads, from
/// inside a recipe, what differs between books.
@Suite struct CookbookRecipeReplayTests {
    /// The basic fixture with a gin sour (a site book, gin's and sour's books), a daiquiri whose
    /// body links the negroni (in the site's and gin's books, not in sour's), whose first
    /// ingredient is the negroni, whose lime juice links the gin sour's page and whose method
    /// (in front matter) shows a picture, and, with `template`, a theme's own cookbook template.
    /// `partials`: more of the theme's templates, by name.
    /// `files`: more of the site's files, by path in the site folder.
    func renderers(template: String? = nil, partials: [String: String] = [:], files: [String: String] = [:]) throws
        -> (replaying: PageRenderer, alone: PageRenderer, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let copy = try folder.copyFixture("basic")
        try CookbookPageTests.addGinSour(to: copy)
        for (path, text) in files { try folder.write("basic/" + path, text) }
        let daiquiri = copy.appendingPathComponent("recipes/daiquiri.md")
        let text = try String(contentsOf: daiquiri, encoding: .utf8)
            .replacingOccurrences(of: #"ingredients: ["60 ml rum""#, with: #"ingredients: ["A splash of [Negroni](recipe:negroni)", "60 ml rum""#)
            .replacingOccurrences(of: #""25 ml lime juice""#, with: #""25 ml lime juice, as for [the sour](../gin-sour/index.html)""#)
            .replacingOccurrences(of: "prep_time:", with: #"method: ["Shake hard ![over ice](../../images/red-d7a012591c.svg)", "Strain."]"# + "\nprep_time:")
        try (text + "\nA cousin of the [Negroni](recipe:negroni), see [the sour](../gin-sour/).\n")
            .write(to: daiquiri, atomically: true, encoding: .utf8)
        var overrides: URL?
        if let template {
            overrides = copy.appendingPathComponent("templates")
            try FileManager.default.createDirectory(at: overrides!, withIntermediateDirectories: true)
            try template.write(to: overrides!.appendingPathComponent("cookbook.mustache"), atomically: true, encoding: .utf8)
            for (name, text) in partials {
                try text.write(to: overrides!.appendingPathComponent(name + ".mustache"), atomically: true, encoding: .utf8)
            }
        }
        let (site, _) = try ContentLoader(siteDirectory: copy, displayRoot: "site").load()
        let theme = try ThemeLoader(themeDirectory: Repository.templates, overrideDirectory: overrides).load()
        let alone = PageRenderer(site: site, theme: theme).holding(cookbookReplays: MustacheReplays(budget: 0))
        return (PageRenderer(site: site, theme: theme), alone, folder)
    }

    /// The books of `renderer`, by path, made one after the other (the site's first), so that
    /// which pass is recorded and which copied does not depend on the threads.
    func books(_ renderer: PageRenderer) throws -> [String: String] {
        var books: [String: String] = [:]
        for index in renderer.plan.cookbooks.indices {
            let file = try CookbookPage().make(index, in: renderer)
            // A book is made as it is written (`OutputFile.Stream`): made here, whole.
            let bytes = try #require(file.data)
            books[file.path] = String(decoding: bytes, as: UTF8.self)
        }
        return books
    }

    @Test func everyBookIsAsRenderedAloneAndEachRecipeIsRenderedOnce() throws {
        let (replaying, alone, folder) = try renderers()
        defer { folder.remove() }
        let made = try books(replaying)
        #expect(made.count == 3)
        #expect(try made == books(alone))
        // Each recipe's section in a tag's book is copied from the site's book; the contents'
        // lines, too small to be worth it, are rendered (`cookbookReplayMinimumNodes`).
        let counts = replaying.cookbookReplays.counts
        #expect(counts.recorded == 3 && counts.replayed == 4)
        // Rendered alone: nothing recorded, so every pass is rendered from the recipe itself.
        #expect(alone.cookbookReplays.counts == (recorded: 0, replayed: 0))
        #expect(replaying.cookbookReplays.heldBytes == 0)
        // What differs between books: the link into the book or out of it, the way back to the root.
        let site = try #require(made["cookbook/index.html"]), sour = try #require(made["tags/sour/cookbook/index.html"])
        #expect(site.contains(##"A splash of <a href="#recipe-negroni">Negroni</a>"##))
        #expect(sour.contains(#"A splash of <a href="../../../recipes/negroni/index.html">Negroni</a>"#))
        #expect(site.contains(#"<a href="../recipes/gin-sour/">the sour</a>"#))
        #expect(sour.contains(#"<a href="../../../recipes/gin-sour/">the sour</a>"#))
        #expect(sour.contains(#"On the web: <a href="../../../recipes/daiquiri/index.html">"#))
        // A relative link or picture on an ingredient line or a step, moved to each book's folder.
        #expect(site.contains(#"<li>25 ml lime juice, as for <a href="../recipes/gin-sour/index.html">the sour</a></li>"#))
        #expect(sour.contains(#"<li>25 ml lime juice, as for <a href="../../../recipes/gin-sour/index.html">the sour</a></li>"#))
        #expect(site.contains(#"<li>Shake hard <img src="../images/red-d7a012591c.svg" alt="over ice" /></li>"#))
        #expect(sour.contains(#"<li>Shake hard <img src="../../../images/red-d7a012591c.svg" alt="over ice" /></li>"#))
    }

    /// A theme's recipe section that reads the book's own keys (its title, whether it is a tag's,
    /// its root) gets each book's values: such a pass is rendered, not copied.
    @Test func aThemeReadingTheBooksOwnKeysInsideARecipeGetsEachBooksValues() throws {
        let template = """
        {{#cookbook}}{{#recipes}}<section id="{{anchor}}">{{number}} {{title}} in {{cookbook.title}}{{#isTag}} (a tag){{/isTag}} \
        from {{root}}: <a href="{{url}}">page</a>{{#image}}<img src="{{src}}">{{/image}}{{#ingredientGroups}}{{#itemsHTML}}<i>{{{.}}}</i>{{/itemsHTML}}{{/ingredientGroups}}
        {{{bodyHTML}}}</section>
        {{/recipes}}{{/cookbook}}
        """
        let (replaying, alone, folder) = try renderers(template: template)
        defer { folder.remove() }
        let made = try books(replaying)
        #expect(try made == books(alone))
        let gin = try #require(made["tags/gin/cookbook/index.html"])
        #expect(gin.contains(#"1 Gin Sour in gin (a tag) from ../../../: <a href="../../../recipes/gin-sour/index.html">page</a>"#))
        #expect(replaying.cookbookReplays.counts.replayed == 0)
    }

    /// A theme's recipe section that reads an object from outside the recipe (`site`) is not
    /// recorded: each pass is rendered from the recipe's own values.
    @Test func aThemeReadingAnObjectOutsideTheRecipeIsRenderedAsUsual() throws {
        let template = """
        {{#cookbook}}{{#recipes}}<p>{{#site}}{{title}}{{/site}} {{number}}. {{title}}{{#image}} <img src="{{src}}">{{/image}}</p>
        {{/recipes}}{{/cookbook}}
        """
        let (replaying, alone, folder) = try renderers(template: template)
        defer { folder.remove() }
        let made = try books(replaying)
        #expect(try made == books(alone))
        #expect(replaying.cookbookReplays.counts == (recorded: 0, replayed: 0))
        let gin = try #require(made["tags/gin/cookbook/index.html"])
        #expect(gin.contains(#"2. Negroni <img src="../../../"#) && !gin.contains(#"src="""#))
    }

    /// A theme's recipe section that reads only the recipe, the theme's strings and the site's
    /// keys is copied, with each book's numbers and addresses.
    @Test func aThemeReadingOnlyTheRecipeAndTheSitesKeysIsCopied() throws {
        let template = """
        {{#cookbook}}{{#recipes}}<p>{{t.ingredients}} {{site.title}} {{number}}. {{title}} {{url}}{{#image}} {{src}} {{alt}}{{/image}}</p>
        {{/recipes}}{{/cookbook}}
        """
        let (replaying, alone, folder) = try renderers(template: template)
        defer { folder.remove() }
        let made = try books(replaying)
        #expect(try made == books(alone))
        #expect(replaying.cookbookReplays.counts.replayed == 4)
        #expect(made["tags/gin/cookbook/index.html"]?.contains("2. Negroni ../../../recipes/negroni/index.html") == true)
    }

    /// A theme that tests, as sections, what differs between books (the recipe's number, its
    /// URL, its body, its picture's address, an ingredient group's link) or reads their members
    /// gets what each book would render alone: a hole in the recording answers as its text would.
    @Test func aThemeTestingWhatDiffersBetweenBooksGetsEachBooksAnswers() throws {
        let template = """
        {{#cookbook}}{{#recipes}}<p>{{#url}}[{{.}}|{{title}}]{{/url}}{{^url}}no page{{/url}}({{url.length}}{{number.first}})\
        {{#bodyHTML}}<div>{{{.}}}</div>{{/bodyHTML}}{{^bodyHTML}}no body{{/bodyHTML}}\
        {{#image}}{{#src}}<img src="{{.}}" alt="{{alt}}">{{/src}}{{/image}}\
        {{#number}}#{{.}}{{#ingredientGroups}}{{#groupURL}}<a href="{{.}}">{{groupTitle}}</a>{{/groupURL}}\
        {{#itemsHTML}}<i>{{.}}</i>{{/itemsHTML}}{{/ingredientGroups}}{{/number}}</p>
        {{/recipes}}{{/cookbook}}
        """
        let (replaying, alone, folder) = try renderers(template: template)
        defer { folder.remove() }
        let made = try books(replaying)
        #expect(made.count == 3)
        #expect(try made == books(alone))
        #expect(replaying.cookbookReplays.counts.replayed == 4)
        let sour = try #require(made["tags/sour/cookbook/index.html"])
        #expect(sour.contains(#"[../../../recipes/daiquiri/index.html|Daiquiri &lt;Classic&gt;]()<div><p>Shake hard; strain.</p>"#))
        #expect(sour.contains(#"<i>A splash of &lt;a href=&quot;../../../recipes/negroni/index.html&quot;&gt;Negroni&lt;/a&gt;</i>"#))
    }

    /// A recipe's ingredient groups answer their title, their link (a group made of another
    /// recipe: its section where the book holds it, else its page) and their lines by name, in
    /// every book as in the book rendered alone.
    @Test func ingredientGroupsAnswerTheirTitleLinkAndLinesInEveryBook() throws {
        let template = """
        {{#cookbook}}{{#recipes}}<p>{{title}}{{#ingredientGroups}} [{{groupTitle}}|{{groupURL}}|{{#itemsHTML}}{{{.}}};{{/itemsHTML}}]{{/ingredientGroups}}</p>
        {{/recipes}}{{/cookbook}}
        """
        let fizz = "---\ntitle: Fizz\ntags: [gin, sour]\ningredients:\n  - group: For the syrup\n    items: [Sugar, \"*Cold* water\"]\n"
            + "  - recipe: negroni\n---\nStir.\n"
        let (replaying, alone, folder) = try renderers(template: template, files: ["recipes/fizz.md": fizz])
        defer { folder.remove() }
        let made = try books(replaying)
        #expect(try made == books(alone))
        let gin = try #require(made["tags/gin/cookbook/index.html"])
        #expect(gin.contains("<p>Fizz [For the syrup||Sugar;<em>Cold</em> water;] [Negroni|#recipe-negroni|"))
        let sour = try #require(made["tags/sour/cookbook/index.html"])
        #expect(sour.contains("<p>Fizz [For the syrup||Sugar;<em>Cold</em> water;] [Negroni|../../../recipes/negroni/index.html|"))
    }

    /// The same list of recipes included twice, from a partial at two indentations: each place
    /// gets its own indentation, whether its passes are copied or rendered.
    @Test func aListIncludedAtTwoIndentationsIsIndentedAsEachPlaceSays() throws {
        let template = """
        {{#cookbook}}
        <ol>
          {{>recipe-list}}
        </ol>
        <ul>
              {{>recipe-list}}
        </ul>
        {{/cookbook}}
        """
        let list = "{{#recipes}}\n<li>{{number}} {{title}}\n</li>\n{{/recipes}}\n"
        let (replaying, alone, folder) = try renderers(template: template, partials: ["recipe-list": list])
        defer { folder.remove() }
        let made = try books(replaying)
        #expect(try made == books(alone))
        let gin = try #require(made["tags/gin/cookbook/index.html"])
        #expect(gin.contains("<ol>\n  <li>1 Gin Sour\n  </li>\n  <li>2 Negroni\n  </li>\n</ol>"))
        #expect(gin.contains("<ul>\n      <li>1 Gin Sour\n      </li>"))
    }
}
