import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// schema.org `Recipe` JSON-LD for a recipe page (DESIGN §6), in the shape Google's recipe rich
/// results document: `name` and `image` required; description, ingredients, steps, times, yield,
/// category, keywords, date and author recommended and written whenever the recipe has them.
package struct RecipeStructuredData: Sendable {
    package var recipe: Recipe
    package var config: SiteConfig
    /// The page's absolute address; nil when site.yml has no `base_url`.
    package var pageURL: String?
    /// The pictures: the image pipeline's crops (16:9, 4:3, 1:1) when there are any, else the image.
    package var imageURLs: [String]
    /// The method: the items of the body's first ordered list, one `HowToStep` each.
    package var steps: [String]
    /// The method's headed parts (`HowToSection`s) when it has them; they replace `steps`.
    package var sections: [Markdown.MethodSection]
    /// Who made the picture: each picture becomes an `ImageObject` with `creditText` and `copyrightNotice`.
    package var imageCredit: ImageCredit?

    package init(recipe: Recipe, config: SiteConfig, pageURL: String?, imageURLs: [String], steps: [String],
                 sections: [Markdown.MethodSection] = [], imageCredit: ImageCredit? = nil) {
        self.imageCredit = imageCredit
        self.recipe = recipe
        self.config = config
        self.pageURL = pageURL
        self.imageURLs = imageURLs
        self.steps = steps
        self.sections = sections
    }

    /// The JSON-LD object.
    package var json: JSONValue {
        let total = [recipe.prepTime, recipe.cookTime].compactMap { $0?.seconds }
        let totalTime = recipe.totalTime ?? (total.isEmpty ? nil : RecipeDuration(seconds: total.reduce(0, +)))
        // Each word once, whatever its case: a set of those seen, so that a recipe's thousand tags
        // are not each compared with all the others.
        var keywords: [String] = []
        var seen = Set<String>()
        for word in recipe.tags + recipe.keywords where seen.insert(word.lowercased()).inserted {
            keywords.append(word)
        }
        // Each step's `url` is the page's step box (`CookStep`), numbered over the whole method.
        var stepNumber = 0
        func howToSteps(_ steps: [String]) -> JSONValue {
            .array(steps.map { text in
                stepNumber += 1
                return .object(["@type": "HowToStep", "text": .string(text),
                                "url": .optional(pageURL.map { $0 + "#" + CookStep.id(stepNumber) })])
            })
        }
        let instructions: JSONValue = !sections.isEmpty
            ? .array(sections.map { .object(["@type": "HowToSection", "name": .string($0.name), "itemListElement": howToSteps($0.steps)]) })
            : steps.isEmpty ? .null : howToSteps(steps)
        return .object([
            "@context": "https://schema.org",
            "@type": "Recipe",
            "name": .string(recipe.title),
            "url": .optional(pageURL),
            "image": images,
            "description": .optional(recipe.summary),
            "recipeIngredient": recipe.ingredients.isEmpty ? .null : .array(recipe.ingredients.map { .string(Markdown.inlinePlainText($0)) }),
            "recipeInstructions": instructions,
            "prepTime": .optional(recipe.prepTime?.iso8601),
            "cookTime": .optional(recipe.cookTime?.iso8601),
            "totalTime": .optional(totalTime?.iso8601),
            "recipeYield": recipeYield,
            "recipeCategory": .optional(Self.category(of: recipe, config: config)),
            "recipeCuisine": .optional(recipe.cuisine),
            "keywords": keywords.isEmpty ? .null : .string(keywords.joined(separator: ", ")),
            "nutrition": recipe.nutrition.isEmpty ? .null
                : .object(Dictionary(uniqueKeysWithValues: recipe.nutrition.map { ($0.property, JSONValue.string($0.value)) })
                    .merging(["@type": "NutritionInformation"]) { first, _ in first }),
            "video": video,
            "tool": recipe.equipment.isEmpty ? .null : .array(recipe.equipment.map { .object(["@type": "HowToTool", "name": .string($0)]) }),
            "suitableForDiet": recipe.suitableForDiet.isEmpty ? .null : .array(recipe.suitableForDiet.map { .string("https://schema.org/\($0)") }),
            "isBasedOn": isBasedOn,
            "datePublished": .optional(recipe.date?.iso8601),
            "author": author,
        ])
    }

    /// The pictures: URLs, or `ImageObject`s naming who made them when the recipe (or site.yml) credits them.
    private var images: JSONValue {
        guard !imageURLs.isEmpty else { return .null }
        guard let imageCredit else { return .array(imageURLs.map(JSONValue.string)) }
        return .array(imageURLs.map { url in
            .object(["@type": "ImageObject", "url": .string(url), "contentUrl": .string(url),
                     "creditText": .string(imageCredit.text), "copyrightNotice": .string(imageCredit.text),
                     "acquireLicensePage": .optional(imageCredit.url)])
        })
    }

    /// The text for the page's `<script type="application/ld+json">`.
    package var script: String { json.text }

    /// The recipe's `category:`; without it site.yml's `recipe_category`, else a recipe served in a
    /// glass is a `Drink` (cocktails and zero-proof alike), and any other recipe takes its first tag.
    package static func category(of recipe: Recipe, config: SiteConfig) -> String? {
        recipe.category ?? config.recipeCategory ?? (recipe.glass != nil ? "Drink" : recipe.tags.first)
    }

    /// How many it serves as Google reads it: a bare number is servings, so `servings: 4` with
    /// `yield: 1 pitcher` gives both ("4", "1 pitcher"); else what `servings:` or `yield:` says.
    private var recipeYield: JSONValue {
        switch (recipe.servings, recipe.yield) {
        case let (servings?, yield?) where servings.unit == nil && yield != servings.description:
            return .array([.string(servings.countText), .string(yield)])
        case let (servings?, _): return .string(servings.description)
        case let (nil, yield): return .optional(yield)
        }
    }

    /// A `VideoObject`: the file as `contentUrl`, a YouTube or Vimeo player as `embedUrl`.
    private var video: JSONValue {
        guard let video = recipe.video else { return .null }
        let isFile = video.kind == .file
        return .object([
            "@type": "VideoObject",
            "name": .string(video.name ?? recipe.title),
            "description": .string(video.description ?? recipe.summary ?? recipe.title),
            "thumbnailUrl": video.thumbnailURL.map { .array([.string($0)]) } ?? .null,
            "contentUrl": isFile ? .string(video.url) : .null,
            "embedUrl": isFile ? .null : .optional(video.embedURL),
            "uploadDate": .optional(video.uploadDate?.iso8601),
        ])
    }

    /// `source:` as `isBasedOn`: its URL, or a `CreativeWork` when it names a credit.
    private var isBasedOn: JSONValue {
        guard let source = recipe.source else { return .null }
        guard let name = source.name else { return .optional(source.url) }
        return .object(["@type": "CreativeWork", "name": .string(name), "url": .optional(source.url)])
    }

    /// The recipe's author, else the site's. The site's author is the name the site publishes
    /// under (a bar, a blog), so it is an `Organization`; anyone else a recipe names is a `Person`.
    private var author: JSONValue {
        guard let name = recipe.author ?? config.author else { return .null }
        return .object(["@type": .string(name == config.author ? "Organization" : "Person"), "name": .string(name)])
    }
}
