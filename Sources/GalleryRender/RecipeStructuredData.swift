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

    package init(recipe: Recipe, config: SiteConfig, pageURL: String?, imageURLs: [String], steps: [String]) {
        self.recipe = recipe
        self.config = config
        self.pageURL = pageURL
        self.imageURLs = imageURLs
        self.steps = steps
    }

    /// The JSON-LD object.
    package var json: JSONValue {
        let total = [recipe.prepTime, recipe.cookTime].compactMap { $0?.seconds }
        return .object([
            "@context": "https://schema.org",
            "@type": "Recipe",
            "name": .string(recipe.title),
            "url": .optional(pageURL),
            "image": imageURLs.isEmpty ? .null : .array(imageURLs.map(JSONValue.string)),
            "description": .optional(recipe.summary),
            "recipeIngredient": recipe.ingredients.isEmpty ? .null : .array(recipe.ingredients.map(JSONValue.string)),
            "recipeInstructions": steps.isEmpty ? .null : .array(steps.map { step in
                .object(["@type": "HowToStep", "text": .string(step)])
            }),
            "prepTime": .optional(recipe.prepTime?.iso8601),
            "cookTime": .optional(recipe.cookTime?.iso8601),
            "totalTime": total.isEmpty ? .null : .string(RecipeDuration(seconds: total.reduce(0, +)).iso8601),
            "recipeYield": .optional(recipe.yield),
            "recipeCategory": .optional(Self.category(of: recipe, config: config)),
            "keywords": recipe.tags.isEmpty ? .null : .string(recipe.tags.joined(separator: ", ")),
            "datePublished": .optional(recipe.date?.iso8601),
            "author": author,
        ])
    }

    /// The text for the page's `<script type="application/ld+json">`.
    package var script: String { json.text }

    /// site.yml's `recipe_category` when set; otherwise a recipe served in a glass is a `Drink`
    /// (cocktails and zero-proof alike), and any other recipe takes its first tag.
    package static func category(of recipe: Recipe, config: SiteConfig) -> String? {
        config.recipeCategory ?? (recipe.glass != nil ? "Drink" : recipe.tags.first)
    }

    /// The recipe's author, else the site's. The site's author is the name the site publishes
    /// under (a bar, a blog), so it is an `Organization`; anyone else a recipe names is a `Person`.
    private var author: JSONValue {
        guard let name = recipe.author ?? config.author else { return .null }
        return .object(["@type": .string(name == config.author ? "Organization" : "Person"), "name": .string(name)])
    }
}
