import Testing
@testable import GalleryContent
@testable import GalleryRender
import Mustache

@Suite struct RecipeCardContextTests {
    /// A card answers what the dictionary of the summary keys and `loading` held, key for key:
    /// a picture's context with one, `image` absent (not null) without, a missing summary null.
    @Test func answersTheKeysAndValuesOfTheSummaryDictionary() {
        let recipes = [
            Recipe(slug: "mojito", title: "mojito", sourcePath: "recipes/mojito.md", image: .local("images/mojito.jpg"),
                   imageAlt: "A mojito", summary: "Mint and rum.", tags: ["rum", "Summer drinks"]),
            Recipe(slug: "negroni", title: "Negroni", sourcePath: "recipes/negroni.md"),
        ]
        let site = Site(config: SiteConfig(), recipes: recipes,
                        images: ["images/mojito.jpg": ImageInfo(width: 1600, height: 1200, format: .jpeg)])
        let renderer = PageRenderer(site: site, theme: Theme(templates: [:], assets: [:]))
        let listing = RecipeCardContext.Listing(renderer: renderer, root: "../../")
        for (index, recipe) in recipes.enumerated() {
            var dictionary = renderer.summaryContext(recipe, root: "../../")
            dictionary["loading"] = "lazy"
            let card = RecipeCardContext(listing: listing, index: index, loading: "lazy")
            #expect(MustacheValue.object(card).expanded == MustacheValue.dictionary(dictionary).expanded)
        }
        let bare = RecipeCardContext(listing: listing, index: 1, loading: "eager")
        #expect(bare.value(forKey: "image") == nil)
        #expect(bare.value(forKey: "summary") == .null)
        #expect(bare.value(forKey: "initial") == .string("N"))
        #expect(RecipeCardContext(listing: listing, index: 0, loading: "eager").value(forKey: "initial") == .string("M"))
        #expect(bare.value(forKey: "loading") == .string("eager"))
        #expect(bare.value(forKey: "style") == nil)
    }
}
