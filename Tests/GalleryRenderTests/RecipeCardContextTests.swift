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

/// A recipe with sixteen tags (its card's tag list is made once, by the plan) and every optional
/// field the card and the recipe page show: each key answers the field it names, as written in
/// the front matter. The values are spelled out rather than read from the recipe again: the
/// card and the page read fields through `Recipe`'s getters, which are `@_effects(readonly)`,
/// and a getter that answered another field, or a stale value, would pass a comparison with
/// itself.
@Suite struct RecipeCardFieldsTests {
    static let tagNames = (1...16).map { "tag \($0)" }

    var renderer: PageRenderer {
        get throws {
            let text = """
                ---
                title: Élan Punch
                image: images/punch.jpg
                image_alt: A bowl of punch
                summary: Rum, lime and "spice".
                tags: [\(Self.tagNames.joined(separator: ", "))]
                glass: Punch bowl
                yield: 12 cups
                prep_time: 15 min
                cook_time: 5 min
                date: 2024-05-01
                author: Ann Author
                weight: 3
                category: Party drink
                cuisine: Caribbean
                ingredients: [1 bottle rum, 6 limes]
                ---
                1. Mix.
                """
            let (parsed, diagnostics) = RecipeParser.parse(text, sourcePath: "recipes/elan-punch.md", displayPath: "recipes/elan-punch.md")
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            let recipe = try #require(parsed)
            let other = Recipe(slug: "negroni", title: "Negroni", sourcePath: "recipes/negroni.md")
            return PageRenderer(site: Site(config: SiteConfig(), recipes: [recipe, other],
                                           images: ["images/punch.jpg": ImageInfo(width: 1600, height: 1200, format: .jpeg)]),
                                theme: Theme(templates: [:], assets: [:]))
        }
    }

    static let tagList = MustacheValue.array(tagNames.map { ["name": .string($0)] })

    @Test func cardOfAFullRecipeAnswersEachField() throws {
        let renderer = try renderer
        #expect(renderer.plan.cardTags.keys.sorted() == ["elan-punch"])
        let listing = RecipeCardContext.Listing(renderer: renderer, recipes: renderer.site.recipes, root: "../../")
        let card = MustacheValue.object(RecipeCardContext(listing: listing, index: 0, loading: "lazy")).expanded
        guard case .dictionary(let fields) = card else { Issue.record("\(card)"); return }
        #expect(fields["title"] == "Élan Punch")
        #expect(fields["slug"] == "elan-punch")
        #expect(fields["url"] == "../../recipes/elan-punch/index.html")
        #expect(fields["summary"] == "Rum, lime and “spice”.")
        #expect(fields["tags"] == Self.tagList)
        #expect(fields["hasTags"] == .bool(true))
        #expect(fields["initial"] == "É")
        #expect(fields["loading"] == "lazy")
        guard case .dictionary(let image)? = fields["image"] else { Issue.record("\(card)"); return }
        #expect(image["src"] == "../../images/punch.jpg")
        #expect(image["alt"] == "A bowl of punch")
        #expect(image["width"] == .int(1600))
        #expect(fields.count == 9)
    }

    @Test func recipePageOfAFullRecipeAnswersEachField() throws {
        let renderer = try renderer
        let page = try RecipePageContext(0, in: renderer)
        let recipe = try #require(page.value(.recipe)).expanded
        guard case .dictionary(let fields) = recipe else { Issue.record("\(recipe)"); return }
        #expect(fields["title"] == "Élan Punch")
        #expect(fields["slug"] == "elan-punch")
        #expect(fields["url"] == "../../recipes/elan-punch/index.html")
        #expect(fields["summary"] == "Rum, lime and “spice”.")
        #expect(fields["hasTags"] == .bool(true))
        #expect(fields["initial"] == "É")
        #expect(fields["glass"] == "Punch bowl")
        #expect(fields["yield"] == "12 cups")
        #expect(fields["prepTimeISO"] == "PT15M")
        #expect(fields["cookTimeISO"] == "PT5M")
        #expect(fields["dateISO"] == "2024-05-01")
        #expect(fields["author"] == "Ann Author")
        #expect(fields["category"] == "Party drink")
        #expect(fields["cuisine"] == "Caribbean")
        #expect(fields["ingredients"] == .array(["1 bottle rum", "6 limes"]))
        #expect(fields["hasIngredients"] == .bool(true))
        #expect(fields["hasFacts"] == .bool(true))
        guard case .dictionary(let image)? = fields["image"] else { Issue.record("\(recipe)"); return }
        #expect(image["alt"] == "A bowl of punch")
        guard case .array(let tags)? = fields["tags"] else { Issue.record("\(recipe)"); return }
        #expect(tags.count == 16)
        #expect(tags.last == .dictionary(["name": "tag 16", "url": "../../tags/tag-16/index.html"]))
        #expect(page.value(.page)?.expanded == .dictionary(["title": "Élan Punch", "description": "Rum, lime and “spice”."]))
        #expect(try #require(page.value(.recipe)).expanded == recipe)
        #expect(fields["next"] == .dictionary(["title": "Negroni", "url": "../../recipes/negroni/index.html"]))
    }
}
