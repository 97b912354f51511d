import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit
@testable import GalleryRender

/// The printable cookbook: one for the site and one per tag, linked from the gallery and the tag
/// pages, every recipe numbered with its anchor in the contents and the indexes, left out (and
/// said so) past site.yml's `cookbook.max_recipes`.
@Suite struct CookbookPageTests {
    /// The basic fixture's two recipes share no tag; a gin sour shares gin with the negroni and
    /// sour with the daiquiri, so those two tags have two recipes each, bitter and rum one.
    static func addGinSour(to folder: URL) throws {
        try """
        ---
        title: Gin Sour
        tags: [gin, sour]
        ingredients:
          - 50 ml gin
          - 25 ml lemon juice
        ---
        Shake with ice and strain.
        """.write(to: folder.appendingPathComponent("recipes/gin-sour.md"), atomically: true, encoding: .utf8)
    }

    @Test func siteAndEveryTagOfTwoRecipesHaveABookLinkedFromTheirPages() throws {
        let site = try BuiltSite(edit: Self.addGinSour)
        defer { site.remove() }
        let book = try #require(site.text("cookbook/index.html"))
        #expect(site.text("index.html")?.contains(#"<a class="cookbook-link" href="cookbook/index.html">Print as a book</a>"#) == true)
        for tag in ["gin", "sour"] {
            #expect(site.exists("tags/\(tag)/cookbook/index.html"), "no cookbook for tag \(tag)")
            #expect(site.text("tags/\(tag)/index.html")?.contains(#"href="../../tags/\#(tag)/cookbook/index.html""#) == true)
        }
        // A tag of one recipe has no book (it would be that recipe's page printed), nor a link to one.
        for tag in ["bitter", "rum"] {
            #expect(!site.exists("tags/\(tag)/cookbook/index.html"), "a cookbook for tag \(tag) of one recipe")
            #expect(site.text("tags/\(tag)/index.html")?.contains("cookbook") == false)
        }
        for page in ["cookbook/index.html", "tags/gin/cookbook/index.html"] {
            let html = try #require(site.text(page))
            for target in relativeLinks(in: html, from: page) {
                #expect(site.exists(target), "\(page) links to missing \(target)")
            }
        }
        // A–Z: Daiquiri is 1, Gin Sour 2, Negroni 3; the contents link each recipe's section.
        #expect(book.contains(##"<li><a href="#recipe-daiquiri"><span class="cookbook-ref">1</span> <span class="cookbook-entry">Daiquiri &lt;Classic&gt;</span></a></li>"##))
        #expect(book.contains(##"<li><a href="#recipe-negroni"><span class="cookbook-ref">3</span> <span class="cookbook-entry">Negroni</span></a></li>"##))
        #expect(book.contains(#"<section class="cookbook-recipe" id="recipe-negroni" aria-labelledby="recipe-negroni-title">"#))
        #expect(book.contains(#"<h2 id="recipe-negroni-title">Negroni</h2>"#))
        // Escaped like every page (the daiquiri's title is "Daiquiri <Classic>"); the draft stays out.
        #expect(book.contains("A tiny site for snapshot tests &amp; &lt;escaping&gt; checks."))
        #expect(!book.contains("recipe-the-draft"))
        #expect(book.contains(#"<html lang="en" dir="ltr""#))
        // A tag's book holds only its recipes, and its index leaves the tag itself out.
        let gin = try #require(site.text("tags/gin/cookbook/index.html"))
        #expect(gin.contains(#"id="recipe-negroni""#) && gin.contains(#"id="recipe-gin-sour""#) && !gin.contains(#"id="recipe-daiquiri""#))
        #expect(gin.contains(#"<span class="cookbook-index-term">bitter</span>"#) && gin.contains(#"<span class="cookbook-index-term">sour</span>"#))
        #expect(!gin.contains(#"<span class="cookbook-index-term">gin</span>"#) && !gin.contains(#"<span class="cookbook-index-term">rum</span>"#))
    }

