import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent

/// Pages of `pages/`: their addresses, front matter and drafts; site.yml's menu and the pages'
/// own entries; the files of `static/`.
@Suite struct PageTests {
    let folder: TemporaryDirectory
    var site: URL { folder.url.appendingPathComponent("site") }

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("site/site.yml", "title: Pages\n")
        try folder.write("site/recipes/negroni.md", "---\ntitle: Negroni\ntags: [Gin]\n---\nStir.\n")
    }

    func read(drafts: Bool = false) -> ContentLoader.Reading {
        ContentLoader(siteDirectory: site, displayRoot: "site", includeDrafts: drafts).read()
    }

    func errors(_ reading: ContentLoader.Reading) -> [String] {
        reading.diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    @Test func pathsFollowTheFilesAndFolders() {
        #expect(Page.path(forSource: "pages/about.md") == "about")
        #expect(Page.path(forSource: "pages/help/faq.md") == "help/faq")
        #expect(Page.path(forSource: "pages/help/index.md") == "help")
        #expect(Page.path(forSource: "pages/index.md") == "")
        #expect(Page(path: "help/faq", title: "FAQ", sourcePath: "pages/help/faq.md").outputPath == "help/faq/index.html")
    }

    @Test func frontMatterIsRead() throws {
        let text = "---\ntitle: About\ndescription: Us.\nimage: images/../images/bar.jpg\nmenu: { weight: 3, label: Who }\ntemplate: wide.mustache\n---\nBody.\n"
        let (page, diagnostics) = PageParser.parse(text, sourcePath: "pages/about.md", displayPath: "pages/about.md")
        #expect(diagnostics.isEmpty)
        let about = try #require(page)
        #expect(about.path == "about" && about.title == "About" && about.description == "Us.")
        #expect(about.image == .local("images/bar.jpg"))
        #expect(about.menu == MenuPlacement(weight: 3, label: "Who"))
        #expect(about.template == "wide")
        #expect(about.body == "Body.\n")
        #expect(PageParser.parse("---\ntitle: A\nmenu: 7\n---\n", sourcePath: "pages/a.md", displayPath: "a").0?.menu == MenuPlacement(weight: 7))
        #expect(PageParser.parse("---\ntitle: A\nmenu: true\n---\n", sourcePath: "pages/a.md", displayPath: "a").0?.menu == MenuPlacement())
    }

    @Test func badFrontMatterGetsTheRecipesDiagnostics() {
        func messages(_ text: String, source: String = "pages/about.md") -> [String] {
            PageParser.parse(text, sourcePath: source, displayPath: "site/" + source).1.map(\.description)
        }
        #expect(messages("no front matter") == ["site/pages/about.md:1:1: error: a page must start with front matter: a line '---', YAML such as 'title: ...', then '---'"])
        #expect(messages("---\ndescription: x\n---\n") == ["site/pages/about.md:1:1: error: missing required field 'title'"])
        #expect(messages("---\ntitle: [a\n---\n").first?.contains("error: invalid YAML") == true)
        #expect(messages("---\ntitle: A\nmenu: [1]\ncolour: red\n---\n") == [
            "site/pages/about.md:3:7: error: 'menu' must be true, a weight, or a mapping like '{ weight: 10, label: About }', found a list",
            "site/pages/about.md:4:1: warning: unknown key 'colour' in front matter (ignored)",
        ])
        #expect(messages("---\ntitle: A\ntemplate: ../x\n---\n") == ["site/pages/about.md:3:11: error: 'template' must name a template of the theme, like 'page' for page.mustache, found '../x'"])
        #expect(messages("---\ntitle: A\n---\n", source: "pages/About Us.md") == [
            "site/pages/About Us.md:1:1: error: the name 'About Us' cannot be part of a page's address: rename the file or folder (lower-case letters and digits of any script, and hyphens, for example 'about-us')",
        ])
    }

    @Test func pagesAreLoadedNestedAndDraftsHonoured() throws {
        try folder.write("site/pages/about.md", "---\ntitle: About\nmenu: 2\n---\nUs.\n")
        try folder.write("site/pages/help/faq.md", "---\ntitle: FAQ\n---\nAsk.\n")
        try folder.write("site/pages/secret.md", "---\ntitle: Secret\ndraft: true\nmenu: 1\n---\nHidden.\n")
        try folder.write("site/pages/.hidden.md", "---\ntitle: Hidden\n---\n")
        let site = try #require(read().site)
        #expect(site.pages.map(\.path) == ["about", "help/faq"])
        #expect(site.recipes.map(\.slug) == ["negroni"], "pages are never recipes")
        #expect(site.menu.map(\.label) == ["About"], "a draft's menu entry goes with it")
        let drafts = try #require(read(drafts: true).site)
        #expect(drafts.pages.map(\.path) == ["about", "help/faq", "secret"])
        #expect(drafts.menu.map(\.label) == ["Secret", "About"])
    }

    @Test func twoFilesForOneAddressAreAnError() throws {
        try folder.write("site/pages/help.md", "---\ntitle: Help\n---\n")
        try folder.write("site/pages/help/index.md", "---\ntitle: Help again\n---\n")
        #expect(errors(read()) == ["site/pages/help/index.md:1:1: error: the page's address help/index.html is taken by the page site/pages/help.md: rename one of them"])
    }

    @Test func menuEntriesAreMergedAndOrderedByWeightThenLabel() throws {
        try folder.write("site/site.yml", """
            title: Pages
            menu:
              - { label: Shop, url: "https://shop.example.com/", weight: 50 }
              - { label: gin, tag: Gin }
              - { label: Negroni, recipe: negroni }
            """)
        try folder.write("site/pages/about.md", "---\ntitle: About\nmenu: { weight: -1 }\n---\n")
        try folder.write("site/pages/zed.md", "---\ntitle: Zed\nmenu: { label: Bar }\n---\n")
        let site = try #require(read().site)
        #expect(site.menu.map(\.label) == ["About", "Bar", "gin", "Negroni", "Shop"])
        #expect(site.menu.map(\.target) == [.page("about"), .page("zed"), .tag("gin"), .recipe("negroni"), .url("https://shop.example.com/")])
    }

    @Test func unknownMenuTargetsAreErrorsWithTheirLine() throws {
        try folder.write("site/pages/draft.md", "---\ntitle: Draft\ndraft: true\n---\n")
        try folder.write("site/site.yml", """
            title: Pages
            menu:
              - { label: About, page: about }
              - { label: Mojito, recipe: mojito }
              - { label: Rum, tag: rum }
              - { label: Draft, page: draft }
              - { label: Bad, url: "javascript:alert(1)" }
              - { label: Two, page: a, recipe: b }
              - { page: a }
            """)
        #expect(errors(read()) == [
            "site/site.yml:3:5: error: the menu entry 'About' links to the page 'about', but there is no pages/about.md",
            "site/site.yml:4:5: error: the menu entry 'Mojito' links to the recipe 'mojito', but no recipe has that slug",
            "site/site.yml:5:5: error: the menu entry 'Rum' links to the tag 'rum', but no recipe has that tag",
            "site/site.yml:6:5: error: the menu entry 'Draft' links to the page 'draft', which is a draft (build with --drafts to include it)",
            "site/site.yml:7:24: error: 'url' must be an absolute http(s) or mailto: URL, found 'javascript:alert(1)' (link the site's own pages with 'page', 'recipe' or 'tag')",
            "site/site.yml:8:5: error: a menu entry links to one thing: give only one of 'page', 'recipe', 'tag' or 'url'",
            "site/site.yml:9:5: error: a menu entry needs a 'label'",
        ])
    }

    @Test func staticFilesIncludeDotFoldersAndRefuseEscapingLinks() throws {
        try folder.write("site/static/CNAME", "bar.example.com\n")
        try folder.write("site/static/.well-known/security.txt", "Contact: mailto:a@example.com\n")
        try folder.write("site/static/_redirects", "/a /b 301\n")
        try folder.write("site/notes.txt", "inside\n")
        try folder.write("outside.txt", "secret\n")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: site.appendingPathComponent("static/inside.txt").path, withDestinationPath: "../notes.txt")
        let site = try #require(read().site)
        #expect(site.staticFiles.map(\.path) == [".well-known/security.txt", "CNAME", "_redirects", "inside.txt"])
        #expect(site.staticFiles.last?.source.lastPathComponent == "notes.txt", "a link inside the site is copied from its target")
        try manager.createSymbolicLink(atPath: self.site.appendingPathComponent("static/escape.txt").path,
                                       withDestinationPath: folder.url.appendingPathComponent("outside.txt").path)
        #expect(mkfifo(self.site.appendingPathComponent("static/pipe").path, 0o644) == 0)
        #expect(errors(read()) == [
            "site/static/escape.txt:1:1: error: the static file is a symbolic link that links outside the site folder",
            "site/static/pipe:1:1: error: the static file is a named pipe (FIFO), not a regular file",
        ])
    }

    @Test func coloursForTheManifestAreChecked() {
        let (config, diagnostics) = SiteConfig.parse("theme_color: \"#123456\"\nbackground_color: white\n", displayPath: "site.yml")
        #expect(config.themeColor == "#123456")
        #expect(diagnostics.map(\.description) == ["site.yml:2:19: error: 'background_color' must be a colour written #rgb or #rrggbb, found 'white'"])
    }
}
