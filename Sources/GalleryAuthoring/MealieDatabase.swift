import Foundation

/// The `database.json` of a Mealie v1+ backup: every table of Mealie's database as a list of
/// rows (`{"recipes": [...], "recipes_ingredients": [...], "alembic_version": [{"version_num": …}]}`),
/// written by its `AlchemyExporter`. Joins the rows that make one recipe into the shape of
/// Mealie's recipe export, so `MealieRecipe` reads both the same way.
package struct MealieDatabase {
    let tables: [String: Any]

    package init(tables: [String: Any]) {
        self.tables = tables
    }

    /// The database migration (Alembic revision) the backup was written at.
    var revision: String? {
        ((tables["alembic_version"] as? [Any])?.first as? [String: Any])?["version_num"] as? String
    }

    /// Rows of `table`, or none.
    func rows(_ table: String) -> [[String: Any]] {
        (tables[table] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    }

    /// A row's id as one spelling: SQLite keeps a GUID as 32 hex digits, PostgreSQL as a UUID
    /// with dashes, and the backup's `data/recipes/<id>/` folders use the dashed form.
    static func key(_ value: Any?) -> String? {
        guard let text = (value as? String) ?? (value as? NSNumber)?.stringValue else { return nil }
        let key = text.lowercased().replacingOccurrences(of: "-", with: "")
        return key.isEmpty ? nil : key
    }

    /// Every recipe, joined with its ingredients, steps, notes, nutrition, tags, categories,
    /// tools, extras and settings; each with its id (`key`).
    package func recipes() -> [(id: String?, object: [String: Any])] {
        let units = byID("ingredient_units")
        let foods = byID("ingredient_foods")
        let ingredients = grouped("recipes_ingredients", by: "recipe_id")
        let steps = grouped("recipe_instructions", by: "recipe_id")
        let notes = grouped("notes", by: "recipe_id")
        let nutrition = grouped("recipe_nutrition", by: "recipe_id")
        let settings = grouped("recipe_settings", by: "recipe_id")
        let extras = grouped("api_extras", by: "recipee_id") // sic: Mealie's column name
        let comments = grouped("recipe_comments", by: "recipe_id")
        let assets = grouped("recipe_assets", by: "recipe_id")
        let timeline = grouped("recipe_timeline_events", by: "recipe_id")
        let tags = linked("recipes_to_tags", "tag_id", names: byID("tags"))
        let categories = linked("recipes_to_categories", "category_id", names: byID("categories"))
        let tools = linked("recipes_to_tools", "tool_id", names: byID("tools"))
        let recipeRows = byID("recipes")
        return rows("recipes").map { row in
            let id = Self.key(row["id"])
            var object = row
            let key = id ?? ""
            object["recipe_ingredient"] = ordered(ingredients[key] ?? []).map { ingredient -> [String: Any] in
                var ingredient = ingredient
                if let unit = Self.key(ingredient["unit_id"]).flatMap({ units[$0] }) { ingredient["unit"] = unit }
                if let food = Self.key(ingredient["food_id"]).flatMap({ foods[$0] }) { ingredient["food"] = food }
                // v3: an ingredient that is another recipe of the backup, as the recipe export nests it.
                if let other = Self.key(ingredient["referenced_recipe_id"]).flatMap({ recipeRows[$0] }) { ingredient["referenced_recipe"] = other }
                return ingredient
            }
            object["recipe_instructions"] = ordered(steps[key] ?? [])
            object["notes"] = (notes[key] ?? []).sorted { (($0["id"] as? NSNumber)?.intValue ?? 0) < (($1["id"] as? NSNumber)?.intValue ?? 0) }
            object["nutrition"] = nutrition[key]?.first
            object["settings"] = settings[key]?.first
            var extraValues: [String: Any] = [:]
            for extra in extras[key] ?? [] {
                if let name = extra["key_name"] as? String, let value = extra["value"] { extraValues[name] = value }
            }
            object["extras"] = extraValues
            object["comments"] = comments[key] ?? []
            object["assets"] = assets[key] ?? []
            object["timeline_events"] = timeline[key] ?? []
            object["tags"] = tags[key] ?? []
            object["recipe_category"] = categories[key] ?? []
            object["tools"] = tools[key] ?? []
            return (id, object)
        }
    }

    private func byID(_ table: String) -> [String: [String: Any]] {
        var result: [String: [String: Any]] = [:]
        for row in rows(table) { if let id = Self.key(row["id"]) { result[id] = row } }
        return result
    }

    private func grouped(_ table: String, by column: String) -> [String: [[String: Any]]] {
        var result: [String: [[String: Any]]] = [:]
        for row in rows(table) { if let id = Self.key(row[column]) { result[id, default: []].append(row) } }
        return result
    }

    /// Names through a link table (`recipes_to_tags`: recipe_id, tag_id), in the order of the names' table.
    private func linked(_ table: String, _ column: String, names: [String: [String: Any]]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for row in rows(table) {
            guard let recipe = Self.key(row["recipe_id"]), let target = Self.key(row[column]),
                  let name = names[target]?["name"] as? String else { continue }
            result[recipe, default: []].append(name)
        }
        return result
    }

    /// Rows in `position` order (rows without one last, as they came).
    private func ordered(_ rows: [[String: Any]]) -> [[String: Any]] {
        rows.enumerated().sorted { left, right in
            let a = (left.element["position"] as? NSNumber)?.intValue ?? Int.max
            let b = (right.element["position"] as? NSNumber)?.intValue ?? Int.max
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }
}
