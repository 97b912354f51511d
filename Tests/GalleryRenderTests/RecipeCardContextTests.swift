import Testing
@testable import GalleryContent
@testable import GalleryRender
import Mustache

@Suite struct RecipeCardContextTests {
    let recipes = [
        Recipe(slug: "mojito", title: "mojito", sourcePath: "recipes/mojito.md", image: .local("images/mojito.jpg"),
               imageAlt: "A mojito", summary: "Mint and rum.", tags: ["rum", "Summer drinks"]),
        Recipe(slug: "negroni", title: "Negroni", sourcePath: "recipes/negroni.md"),
    ]

    var renderer: PageRenderer {
        PageRenderer(site: Site(config: SiteConfig(), recipes: recipes,
                                images: ["images/mojito.jpg": ImageInfo(width: 1600, height: 1200, format: .jpeg)]),
                     theme: Theme(templates: [:], assets: [:]))
    }

    /// The dictionary a card was before it answered key by key: every summary key with a value.
    func dictionary(_ recipe: Recipe, renderer: PageRenderer) -> [String: MustacheValue] {
        var card: [String: MustacheValue] = [:]
        for key in PageRenderer.SummaryKey.allCases {
            if let value = renderer.summaryValue(key, of: recipe, root: "../../") { card[key.stringValue] = value }
        }
        return card
    }

    /// A tag page's card answers what the dictionary of the summary keys and `loading` held, key
    /// for key: a picture's context with one, `image` absent (not null) without, a missing summary
    /// null, and none of the gallery's keys.
    @Test func listCardAnswersTheSummaryKeysAndLoading() {
        let renderer = renderer
        let listing = RecipeCardContext.Listing(renderer: renderer, recipes: recipes, root: "../../")
        for (index, recipe) in recipes.enumerated() {
            var expected = dictionary(recipe, renderer: renderer)
            expected["loading"] = "lazy"
            let card = RecipeCardContext(listing: listing, index: index, loading: "lazy")
            #expect(MustacheValue.object(card).expanded == MustacheValue.dictionary(expected).expanded)
        }
        let bare = RecipeCardContext(listing: listing, index: 1, loading: "eager")
        #expect(bare.value(forKey: "image") == nil)
        #expect(bare.value(forKey: "summary") == .null)
        #expect(bare.value(forKey: "initial") == .string("N"))
        #expect(RecipeCardContext(listing: listing, index: 0, loading: "eager").value(forKey: "initial") == .string("M"))
        #expect(bare.value(forKey: "loading") == .string("eager"))
        for key in ["style", "classes", "decoding", "fetchPriority"] { #expect(bare.value(forKey: key) == nil) }
    }

    /// A gallery card also has its placement's keys; `fetchPriority` is `high` on the first card of
    /// the first screen and null (not absent) on the others.
    @Test func galleryCardAlsoAnswersItsPlacement() {
        let renderer = renderer
        let placement = RecipeCardContext.Placement(styles: ["--x:1", "--x:2"], classes: ["t1", ""], firstScreen: [true, false], first: 0)
        let listing = RecipeCardContext.Listing(renderer: renderer, recipes: recipes, root: "../../", placement: placement)
        for (index, recipe) in recipes.enumerated() {
            var expected = dictionary(recipe, renderer: renderer)
            expected["style"] = .string(placement.styles[index])
            expected["classes"] = .string(placement.classes[index])
            expected["loading"] = index == 0 ? "eager" : "lazy"
            expected["decoding"] = index == 0 ? "auto" : "async"
            expected["fetchPriority"] = index == 0 ? "high" : MustacheValue.null
            let card = RecipeCardContext(listing: listing, index: index, loading: index == 0 ? "eager" : "lazy")
            #expect(MustacheValue.object(card).expanded == MustacheValue.dictionary(expected).expanded)
        }
        #expect(RecipeCardContext(listing: listing, index: 1, loading: "lazy").value(forKey: "fetchPriority") == .null)
    }
}
