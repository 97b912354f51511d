import Foundation
import GalleryContent
import GallerySupport

/// Paprika's export: a `.paprikarecipes` ZIP whose entries (`<Name>.paprikarecipe`) are each one
/// recipe as gzip'd JSON, the photo inline as base64 (`photo_data`); or one `.paprikarecipe`.
/// Times are free text ("1 hr 15 mins"), ingredients and directions text with one per line.
package enum PaprikaReader {
    /// Fields that are Paprika's bookkeeping, not the recipe's: left out without a word.
    static let bookkeeping: Set<String> = ["uid", "hash", "photo", "photo_hash", "photo_large", "scale", "in_trash",
                                           "is_pinned", "on_favorites", "on_grocery_list", "image_url", "photo_data"]
    static let mapped: Set<String> = ["name", "description", "ingredients", "directions", "notes", "servings", "prep_time",
                                      "cook_time", "total_time", "categories", "source", "source_url", "created", "photos"]

    /// The recipes of an export (a ZIP) or of one recipe (gzip); `display` names the file.
    package static func recipes(from data: Data, display: String) -> (recipes: [ForeignRecipe], diagnostics: [Diagnostic]) {
        var recipes: [ForeignRecipe] = []
        var diagnostics: [Diagnostic] = []
        let entries: [ArchiveReader.Entry]
        if ArchiveReader.isZip(data) {
            do throws(ArchiveReader.Failure) {
                entries = try ArchiveReader.zipEntries(data)
            } catch {
                return ([], [.error("not a readable Paprika export: \(error.message)", path: display)])
            }
        } else {
            entries = [ArchiveReader.Entry(name: "", data: data)]
        }
        for entry in entries {
            let origin = entry.name.isEmpty ? display : "\(display)/\(entry.name)"
            guard entry.name.isEmpty || entry.name.lowercased().hasSuffix(".paprikarecipe") else { continue }
            do throws(Diagnostic) {
                recipes.append(try recipe(entry.data, origin: origin))
            } catch {
                diagnostics.append(error)
            }
        }
        if recipes.isEmpty && diagnostics.isEmpty {
            diagnostics.append(.error("the Paprika export holds no recipes (.paprikarecipe entries)", path: display))
        }
        return (recipes, diagnostics)
    }

    /// One `.paprikarecipe`: gzip'd (or plain) JSON.
    static func recipe(_ data: Data, origin: String) throws(Diagnostic) -> ForeignRecipe {
        var json = data
        if ArchiveReader.isGzip(data) {
            do throws(ArchiveReader.Failure) {
                json = try ArchiveReader.gunzip(data)
            } catch {
                throw .error("the recipe cannot be unpacked: \(error.message)", path: origin)
            }
        }
        let value: Any
        do throws(LenientJSON.Failure) {
            value = try LenientJSON.parse(SourceTextDecoding.decode(json))
        } catch {
            throw .error("the recipe is not readable JSON: \(error.message)", path: origin, line: error.line, column: error.column)
        }
        guard let object = value as? [String: Any] else { throw .error("the recipe is not a JSON object", path: origin) }
        guard let title = SchemaOrgReader.text(object["name"]), !title.isEmpty else { throw .error("the recipe has no name", path: origin) }
        var recipe = ForeignRecipe(origin: origin, title: title)
        recipe.summary = SchemaOrgReader.text(object["description"])
        recipe.ingredients = ingredientGroups(object["ingredients"] as? String ?? "")
        let steps = (object["directions"] as? String).map(ImportedText.lines) ?? []
        let method = steps.map { ImportedText.markdown(RecipeParser.withoutStepNumber($0)) }.filter { !$0.isEmpty }
        if !method.isEmpty { recipe.method = [MethodGroup(title: nil, steps: method)] }
        recipe.notes = (object["notes"] as? String).map(ImportedText.lines) ?? []
        recipe.yield = SchemaOrgReader.text(object["servings"])
        for (key, store) in [("prep_time", 0), ("cook_time", 1), ("total_time", 2)] {
            guard let written = SchemaOrgReader.text(object[key]) else { continue }
            guard let seconds = ImportedDuration.seconds(written) else {
                recipe.extra[key] = written
                continue
            }
            switch store {
            case 0: recipe.prepTime = seconds
            case 1: recipe.cookTime = seconds
            default: recipe.totalTime = seconds
            }
        }
        recipe.tags = SchemaOrgReader.list(object["categories"], splittingCommas: false)
        recipe.sourceName = SchemaOrgReader.text(object["source"])
        recipe.sourceURL = SchemaOrgReader.text(object["source_url"])
        if let created = SchemaOrgReader.text(object["created"]), created.count >= 10 { recipe.date = String(created.prefix(10)) }
        if let encoded = object["photo_data"] as? String, !encoded.isEmpty {
            guard let photo = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
                throw .error("the photo (photo_data) is not valid base64", path: origin)
            }
            recipe.photo = .data(photo)
        } else if let address = SchemaOrgReader.text(object["image_url"]) {
            recipe.photo = .remote(address)
        }
        if let photos = object["photos"] as? [Any], !photos.isEmpty {
            recipe.uncarried["extra photos"] = photos.count
        }
        if let rating = object["rating"] as? NSNumber, rating.intValue > 0 { recipe.extra["rating"] = rating.stringValue }
        for key in object.keys.sorted() where !mapped.contains(key) && !bookkeeping.contains(key) && key != "rating" {
            SchemaOrgReader.keep(object[key]!, as: key, in: &recipe)
        }
        return recipe
    }

    /// One ingredient per line; a line ending in ':' ("For the sauce:") heads a group.
    static func ingredientGroups(_ text: String) -> [IngredientGroup] {
        var groups: [IngredientGroup] = []
        for line in ImportedText.lines(text) {
            if line.hasSuffix(":"), line.count > 1, line.count <= 60 {
                groups.append(IngredientGroup(title: String(line.dropLast()).trimmingCharacters(in: .whitespaces), items: []))
            } else if !groups.isEmpty {
                groups[groups.count - 1].items.append(ImportedText.markdown(line))
            } else {
                groups.append(IngredientGroup(title: nil, items: [ImportedText.markdown(line)]))
            }
        }
        return groups.filter { !$0.items.isEmpty }
    }
}
