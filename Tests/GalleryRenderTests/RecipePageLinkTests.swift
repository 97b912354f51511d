import Testing
@testable import GalleryRender

struct RecipePageLinkTests {
    /// A link to a recipe's page, written as one string, is the page's path encoded after the root.
    @Test func aRecipeLinkIsItsPathEncodedAfterTheRoot() {
        for slug in ["mojito", "pina-colada-2", "piña-colada", "日本のカレー", "a b", "x/y", "%", ""] {
            for root in ["", "../", "../../", "../../../"] {
                #expect(RecipePage.link(slug: slug, root: root) == URLPath.link(to: RecipePage.path(slug: slug), root: root), "\(slug) \(root)")
            }
        }
        #expect(RecipePage.link(slug: "piña", root: "../../") == "../../recipes/pi%C3%B1a/index.html")
    }

    /// A recipe's page path, written as one string, is the slug between `recipes/` and `/index.html`, as it is.
    @Test func aRecipePathIsItsSlugInItsFolder() {
        for slug in ["mojito", "pina-colada-2", "piña-colada", "日本のカレー", "\u{301}accent", "a b", "x/y", "%", ""] {
            #expect(RecipePage.path(slug: slug) == "recipes/" + slug + "/index.html", "\(slug)")
        }
    }
}