    @Test func indexesListRecipesByTagAndByMainIngredient() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let book = try #require(site.text("cookbook/index.html"))
        #expect(book.contains(##"<li><span class="cookbook-index-term">gin</span><ul><li><a href="#recipe-negroni">Negroni <span class="cookbook-ref">2</span></a></li></ul></li>"##))
        // The negroni's first ingredient is "30 ml gin".
        #expect(book.contains(##"<li><span class="cookbook-index-term">Gin</span><ul><li><a href="#recipe-negroni">Negroni"##))
    }

    @Test func booksAreLeftOutOfTheSitemapAndAskNotToBeIndexed() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        #expect(site.text("sitemap.xml")?.contains("cookbook") == false)
        #expect(site.text("cookbook/index.html")?.contains(#"<meta name="robots" content="noindex, follow">"#) == true)
    }

    @Test func sitesOverTheLimitGetNoBookAndANote() throws {
        let site = try BuiltSite { folder in
            let config = folder.appendingPathComponent("site.yml")
            try (String(contentsOf: config, encoding: .utf8) + "cookbook: { max_recipes: 1 }\n").write(to: config, atomically: true, encoding: .utf8)
        }
        defer { site.remove() }
        #expect(!site.exists("cookbook/index.html"))
        #expect(site.text("index.html")?.contains("cookbook") == false)
        // Each tag has one recipe: it has no book of its own either, and the note says nothing of it.
        #expect(!site.exists("tags/gin/cookbook/index.html"))
        let notes = site.report.diagnostics.filter { $0.severity == .note }.map(\.message)
        #expect(notes == ["no printable cookbook for the whole site: its 2 recipes are more than cookbook.max_recipes (1); raise it in site.yml to make one"])
        let note = try #require(site.report.diagnostics.first { $0.severity == .note })
        #expect(note.line > 1 && note.column == 1, "at the cookbook: key")
    }

    @Test func cookbookFalseMakesNoneAndSaysNothing() throws {
        let site = try BuiltSite { folder in
            let config = folder.appendingPathComponent("site.yml")
            try (String(contentsOf: config, encoding: .utf8) + "cookbook: false\n").write(to: config, atomically: true, encoding: .utf8)
        }
        defer { site.remove() }
        #expect(!site.pages.contains { $0.contains("cookbook") })
        #expect(!site.report.diagnostics.contains { $0.message.contains("cookbook") })
    }

    @Test func settingsAreReadAndBadValuesAreErrorsAtTheirPlace() {
        #expect(SiteConfig.parse("title: A\n", displayPath: "site.yml").0.cookbook == CookbookSettings())
        #expect(SiteConfig.parse("cookbook: false\n", displayPath: "site.yml").0.cookbook.isEnabled == false)
        let (config, none) = SiteConfig.parse("cookbook:\n  max_recipes: 300\n", displayPath: "site.yml")
        #expect(none.isEmpty && config.cookbook.maximumRecipes == 300 && config.cookbook.allows(recipeCount: 300)
                && !config.cookbook.allows(recipeCount: 301) && !config.cookbook.allows(recipeCount: 0))
        let (_, zero) = SiteConfig.parse("cookbook:\n  max_recipes: 0\n", displayPath: "site.yml")
        #expect(zero.map(\.description) == ["site.yml:2:16: error: 'cookbook.max_recipes' must be a whole number of at least 1, found '0'"])
        let (_, word) = SiteConfig.parse("cookbook: sometimes\n", displayPath: "site.yml")
        #expect(word.map(\.description) == ["site.yml:1:11: error: 'cookbook' must be true, false or a mapping with 'max_recipes:', found 'sometimes'"])
        let (_, unknown) = SiteConfig.parse("cookbook: { pages: 3 }\n", displayPath: "site.yml")
        #expect(unknown.map(\.description) == ["site.yml:1:13: warning: unknown key 'pages' in cookbook (ignored)"])
    }

    @Test func mainIngredientIsTheFirstIngredientsNameWithoutAmountOrUnit() {
        let cases: [(String, String?)] = [
            ("30 ml London dry gin", "London dry gin"),
            ("2 cups flour, sifted", "Flour"),
            ("1 ½ tbsp. sugar", "Sugar"),
            ("1/2 tsp salt", "Salt"),
            ("30ml gin", "Gin"),
            ("2 dashes Angostura bitters", "Angostura bitters"),
            ("a pinch of salt", "Salt"),
            ("2-3 cloves garlic (crushed)", "Garlic"),
            ("Orange slice or twist, to garnish", "Orange slice or twist"),
            ("4 eggs", "Eggs"),
            ("1 fl oz lime juice", "Lime juice"),
            ("200 g", nil),
            ("", nil),
        ]
        for (line, name) in cases {
            #expect(MainIngredient.name(in: line) == name, "\(line)")
        }
        #expect(MainIngredient.key(of: "Crème  de cassis") == MainIngredient.key(of: "creme de Cassis"))
    }

    /// An ASCII line's main ingredient, read in its bytes, is the one its words give, and so is
    /// its key; a line that is not ASCII where its words are read is left to the words.
    @Test func mainIngredientOfAnASCIILineInBytesIsTheOneItsWordsGive() {
        let lines = ["30 ml London dry gin", "2 cups flour, sifted", "1/2 tsp salt", "30ml gin", "30ML Gin", "a pinch of salt",
                     "A Pinch Of salt", "AN ounce gin", "one cup of flour", "a cup", "a a", "2 TBSP. sugar", "1.5oz. gin", "2 tbsp..",
                     "1 fl oz lime juice", "fl oz", "1 fl oz", "tsp", "Tsp.", "200 g", "2 of", "Of gin", "of", "d' orange", "2 d' orange",
                     "van Gogh", "1 2 3", "x", "2x gin", "2 x gin", "1-2 ~3 eggs", "12345678901234567 gin", "tablespoonsful gin",
                     "2 tablespoons", "2 TABLESPOONS honey", "\tgin\t", "gin\u{0}", "gin(lemon)", "gin;x", "#1 gin", "_gin", "2 _",
                     "'quoted' gin", "3 Cloves", " 2\tcups\r\nflour , sifted", "", "  ", ",gin", "(gin)", "2 ,", "égg", "2 crème",
                     "gin, crème", "gin,\u{301} tonic", "1 ½ tbsp. sugar", "zest of 1 lemon", "Juice", "ice cubes (plenty)"]
        for line in lines {
            let ascii = MainIngredient.nameOfASCII(line)
            #expect(ascii == nil || ascii! == MainIngredient.nameByWords(in: line), "\(line.debugDescription)")
            #expect(MainIngredient.name(in: line) == MainIngredient.nameByWords(in: line), "\(line.debugDescription)")
        }
        #expect(MainIngredient.nameOfASCII("2 crème") == nil && MainIngredient.nameOfASCII("gin, crème") != nil)
        #expect(MainIngredient.nameOfASCII("A Pinch Of salt")! == "Salt")
        for name in ["London dry gin", "Gin", "D' orange", "X  y", " Gin", "Gin\t", "Crème de cassis", "1 2", "A\u{0}b"] {
            let folded = SearchWords.fold(name)
            let key = (MainIngredient.asciiWords(folded, cut: false) ?? folded.split(whereSeparator: \.isWhitespace).map(String.init))
                .joined(separator: " ")
            #expect(MainIngredient.key(of: name) == key, "\(name.debugDescription)")
        }
    }

    /// An ASCII line's words, found in its bytes, are those its characters give; other lines are
    /// left to the characters.
    @Test func mainIngredientWordsInBytesAreThoseOfCharacters() {
        for line in ["30 ml London dry gin", " 2\tcups\r\nflour , sifted", "gin;tonic", "a(b) c", "  ", "", "\u{0B}x\u{0C}y\rz"] {
            let characters = line.prefix { !",;(（،".contains($0) }.split(whereSeparator: \.isWhitespace).map(String.init)
            #expect(MainIngredient.asciiWords(line, cut: true) == characters, "\(line.debugDescription)")
            #expect(MainIngredient.asciiWords(line, cut: false) == line.split(whereSeparator: \.isWhitespace).map(String.init))
        }
        #expect(MainIngredient.asciiWords("200 g crème fraîche", cut: true) == nil)
        #expect(MainIngredient.asciiWords("gin,\u{301} tonic", cut: true) == nil)
        #expect(MainIngredient.asciiWords("gin, crème", cut: true) == ["gin"])
    }

    /// An ASCII word's amount and glued unit, read in its bytes, are those its characters give.
    @Test func mainIngredientAmountsInBytesAreThoseOfCharacters() {
        for word in ["1", "1/2", "0.5", "1-2", "2x", "1,5", "x", "-", "/.", "30ml", "30", "ml", "1.5oz.", "2X", "3~4", "a1", "1a2", "", "12/3cups", ".,/"] {
            let isAmount = word.contains(where: \.isNumber) && word.allSatisfy { $0.isNumber || "/.,-–~x×".contains($0) }
            #expect(MainIngredient.isAmount(word) == isAmount, "\(word)")
            let digits = word.prefix { $0.isNumber || "/.,".contains($0) }
            let unit = !digits.isEmpty && digits.contains(where: \.isNumber) ? String(word.dropFirst(digits.count)) : nil
            #expect(MainIngredient.unitAfterAmount(word) == unit, "\(word)")
        }
        // Other words are read by character: a vulgar fraction is a number.
        #expect(MainIngredient.isAmount("1½") && MainIngredient.isAmount("1–2") && !MainIngredient.isAmount("½cup"))
        #expect(MainIngredient.unitAfterAmount("½cup") == "cup")
    }

    @Test func bodyHeadingsMoveOneLevelDownUnderTheRecipesTitle() {
        #expect(CookbookPage.demotingHeadings("<h2>Method</h2><p>x</p><h3 id=\"a\">Note</h3><h6>z</h6>")
                == "<h3>Method</h3><p>x</p><h4 id=\"a\">Note</h4><h6>z</h6>")
    }

    /// Each heading moves once (h1 becomes h2, not h3); lookalikes and text at the very end stay.
    @Test func everyHeadingMovesExactlyOnce() {
        #expect(CookbookPage.demotingHeadings("<h1>A</h1><h5 class=\"x\">B</h5><hr><h2x><html></h2 ><br>&lt;h2&gt;<h3")
                == "<h2>A</h2><h6 class=\"x\">B</h6><hr><h2x><html></h2 ><br>&lt;h2&gt;<h3")
        // Without a heading the text is as it was; a heading at the very end, or after text that is not ASCII, moves.
        for html in ["", "<", "<p>Stir, é</p>", "<h2", "</h", "<<h2>", "é<h2>é</h2>", "<h2>"] {
            let expected = html.replacingOccurrences(of: "<h2>", with: "<h3>").replacingOccurrences(of: "</h2>", with: "</h3>")
            #expect(CookbookPage.demotingHeadings(html) == expected, "\(html)")
        }
    }

    /// Its stylesheet names only the theme's colours, so the dark scheme and a site's own palette reach it.
    @Test func stylesheetHasNoColourOutsideRootBlocks() throws {
        let css = try String(contentsOf: Repository.templates.appendingPathComponent("assets/cookbook.css"), encoding: .utf8)
        #expect(try ThemeColorTests.colourLiteralsOutsideRootBlocks(css) == [])
        // Page numbers in the footer where @page margin boxes are drawn, none on the cover.
        #expect(css.contains("@bottom-center { content: counter(page);"))
        #expect(css.contains("@page :first { @bottom-center { content: none; } }"))
    }

    /// An ingredient line or a step is written for the recipe's page, as its body is: a relative
    /// link or picture on it reaches the same file from the site's book and from a tag's book,
    /// each in its own folder, as from the recipe's page.
    @Test func relativeLinksAndPicturesOfLinesReachTheSameFilesFromEveryBook() throws {
        let picture = "../../images/red-d7a012591c.svg"
        let site = try BuiltSite { folder in
            try """
            ---
            title: Gin Sour
            tags: [gin, sour]
            ingredients:
              - 50 ml gin, as in the [Negroni](../negroni/index.html)
              - 25 ml lemon juice ![a lemon](\(picture))
              - 15 ml sugar syrup
            method:
              - Shake with ice as for the [Daiquiri](../daiquiri/index.html#method), then strain ![into a coupe](\(picture)).
              - Serve.
            ---
            """.write(to: folder.appendingPathComponent("recipes/gin-sour.md"), atomically: true, encoding: .utf8)
        }
        defer { site.remove() }
        /// The files the links and pictures of the list item whose text starts with `words` reach from `page`.
        func targets(of words: String, on page: String) throws -> [String] {
            let html = try #require(site.text(page))
            let start = try #require(html.range(of: ">" + words), "\(page) has no line with \(words)")
            let itemStart = try #require(html[..<start.lowerBound].range(of: "<li", options: .backwards))
            let itemEnd = try #require(html[start.upperBound...].range(of: "</li>"))
            return relativeLinks(in: String(html[itemStart.lowerBound..<itemEnd.upperBound]), from: page)
        }
        let lines = ["50 ml gin, as in the", "25 ml lemon juice", "Shake with ice"]
        let expected = [["recipes/negroni/index.html"], ["images/red-d7a012591c.svg"], ["recipes/daiquiri/index.html", "images/red-d7a012591c.svg"]]
        for (words, files) in zip(lines, expected) {
            #expect(try targets(of: words, on: "recipes/gin-sour/index.html") == files)
            for file in files { #expect(site.exists(file), "\(file) is not in the output") }
            for book in ["cookbook/index.html", "tags/gin/cookbook/index.html", "tags/sour/cookbook/index.html"] {
                #expect(try targets(of: words, on: book) == files, "\(book): \(words)")
            }
        }
        // A line without a URL is the same in every book.
        #expect(site.text("tags/gin/cookbook/index.html")?.contains("<li>15 ml sugar syrup</li>") == true)
    }

    /// A book's url hole (`CookbookContents.pageURL`) is written as one string.
    @Test func aRecipesPageLinkFromABookIsTheLinkToItsPagePath() {
        for slug in ["negroni", "gin-sour", "crème brûlée", "حساء-البنجر", "a#b?c", ""] {
            for root in ["", "../", "../../../", "../../"] {
                #expect(RecipePage.link(slug: slug, root: root) == URLPath.link(to: RecipePage.path(slug: slug), root: root))
            }
        }
    }

    /// A `recipe:slug` link goes to the recipe's section when the book holds it, else to its page.
    @Test func recipeLinksGoToTheSectionInTheBookWhenItIsThere() throws {
        let site = try BuiltSite { folder in
            try Self.addGinSour(to: folder)
            let file = folder.appendingPathComponent("recipes/daiquiri.md")
            try (String(contentsOf: file, encoding: .utf8) + "\nA cousin of the [Negroni](recipe:negroni).\n").write(to: file, atomically: true, encoding: .utf8)
        }
        defer { site.remove() }
        #expect(site.text("cookbook/index.html")?.contains(##"<a href="#recipe-negroni">Negroni</a>"##) == true)
        // The sour book has no Negroni: the link goes to its page, from the book's folder.
        #expect(site.text("tags/sour/cookbook/index.html")?.contains(#"<a href="../../../recipes/negroni/index.html">Negroni</a>"#) == true)
    }

    /// A right-to-left site's book is in its language and direction, its addresses printed readable.
    @Test func anArabicSitesBookIsRightToLeft() throws {
        let site = try BuiltSite("rtl")
        defer { site.remove() }
        let book = try #require(site.text("cookbook/index.html"))
        #expect(book.contains(#"<html lang="ar" dir="rtl""#))
        #expect(book.contains("<h2 id=\"cookbook-contents\">المحتويات</h2>"))
        #expect(book.contains("https://example.com/rtl/recipes/كاري-ياباني/</a>"))
    }

    /// A book is rendered as it is written (`OutputFile.Stream`): a theme whose cookbook fails
    /// after its recipes are written fails the build at the template's line, as a page that
    /// could not be made at all does, with no output folder left behind.
    @Test func aBookThatFailsWhileItIsWrittenFailsTheBuildAtItsTemplate() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let site = try folder.copyFixture("basic")
        let templates = site.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "{{#cookbook}}{{#recipes}}<p>{{title}}</p>\n{{/recipes}}{{/cookbook}}\n{{>cookbook}}\n"
            .write(to: templates.appendingPathComponent("cookbook.mustache"), atomically: true, encoding: .utf8)
        let output = folder.url.appendingPathComponent("out")
        let errors = folder.build(site: site, into: output)
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix("cookbook.mustache:3:1: error: partial recursion too deep: more than 100 nested partials, parents or blocks at 'cookbook'") == true,
                "\(errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // Rendered in memory, the book is left out and reported the same way.
        let (loaded, _) = try ContentLoader(siteDirectory: site, displayRoot: "site").load()
        let theme = try ThemeLoader(themeDirectory: Repository.templates, overrideDirectory: templates).load()
        let (files, diagnostics) = PageRenderer(site: loaded, theme: theme).render()
        #expect(!files.contains { CookbookPage.isBook($0.path) })
        #expect(files.contains { $0.path == "recipes/negroni/index.html" })
        #expect(diagnostics.contains { $0.severity == .error && $0.message.hasPrefix("partial recursion too deep") })
    }
}
