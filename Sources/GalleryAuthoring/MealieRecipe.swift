import Foundation
import GalleryContent
import GallerySupport

/// One Mealie recipe as a JSON object, whichever version wrote it: v0.4's camelCase fields
/// (`recipeIngredient` as text lines, `orgURL`), v0.5's snake_case ones (`recipe_ingredient` as
/// objects), v1 and later's recipe export (`tags` and `recipe_category` as objects, `extras`), and
/// the rows `MealieDatabase` joins from a v1+ backup into that same shape. Written from Mealie's
/// recipe schema (`mealie/schema/recipe`) and its database migrations.
package enum MealieRecipe {
    /// Fields of Mealie's own bookkeeping: left out without a word.
    static let bookkeeping: Set<String> = [
        "id", "slug", "image", "user_id", "group_id", "household_id", "date_updated", "created_at", "update_at", "last_made",
        "name_normalized", "description_normalized", "is_ocr_recipe", "settings", "_id", "recipe_yield_quantity", "recipe_servings",
        "prep_time_seconds", "perform_time_seconds", "total_time_seconds", "cook_time_seconds", "recipe_id",
    ]
    /// Fields mapped to gallerygen's.
    static let mapped: Set<String> = [
        "name", "description", "recipe_yield", "total_time", "prep_time", "perform_time", "cook_time", "recipe_category",
        "categories", "tags", "tools", "recipe_ingredient", "recipe_instructions", "nutrition", "notes", "org_url", "orgurl",
        "date_added", "rating", "extras", "comments", "assets", "timeline_events", "recipe_cuisine", "orgURL",
    ]

    /// The value of `key` (snake_case) in `object`, or of its camelCase form (`recipeIngredient`,
    /// and `orgURL` for `org_url`); JSON `null` reads as nothing.
    static func field(_ object: [String: Any], _ key: String) -> Any? {
        let value = object[key] ?? object[camelCase(key)] ?? (key == "org_url" ? object["orgURL"] : nil)
        return value is NSNull ? nil : value
    }

    static func camelCase(_ key: String) -> String {
        let parts = key.split(separator: "_")
        return (parts.first.map(String.init) ?? "") + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The recipe, or nil when it has no name.
    package static func recipe(_ object: [String: Any], origin: String) -> ForeignRecipe? {
        guard let title = SchemaOrgReader.text(field(object, "name")), !title.isEmpty else { return nil }
        var recipe = ForeignRecipe(origin: origin, title: title)
        recipe.summary = SchemaOrgReader.text(field(object, "description"))
        yield(object, into: &recipe)
        times(object, into: &recipe)
        let categories = names(field(object, "recipe_category") ?? object["categories"])
        recipe.category = categories.first
        recipe.tags = Array(categories.dropFirst()) + names(field(object, "tags"))
        recipe.cuisine = SchemaOrgReader.text(object["recipeCuisine"] ?? object["recipe_cuisine"])
        recipe.equipment = names(field(object, "tools"))
        let disableAmount = ((field(object, "settings") as? [String: Any]).flatMap { field($0, "disable_amount") } as? NSNumber)?.boolValue
        (recipe.ingredients, recipe.ingredientLinks) = ingredients(field(object, "recipe_ingredient"), disableAmount: disableAmount)
        recipe.method = instructions(field(object, "recipe_instructions"))
        if let nutrition = field(object, "nutrition") as? [String: Any] {
            for key in nutrition.keys.sorted() {
                guard let written = SchemaOrgReader.text(nutrition[key]) else { continue }
                let schemaName = key.contains("_") ? camelCase(key) : key
                if let name = SchemaOrgReader.nutritionKeys[schemaName] {
                    recipe.nutrition[name] = written
                } else if !["id", "recipe_id", "created_at", "update_at"].contains(key) {
                    recipe.extra["nutrition.\(key)"] = written
                }
            }
        }
        for note in (field(object, "notes") as? [Any]) ?? [] {
            guard let note = note as? [String: Any] else { continue }
            let title = SchemaOrgReader.text(note["title"])
            let text = (note["text"] as? String).map(ImportedText.collapse).flatMap { $0.isEmpty ? nil : $0 }
            switch (title, text) {
            case let (title?, text?): recipe.notes.append("\(title): \(text)")
            case let (title?, nil): recipe.notes.append(title)
            case let (nil, text?): recipe.notes.append(text)
            case (nil, nil): break
            }
        }
        recipe.sourceURL = SchemaOrgReader.text(field(object, "org_url"))
        if let added = SchemaOrgReader.text(field(object, "date_added")), added.count >= 10 { recipe.date = String(added.prefix(10)) }
        if let rating = field(object, "rating") as? NSNumber, rating.doubleValue > 0 { recipe.extra["rating"] = rating.stringValue }
        if let extras = field(object, "extras") as? [String: Any] {
            for key in extras.keys.sorted() {
                if let value = SchemaOrgReader.scalarText(extras[key]!), !value.isEmpty { recipe.extra["extras.\(key)"] = value }
            }
        }
        for key in ["comments", "assets", "timeline_events"] {
            if let list = field(object, key) as? [Any], !list.isEmpty { recipe.uncarried[key.replacingOccurrences(of: "_", with: " ")] = list.count }
        }
        // An ingredient that is another recipe (v3) the backup does not name keeps its words; the
        // link is listed. Named ones are linked by the import when it holds that recipe.
        let links = ((field(object, "recipe_ingredient") as? [Any]) ?? []).filter { entry in
            guard let ingredient = entry as? [String: Any] else { return false }
            return field(ingredient, "referenced_recipe_id") != nil || field(ingredient, "referenced_recipe") != nil
        }
        if links.count > recipe.ingredientLinks.count {
            recipe.uncarried[ForeignRecipe.unlinkedIngredientsKey] = links.count - recipe.ingredientLinks.count
        }
        let known = mapped.union(bookkeeping)
        for key in object.keys.sorted() where !known.contains(key) && !known.contains(snakeCase(key)) && !(object[key] is NSNull) {
            SchemaOrgReader.keep(object[key]!, as: key, in: &recipe)
        }
        return recipe
    }

    static func snakeCase(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase, !result.isEmpty { result.append("_") }
            result += character.lowercased()
        }
        return result
    }

    /// `recipe_yield` as text; from v2 on, Mealie keeps a number of servings and a yield quantity
    /// apart from the yield's text ("12" and "cookies"): servings win, and a yield beside them is
    /// kept under `extra:`.
    static func yield(_ object: [String: Any], into recipe: inout ForeignRecipe) {
        let text = SchemaOrgReader.text(field(object, "recipe_yield"))
        let servings = (field(object, "recipe_servings") as? NSNumber)?.doubleValue ?? 0
        let quantity = (field(object, "recipe_yield_quantity") as? NSNumber)?.doubleValue ?? 0
        let written = [quantity > 0 ? amount(quantity) : nil, text].compactMap { $0 }.joined(separator: " ")
        if servings > 0 {
            recipe.yield = amount(servings)
            if !written.isEmpty { recipe.extra["recipe_yield"] = written }
        } else if !written.isEmpty {
            recipe.yield = written
        }
    }

    /// Mealie's times: free text until 2026 ("1 hour 15 minutes", "PT20M", "20"), then seconds in
    /// `*_seconds` beside the text. `perform_time` is what Mealie shows as the cook time.
    static func times(_ object: [String: Any], into recipe: inout ForeignRecipe) {
        for (key, store) in [("prep_time", 0), ("perform_time", 1), ("cook_time", 1), ("total_time", 2)] {
            var seconds = (field(object, "\(key)_seconds") as? NSNumber)?.intValue
            if seconds == nil, let written = SchemaOrgReader.text(field(object, key)) {
                seconds = ImportedDuration.seconds(written)
                if seconds == nil, written.lowercased() != "none" { recipe.extra[key] = written }
            }
            guard let seconds, seconds > 0 else { continue }
            switch store {
            case 0: recipe.prepTime = recipe.prepTime ?? seconds
            case 1: recipe.cookTime = recipe.cookTime ?? seconds
            default: recipe.totalTime = recipe.totalTime ?? seconds
            }
        }
    }

    /// Names of tags, categories or tools: strings (v0.x) or objects with `name` (v1+).
    static func names(_ value: Any?) -> [String] {
        SchemaOrgReader.list(value, splittingCommas: false)
    }

    /// Ingredients in order; one whose `title` is set starts a section of that name. Text lines
    /// (v0.4) as they are; objects as Mealie shows them: the note alone when amounts are off, else
    /// quantity, unit, food and note.
    /// …and the lines naming another recipe of the backup (by its name), with their amounts.
    static func ingredients(_ value: Any?, disableAmount: Bool?) -> ([IngredientGroup], [ForeignRecipe.IngredientLink]) {
        var groups: [IngredientGroup] = []
        var links: [ForeignRecipe.IngredientLink] = []
        for entry in (value as? [Any]) ?? [] {
            var line: String?
            var link: (title: String, amount: String?)?
            if let text = entry as? String {
                line = text
            } else if let ingredient = entry as? [String: Any] {
                if let title = SchemaOrgReader.text(ingredient["title"]) {
                    groups.append(IngredientGroup(title: title, items: []))
                }
                line = ingredientLine(ingredient, disableAmount: disableAmount)
                link = linkedRecipe(ingredient)
            }
            guard let line, !ImportedText.collapse(line).isEmpty else { continue }
            // Mealie shows ingredients as Markdown: links and emphasis stay as written.
            let item = ImportedText.collapse(line)
            if groups.isEmpty { groups.append(IngredientGroup(title: nil, items: [])) }
            if let link {
                links.append(.init(group: groups.count - 1, line: groups[groups.count - 1].items.count, title: link.title, amount: link.amount))
            }
            groups[groups.count - 1].items.append(item)
        }
        // Groups left empty go; the links' group numbers follow.
        let kept = groups.indices.filter { !groups[$0].items.isEmpty }
        for index in links.indices { links[index].group = kept.firstIndex(of: links[index].group)! }
        return (kept.map { groups[$0] }, links)
    }

    /// The recipe an ingredient names (v3's `referenced_recipe`, when the backup holds it) and
    /// how much of it, the line's quantity and unit as Mealie shows them; nil for an ingredient
    /// that names none, or that has a note a linked line would lose.
    static func linkedRecipe(_ ingredient: [String: Any]) -> (title: String, amount: String?)? {
        guard let title = (field(ingredient, "referenced_recipe") as? [String: Any]).flatMap({ SchemaOrgReader.text($0["name"]) }),
              SchemaOrgReader.text(ingredient["note"]) == nil else { return nil }
        let unit = (field(ingredient, "unit") as? [String: Any]).flatMap(unitName)
        let quantity = (ingredient["quantity"] as? NSNumber)?.doubleValue ?? 0
        let words = [quantity > 0 ? amount(quantity) : nil, unit].compactMap { $0 }.joined(separator: " ")
        return (title, words.isEmpty ? nil : words)
    }

    /// A unit as Mealie shows it: its abbreviation when the unit says to use it, else its name.
    static func unitName(_ unit: [String: Any]) -> String? {
        let useAbbreviation = (field(unit, "use_abbreviation") as? NSNumber)?.boolValue ?? false
        return (useAbbreviation ? SchemaOrgReader.text(unit["abbreviation"]) : nil) ?? SchemaOrgReader.text(unit["name"])
    }

    static func ingredientLine(_ ingredient: [String: Any], disableAmount: Bool?) -> String? {
        let note = SchemaOrgReader.text(ingredient["note"])
        let referenced = field(ingredient, "referenced_recipe_id") != nil || field(ingredient, "referenced_recipe") != nil
        let food = (field(ingredient, "food") as? [String: Any]).flatMap { SchemaOrgReader.text($0["name"]) }
            ?? (field(ingredient, "referenced_recipe") as? [String: Any]).flatMap { SchemaOrgReader.text($0["name"]) }
        // Another recipe that the backup does not hold: its words as the cook wrote them.
        if referenced, food == nil, let original = SchemaOrgReader.text(field(ingredient, "original_text")) { return original }
        let unit = (field(ingredient, "unit") as? [String: Any]).flatMap(unitName)
        let quantity = (ingredient["quantity"] as? NSNumber)?.doubleValue ?? 0
        let amounts = food != nil || unit != nil || disableAmount == false
        guard amounts else { return note ?? SchemaOrgReader.text(field(ingredient, "original_text")) }
        let words = [quantity > 0 ? amount(quantity) : nil, unit, food].compactMap { $0 }.joined(separator: " ")
        guard let note else { return words.isEmpty ? SchemaOrgReader.text(field(ingredient, "original_text")) : words }
        return words.isEmpty ? note : "\(words), \(note)"
    }

    /// 0.5 → "1/2", 1.25 → "1 1/4", 0.333 → "1/3", 2 → "2"; else the decimal, three places at most.
    static func amount(_ value: Double) -> String {
        let whole = value.rounded(.down)
        let part = value - whole
        for (fraction, text) in [(0.25, "1/4"), (1.0 / 3, "1/3"), (0.5, "1/2"), (2.0 / 3, "2/3"), (0.75, "3/4")] where abs(part - fraction) < 0.01 {
            return whole > 0 ? "\(Int(whole)) \(text)" : text
        }
        if part < 0.0005 { return String(Int(whole)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// Steps in order; a step's `title` starts a section of that name, and its `summary` (v2+)
    /// leads its text. Mealie writes steps in Markdown: kept, with line breaks as spaces.
    static func instructions(_ value: Any?) -> [MethodGroup] {
        var groups: [MethodGroup] = []
        for entry in (value as? [Any]) ?? [] {
            guard let step = entry as? [String: Any] else {
                if let text = SchemaOrgReader.text(entry) { append(text, title: nil, to: &groups) }
                continue
            }
            let text = (step["text"] as? String).map(ImportedText.collapse) ?? ""
            let summary = SchemaOrgReader.text(step["summary"])
            let full = [summary.map { $0.hasSuffix(".") || $0.hasSuffix(":") ? $0 : $0 + ":" }, text.isEmpty ? nil : text]
                .compactMap { $0 }.joined(separator: " ")
            append(RecipeParser.withoutStepNumber(full), title: SchemaOrgReader.text(step["title"]), to: &groups)
        }
        return groups.filter { !$0.steps.isEmpty }
    }

    private static func append(_ step: String, title: String?, to groups: inout [MethodGroup]) {
        if let title { groups.append(MethodGroup(title: title, steps: [])) }
        if groups.isEmpty { groups.append(MethodGroup(title: nil, steps: [])) }
        if !step.isEmpty { groups[groups.count - 1].steps.append(step) }
    }
}
