import GalleryContent
import GallerySupport

/// What a recipe lacks for Google's recipe rich results (the picture card in search): the image
/// it requires, the fields it recommends, a video's required fields and pictures too small to
/// show. Pure: the recipe, what its body's method holds and its picture's size in, warnings out.
/// A missing field is reported at line 1 (the front matter's start); a value Google cannot use,
/// at its key.
package enum RecipeRichResults {
    /// Google's minimum for a recipe picture: width × height.
    package static let minimumImagePixels = 50_000

    /// The kinds of advice, each counted apart when a long list is cut short.
    package static let noPicture = DiagnosticTopic("rich-results-picture", file: "recipe without a picture", files: "recipes without a picture", isAdvice: true)
    package static let smallPicture = DiagnosticTopic("rich-results-picture-size", file: "recipe with too small a picture", files: "recipes with too small a picture", isAdvice: true)
    package static let incompleteVideo = DiagnosticTopic("rich-results-video", file: "recipe whose video lacks what Google requires", files: "recipes whose video lacks what Google requires", isAdvice: true)
    package static let missingRecommended = DiagnosticTopic("rich-results-recommended", file: "recipe lacking what Google recommends", files: "recipes lacking what Google recommends", isAdvice: true)

    /// The warnings for `recipe` (`path` names its file), at `level`. `hasInstructions` says the
    /// body's method has steps (a numbered list); `image` is the local picture's size, when known.
    package static func diagnostics(for recipe: Recipe, hasInstructions: Bool, image: ImageInfo?,
                                    level: RichResultsLevel, path: String) -> [Diagnostic] {
        guard level != .off else { return [] }
        var diagnostics: [Diagnostic] = []
        let silence = "(to hear only what Google requires, set 'rich_results: required' in site.yml)"
        if recipe.image == nil {
            diagnostics.append(.advice(
                "the recipe has no picture: Google requires an image for recipe rich results, so search shows it as a plain link; "
                    + "add 'image: images/\(recipe.slug).jpg' to the front matter (a photo of at least 1200 × 900 pixels works best)",
                path: path, line: 1, column: 1, topic: noPicture))
        } else if let (width, height) = size(of: recipe, image: image), width * height < minimumImagePixels {
            diagnostics.append(.advice(
                "the picture is \(width) × \(height) pixels: Google shows recipe pictures of at least \(minimumImagePixels) pixels "
                    + "(width × height) in rich results; use a larger photo (1200 × 900 or more works best)",
                path: path, line: recipe.line(of: "image"), column: 1, topic: smallPicture))
        }
        if let video = recipe.video {
            var missing: [(name: String, hint: String)] = []
            if video.thumbnailURL == nil { missing.append(("thumbnail", "'thumbnail:' (the https URL of a still from the video)")) }
            if video.uploadDate == nil { missing.append(("upload date", "'upload_date:' (the day it was first published, YYYY-MM-DD)")) }
            if !missing.isEmpty {
                diagnostics.append(.advice(
                    "the video has no \(list(missing.map(\.name))): Google requires \(missing.count == 1 ? "it" : "them") to show "
                        + "a recipe's video in search; add \(list(missing.map(\.hint))) under 'video:', beside its 'url:'",
                    path: path, line: recipe.line(of: "video"), column: 1, topic: incompleteVideo))
            }
        }
        guard level == .all else { return diagnostics }
        var missing: [String] = []
        if recipe.summary?.isEmpty ?? true { missing.append("a description (add 'summary:', a sentence or two about the dish)") }
        if recipe.ingredients.isEmpty { missing.append("ingredients (add an 'ingredients:' list)") }
        if !hasInstructions { missing.append("instructions (write the method as a numbered list in the body: '1. Shake with ice.')") }
        if recipe.prepTime == nil && recipe.cookTime == nil && recipe.totalTime == nil {
            missing.append("times (add 'prep_time:' and 'cook_time:', or 'total_time:', such as '10 min')")
        }
        if recipe.servings == nil && recipe.yield == nil {
            missing.append("a yield (add 'servings: 4'\(recipe.nutrition.isEmpty ? "" : "; Google needs it to read the nutrition per serving"))")
        }
        if !missing.isEmpty {
            diagnostics.append(.advice(
                "the recipe lacks what Google recommends for recipe rich results: \(missing.joined(separator: "; ")). "
                    + "Search shows recipes with them more richly (times, steps, ingredients) \(silence)",
                path: path, line: 1, column: 1, topic: missingRecommended))
        }
        return diagnostics
    }

    /// The picture's size: the local file's, or a remote one's `image_width` and `image_height`;
    /// nil when unknown, or for an SVG (it scales to any size).
    private static func size(of recipe: Recipe, image: ImageInfo?) -> (Int, Int)? {
        if case .remote? = recipe.image {
            guard let width = recipe.imageWidth, let height = recipe.imageHeight else { return nil }
            return (width, height)
        }
        guard let image, image.format != .svg else { return nil }
        return (image.width, image.height)
    }

    /// "a", "a and b".
    private static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}

extension RecipeRichResults {
    /// The warnings for `recipe` of `site`, its method read from `body` (`Markdown.recipeBody`).
    package static func diagnostics(for recipe: Recipe, in site: Site, body: Markdown.RecipeBody) -> [Diagnostic] {
        // Nothing to say: no path to name (a display path for each page cost 3,000 instructions).
        guard site.config.richResults != .off else { return [] }
        let display = site.displayPath(recipe.sourcePath)
        var image: ImageInfo?
        if case .local(let path)? = recipe.image { image = site.images[path] }
        return diagnostics(for: recipe, hasInstructions: !body.steps.isEmpty || !body.sections.isEmpty || !recipe.method.isEmpty,
                           image: image, level: site.config.richResults, path: display)
    }

    /// The warnings for every recipe of `site`, each body's method read in one parse: for `check`
    /// of a site already built (a build finds them as it renders the pages, from the pages' parse).
    package static func diagnostics(in site: Site) -> [Diagnostic] {
        guard site.config.richResults != .off else { return [] }
        return concurrentMap(count: site.recipes.count) { index -> [Diagnostic] in
            let recipe = site.recipes[index]
            do throws(Diagnostic) {
                return diagnostics(for: recipe, in: site, body: Markdown.recipeMethod(try site.body(of: recipe)))
            } catch {
                return [error]
            }
        }.flatMap { $0 }
    }
}
