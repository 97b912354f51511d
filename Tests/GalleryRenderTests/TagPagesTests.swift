import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryRender

/// The relative `href` and `src` targets of a page, resolved to output paths.
func relativeLinks(in html: String, from page: String) -> [String] {
    let pattern = try! NSRegularExpression(pattern: ##"(?:href|src)="([^"#?]+)[^"]*""##)
    let base = URL(fileURLWithPath: "/site/" + page)
    return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
        let target = String(html[Range(match.range(at: 1), in: html)!])
        guard !target.contains(":"), !target.hasPrefix("/") else { return nil }
        let resolved = URL(fileURLWithPath: target.removingPercentEncoding ?? target, relativeTo: base).standardizedFileURL.path
        return String(resolved.dropFirst("/site/".count))
    }
}

@Suite struct TagPagesTests {
    @Test func everyTagHasAPageThatLinksBackToItsRecipes() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let tagged = ["rum": ["daiquiri"], "sour": ["daiquiri"], "gin": ["negroni"], "bitter": ["negroni"]]
        for (tag, recipes) in tagged {
            let html = try #require(site.text("tags/\(tag)/index.html"), "no page for tag \(tag)")
            let links = relativeLinks(in: html, from: "tags/\(tag)/index.html")
            for recipe in recipes {
                #expect(links.contains("recipes/\(recipe)/index.html"))
                let page = try #require(site.text("recipes/\(recipe)/index.html"))
                #expect(page.contains(#"<a href="../../tags/\#(tag)/index.html" rel="tag">\#(tag)</a>"#))
            }
            #expect(links.contains("tags/index.html"))
            #expect(links.contains("index.html"))
        }
        #expect(Set(site.pages.filter { $0.hasPrefix("tags/") && !$0.hasSuffix("/cookbook/index.html") })
                == Set(tagged.keys.map { "tags/\($0)/index.html" } + ["tags/index.html"]))
    }

    /// A recipe page's tag links, made once per tag for every recipe page, are those made tag by
    /// tag: a tag with no letters or digits has no `url`, and a page at another depth gets links
    /// from its own root.
    @Test func recipePageTagLinksAreTheLinksOfEachTag() {
        let recipes = [Recipe(slug: "mojito", title: "Mojito", sourcePath: "recipes/mojito.md", tags: ["Rum", "★", "Summer drinks"]),
                       Recipe(slug: "negroni", title: "Negroni", sourcePath: "recipes/negroni.md", tags: ["gin", "Rum"])]
        let renderer = PageRenderer(site: Site(config: SiteConfig(), recipes: recipes, images: [:]), theme: Theme(templates: [:], assets: [:]))
        for recipe in recipes {
            #expect(renderer.tagLinks(recipe, root: "../../") == renderer.tagLinks(recipe.tags, root: "../../"))
        }
        #expect(renderer.tagLinks(recipes[0], root: "../../") == .array([
            ["name": "Rum", "url": "../../tags/rum/index.html"], ["name": "★", "url": .null],
            ["name": "Summer drinks", "url": "../../tags/summer-drinks/index.html"]]))
        #expect(renderer.tagLinks(recipes[1], root: "../../../") == .array([
            ["name": "gin", "url": "../../../tags/gin/index.html"], ["name": "Rum", "url": "../../../tags/rum/index.html"]]))
    }

    @Test func tagIndexListsEveryTagWithItsCount() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let html = try #require(site.text("tags/index.html"))
        let links = relativeLinks(in: html, from: "tags/index.html").filter { $0.hasPrefix("tags/") && $0 != "tags/index.html" }
        #expect(links == ["tags/bitter/index.html", "tags/gin/index.html", "tags/rum/index.html", "tags/sour/index.html"])
        #expect(html.contains(", 1 recipe</span>"))
        // The footer of every page links to the index.
        #expect(site.text("index.html")?.contains(#"<a href="tags/index.html">All tags</a>"#) == true)
    }

    @Test func everyRelativeLinkOfTheNewPagesResolves() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        for page in site.pages where page.hasPrefix("tags/") || page.hasPrefix("recipes/") {
            let html = try #require(site.text(page))
            for target in relativeLinks(in: html, from: page) {
                #expect(site.exists(target), "\(page) links to missing \(target)")
            }
        }
    }

    @Test func tagsDifferingInCaseShareOnePageAndAsciiSlugsFoldAccents() {
        let recipes = [
            Recipe(slug: "a", title: "A", sourcePath: "a.md", tags: ["Rum", "Café", "🍹"]),
            Recipe(slug: "b", title: "B", sourcePath: "b.md", tags: ["rum", "cafe", "Apéritif"]),
            Recipe(slug: "c", title: "C", sourcePath: "c.md", tags: ["RUM", "rum"]),
        ]
        #expect(TagPage.tags(of: recipes, style: .unicode).map(\.slug) == ["apéritif", "cafe", "café", "rum"])
        let tags = TagPage.tags(of: recipes, style: .ascii)
        #expect(tags.map(\.slug) == ["aperitif", "cafe", "rum"])
        #expect(tags.map(\.name) == ["Apéritif", "Café", "Rum"])
        #expect(tags.map { $0.members.map { recipes[$0].slug } } == [["b"], ["a", "b"], ["a", "b", "c"]])
        #expect(TagPage.slug(of: "🍹", style: .unicode) == nil)
    }
}
