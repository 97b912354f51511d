import Foundation
import GalleryContent
import GallerySupport

/// schema.org `Recipe` objects, the lingua franca of recipe sites and managers: found anywhere in a
/// JSON-LD value (top level, `@graph`, `mainEntity`, arrays, `@type` arrays) and mapped field by
/// field to a `ForeignRecipe`. What gallerygen has no field for is kept as text under `extra:`.
package enum SchemaOrgReader {
    /// Every Recipe object in `value`, in document order.
    package static func recipeObjects(in value: Any, depth: Int = 0) -> [[String: Any]] {
        guard depth < 16 else { return [] }
        if let array = value as? [Any] {
            return array.flatMap { recipeObjects(in: $0, depth: depth + 1) }
        }
        guard let object = value as? [String: Any] else { return [] }
        if types(of: object).contains("Recipe") { return [object] }
        var found: [[String: Any]] = []
        for key in ["@graph", "mainEntity", "mainEntityOfPage", "about", "itemListElement", "item"] {
            if let inner = object[key] { found += recipeObjects(in: inner, depth: depth + 1) }
        }
        return found
    }

    /// `@type` as a list of names, `schema:` and `https://schema.org/` prefixes removed.
    static func types(of object: [String: Any]) -> [String] {
        let raw = object["@type"]
        let names = (raw as? [Any])?.compactMap { $0 as? String } ?? (raw as? String).map { [$0] } ?? []
        return names.map { name in
            var name = Substring(name)
            for prefix in ["https://schema.org/", "http://schema.org/", "schema:"] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
            return String(name)
        }
    }

    /// The fields this reader maps; every other one goes to `extra` or `uncarried`.
    static let mappedFields: Set<String> = [
        "@context", "@type", "@id", "name", "headline", "description", "image", "recipeIngredient", "ingredients",
        "recipeInstructions", "recipeYield", "yield", "prepTime", "cookTime", "totalTime", "nutrition", "keywords",
        "recipeCategory", "recipeCuisine", "author", "url", "isBasedOn", "tool", "suitableForDiet", "video",
        "datePublished", "dateCreated", "mainEntityOfPage", "thumbnailUrl", "imageUrl", "printImage", "imagePlaceholderUrl",
        "dateModified", "id",
    ]

    /// Maps one Recipe object. `origin` names it in messages and in the recipe's `extra:`.
    package static func recipe(from object: [String: Any], origin: String) -> ForeignRecipe? {
        let title = text(object["name"]) ?? text(object["headline"])
        guard let title, !title.isEmpty else { return nil }
        var recipe = ForeignRecipe(origin: origin, title: title)
        recipe.summary = text(object["description"])
        if let url = imageURL(object["image"]) ?? imageURL(object["thumbnailUrl"]) { recipe.photo = .remote(url) }
        recipe.ingredients = ingredients(object["recipeIngredient"] ?? object["ingredients"])
        recipe.method = instructions(object["recipeInstructions"], recipe: &recipe)
        recipe.yield = yield(object["recipeYield"] ?? object["yield"])
        for (key, store) in [("prepTime", 0), ("cookTime", 1), ("totalTime", 2)] {
            guard let written = text(object[key]) else { continue }
            guard let seconds = ImportedDuration.seconds(written) else {
                // Nextcloud Cookbook writes an unset time as PT0H0M0S: nothing to keep.
                if ImportedDuration.iso8601(written.uppercased()) != 0 { recipe.extra[key] = written }
                continue
            }
            switch store {
            case 0: recipe.prepTime = seconds
            case 1: recipe.cookTime = seconds
            default: recipe.totalTime = seconds
            }
        }
        nutrition(object["nutrition"], into: &recipe)
        recipe.keywords = list(object["keywords"], splittingCommas: true)
        let categories = list(object["recipeCategory"], splittingCommas: false)
        recipe.category = categories.first
        let cuisines = list(object["recipeCuisine"], splittingCommas: false)
        recipe.cuisine = cuisines.first
        recipe.tags = Array(categories.dropFirst()) + Array(cuisines.dropFirst())
        let authors = names(object["author"])
        recipe.author = authors.isEmpty ? nil : authors.joined(separator: ", ")
        source(object, into: &recipe)
        recipe.equipment = names(object["tool"])
        recipe.diets = list(object["suitableForDiet"], splittingCommas: false)
        recipe.video = videoURL(object["video"])
        if recipe.video != nil, let video = ((object["video"] as? [Any])?.first ?? object["video"]) as? [String: Any] {
            recipe.videoName = text(video["name"])
            recipe.videoDescription = text(video["description"])
            recipe.videoThumbnail = imageURL(video["thumbnailUrl"])
            recipe.videoUploadDate = text(video["uploadDate"]).map { String($0.prefix(10)) }
        }
        if let published = text(object["datePublished"]) ?? text(object["dateCreated"]), published.count >= 10 {
            recipe.date = String(published.prefix(10))
        }
        for key in object.keys.sorted() where !mappedFields.contains(key) {
            keep(object[key]!, as: key, in: &recipe)
        }
        return recipe
    }

    /// A field gallerygen has no place for: as text under `extra:` when it is text, a number, a
    /// list of them or a flat object of them (`aggregateRating`); else named as not carried.
    static func keep(_ value: Any, as key: String, in recipe: inout ForeignRecipe) {
        if let written = scalarText(value) {
            if !written.isEmpty { recipe.extra[key] = written }
        } else if let array = value as? [Any], array.allSatisfy({ scalarText($0) != nil }) {
            let items = array.compactMap(scalarText).filter { !$0.isEmpty }
            if !items.isEmpty { recipe.extra[key] = items.joined(separator: ", ") }
        } else if let object = value as? [String: Any],
                  object.values.allSatisfy({ scalarText($0) != nil }) {
            let pairs = object.keys.sorted().filter { !$0.hasPrefix("@") }.compactMap { name in scalarText(object[name]!).map { "\(name): \($0)" } }
            if !pairs.isEmpty { recipe.extra[key] = pairs.joined(separator: ", ") }
        } else {
            recipe.uncarried[key] = (value as? [Any])?.count ?? 1
        }
    }

    static func scalarText(_ value: Any) -> String? {
        if let string = value as? String { return ImportedText.plain(string) }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }

    /// Plain text of a string or number; nil for anything else or nothing.
    static func text(_ value: Any?) -> String? {
        guard let value else { return nil }
        if let array = value as? [Any] { return array.lazy.compactMap { text($0) }.first }
        guard let written = scalarText(value), !written.isEmpty else { return nil }
        return written
    }

    /// Texts of a string (split at commas when asked), an array, or objects' names.
    static func list(_ value: Any?, splittingCommas: Bool) -> [String] {
        guard let value else { return [] }
        if let array = value as? [Any] { return array.flatMap { list($0, splittingCommas: splittingCommas) } }
        if let object = value as? [String: Any] { return text(object["name"]).map { [$0] } ?? [] }
        guard let written = text(value) else { return [] }
        let parts = splittingCommas ? written.split(separator: ",").map(String.init) : [written]
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Names of people or things: strings, `Person`/`Organization`/`HowToTool` objects, arrays.
    static func names(_ value: Any?) -> [String] {
        list(value, splittingCommas: false)
    }

    /// The first usable picture address: a string, an `ImageObject` (`url`, `contentUrl`), or an array of either.
    static func imageURL(_ value: Any?) -> String? {
        if let array = value as? [Any] { return array.lazy.compactMap { imageURL($0) }.first }
        if let object = value as? [String: Any] { return imageURL(object["url"]) ?? imageURL(object["contentUrl"]) }
        guard let written = value as? String else { return nil }
        let url = ImportedText.decodeEntities(written).trimmingCharacters(in: .whitespacesAndNewlines)
        return url.isEmpty ? nil : url
    }

    static func videoURL(_ value: Any?) -> String? {
        if let array = value as? [Any] { return array.lazy.compactMap { videoURL($0) }.first }
        if let object = value as? [String: Any] {
            return videoURL(object["embedUrl"]) ?? videoURL(object["contentUrl"]) ?? videoURL(object["url"])
        }
        return (value as? String).map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    static func ingredients(_ value: Any?) -> [IngredientGroup] {
        var lines: [String] = []
        if let array = value as? [Any] {
            lines = array.compactMap { ($0 as? String) ?? ($0 as? [String: Any]).flatMap { text($0["name"]) } }
        } else if let written = value as? String {
            lines = written.components(separatedBy: .newlines)
        }
        let items = lines.map(ImportedText.markdown).filter { !$0.isEmpty }
        return items.isEmpty ? [] : [IngredientGroup(title: nil, items: items)]
    }

    /// `recipeInstructions` as text (one step per line or paragraph), a list of texts, `HowToStep`s,
    /// `HowToSection`s (each a group) or an `ItemList`.
    static func instructions(_ value: Any?, recipe: inout ForeignRecipe) -> [MethodGroup] {
        var groups: [MethodGroup] = []
        func add(_ steps: [String], title: String?) {
            let cleaned = steps.map { RecipeParser.withoutStepNumber($0) }.filter { !$0.isEmpty }
            guard !cleaned.isEmpty else { return }
            if title == nil, let last = groups.last, last.title == nil {
                groups[groups.count - 1].steps += cleaned
            } else {
                groups.append(MethodGroup(title: title, steps: cleaned))
            }
        }
        func steps(_ value: Any?, depth: Int) -> [String] {
            guard depth < 8, let value else { return [] }
            // The number a step was written with goes before escaping, which would hide it.
            if let written = value as? String { return ImportedText.lines(written).map { ImportedText.markdown(RecipeParser.withoutStepNumber($0)) } }
            if let array = value as? [Any] { return array.flatMap { steps($0, depth: depth + 1) } }
            guard let object = value as? [String: Any] else { return [] }
            if let list = object["itemListElement"] { return steps(list, depth: depth + 1) }
            if object["image"] != nil || object["video"] != nil {
                recipe.uncarried["recipeInstructions pictures", default: 0] += 1
            }
            return (object["text"] ?? object["name"]).map { steps($0, depth: depth + 1) } ?? []
        }
        let entries: [Any] = (value as? [Any]) ?? value.map { [$0] } ?? []
        for entry in entries {
            if let object = entry as? [String: Any], types(of: object).contains("HowToSection") {
                add(steps(object["itemListElement"], depth: 1), title: text(object["name"]))
            } else {
                add(steps(entry, depth: 1), title: nil)
            }
        }
        return groups
    }

    /// `recipeYield` as a number, text, or an array of both (Google's own example: `["4", "4 servings"]`):
    /// the wordiest, for "4 servings" says more than "4".
    static func yield(_ value: Any?) -> String? {
        let texts = ((value as? [Any]) ?? value.map { [$0] } ?? []).compactMap { text($0) }
        return texts.max { $0.count < $1.count }
    }

    static let nutritionKeys: [String: String] = [
        "servingSize": "serving_size", "calories": "calories", "fatContent": "fat", "saturatedFatContent": "saturated_fat",
        "unsaturatedFatContent": "unsaturated_fat", "transFatContent": "trans_fat", "carbohydrateContent": "carbohydrate",
        "sugarContent": "sugar", "fiberContent": "fiber", "proteinContent": "protein", "cholesterolContent": "cholesterol",
        "sodiumContent": "sodium",
    ]

    static func nutrition(_ value: Any?, into recipe: inout ForeignRecipe) {
        guard let object = value as? [String: Any] else { return }
        for name in object.keys.sorted() where !name.hasPrefix("@") {
            guard let written = text(object[name]) else { continue }
            if let key = nutritionKeys[name] {
                recipe.nutrition[key] = written
            } else {
                recipe.extra["nutrition.\(name)"] = written
            }
        }
    }

    /// `isBasedOn` (the recipe's origin) before `url` (the page it was saved from), each a URL
    /// or a `CreativeWork` with `url` and `name`.
    static func source(_ object: [String: Any], into recipe: inout ForeignRecipe) {
        for key in ["isBasedOn", "url"] {
            guard let value = object[key] else { continue }
            let work = (value as? [Any])?.first ?? value
            var url: String?
            var name: String?
            if let dictionary = work as? [String: Any] {
                url = text(dictionary["url"]) ?? text(dictionary["@id"])
                name = text(dictionary["name"])
            } else if let written = text(work) {
                if written.lowercased().hasPrefix("http") { url = written } else { name = written }
            }
            if recipe.sourceURL == nil && recipe.sourceName == nil {
                (recipe.sourceURL, recipe.sourceName) = (url, name)
            } else if let url, url != recipe.sourceURL {
                recipe.extra[key] = url
            }
        }
    }
}
