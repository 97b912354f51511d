import Foundation
import GallerySupport

/// The recipe fields beyond the basics: groups, servings, nutrition, video, diets, source, `extra:`.
extension RecipeParser {
    /// Reads every field of this file beyond the basics into `fields`, reporting problems
    /// through `reader`; returns the ingredient groups. The `recipe:` links of the ingredient
    /// lines and the steps go to `fields.recipeLinks` as each line is made. The recipe is put
    /// together afterwards in one go (`Recipe.init(parsed:…)`): each of its setters packs its
    /// text or boxes these again.
    static func readFields(into fields: inout RareFields, reader: inout FieldReader) -> [IngredientGroup] {
        let parts = ingredientParts(&reader, links: &fields.recipeLinks)
        // Until the site is read the named recipes are unknown: their groups are left out here.
        let groups = parts.compactMap { part in
            if case .group(let group) = part { group } else { nil }
        }
        if parts.contains(where: { if case .component = $0 { true } else { false } }) {
            fields.ingredientParts = parts
        }
        fields.category = nonEmpty(reader.string("category"))
        fields.cuisine = nonEmpty(reader.string("cuisine"))
        fields.keywords = commaSeparated(&reader, "keywords")
        fields.equipment = reader.strings("equipment").compactMap(nonEmpty)
        if let node = reader.value("servings") {
            if let text = node.scalar, let servings = RecipeServings(parsing: text) {
                fields.servings = servings
            } else {
                reader.error("'servings' must be a number with an optional unit, such as '4' or '12 cookies', found '\(node.scalar ?? node.kindName)'", at: node)
            }
        }
        if let node = reader.value("total_time") {
            if let text = node.scalar, let duration = RecipeDuration(parsing: text) {
                fields.totalTime = duration
            } else {
                reader.error("'total_time' must be a duration such as '5 min' or '1 h 30 min', found '\(node.scalar ?? node.kindName)'", at: node)
            }
        }
        fields.nutrition = nutrition(&reader)
        fields.video = video(&reader)
        for (text, node) in stringsWithNodes(&reader, "suitable_for_diet") {
            if let value = RestrictedDiet.value(for: text) {
                if !fields.suitableForDiet.contains(value) { fields.suitableForDiet.append(value) }
            } else {
                reader.error("'\(text)' is not a schema.org diet; use one of \(RestrictedDiet.values.joined(separator: ", ")) (or 'vegan', 'gluten-free' and so on)", at: node)
            }
        }
        fields.source = source(&reader)
        fields.imageCredit = ImageCredit.read("image_credit", from: &reader)
        fields.method = method(&reader, links: &fields.recipeLinks)
        // Kept with the recipe: its own events only, not the whole front matter's.
        fields.extra = reader.value("extra")?.detached
        return groups
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingSpaces(), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// A list, or one line of comma-separated words.
    private static func commaSeparated(_ reader: inout FieldReader, _ key: String) -> [String] {
        stringsWithNodes(&reader, key).flatMap { text, _ in text.split(separator: ",").map(String.init) }.compactMap(nonEmpty)
    }

    /// The texts of a list (or one scalar) with their nodes, for errors about one entry.
    private static func stringsWithNodes(_ reader: inout FieldReader, _ key: String) -> [(String, YAMLNode)] {
        guard let node = reader.value(key) else { return [] }
        if let text = node.scalar { return [(text, node)] }
        guard let items = node.sequence else {
            reader.error("'\(key)' must be a list, found \(node.kindName)", at: node)
            return []
        }
        var result: [(String, YAMLNode)] = []
        for item in items {
            if let text = item.scalar, !item.isNull { result.append((text, item)) } else {
                reader.error("each entry of '\(key)' must be text, found \(item.kindName)", at: item)
            }
        }
        return result
    }

    /// `ingredients:` as a flat list, or a list of `- group: …` entries with `items:`, or both
    /// mixed, with `- recipe: …` entries naming other recipes (`RecipeComponent`); the lines'
    /// `recipe:` links go to `links`.
    private static func ingredientParts(_ reader: inout FieldReader, links: inout [RecipeLink]) -> [IngredientPart] {
        guard let node = reader.value("ingredients") else { return [] }
        if let text = node.scalar {
            RecipeLink.collect(text, at: node, into: &links)
            return [.group(IngredientGroup(title: nil, items: [text]))]
        }
        guard let entries = node.sequence else {
            reader.error("'ingredients' must be a list, found \(node.kindName)", at: node)
            return []
        }
        var parts: [IngredientPart] = []
        // Lines of text make one untitled group until a part of another kind follows; gathered
        // here rather than appended to the group in `parts` (a copy of its items at each line).
        var loose: [String] = []
        func endLooseGroup() {
            guard !loose.isEmpty else { return }
            parts.append(.group(IngredientGroup(title: nil, items: loose)))
            loose = []
        }
        for entry in entries {
            if let text = entry.scalar, !entry.isNull {
                RecipeLink.collect(text, at: entry, into: &links)
                loose.append(text)
                continue
            }
            guard let pairs = entry.mapping else {
                reader.error("each entry of 'ingredients' must be text or a group ('- group: For the syrup' with 'items:'), found \(entry.kindName)", at: entry)
                continue
            }
            if pairs.contains(where: { $0.key.scalar == "recipe" }) {
                if let component = component(pairs, reader: &reader) {
                    endLooseGroup()
                    parts.append(.component(component))
                }
            } else {
                let group = ingredientGroup(pairs, at: entry, reader: &reader, links: &links)
                if !group.isEmpty {
                    endLooseGroup()
                    parts += group
                }
            }
        }
        endLooseGroup()
        return parts
    }

    /// `- recipe: simple-syrup`, with `amount: 15 ml` (one line) or `group: For the crust` (a
    /// folded part's heading). Among a group's `items:` (`inGroup`) it is always one line, so
    /// `group:` has no place there.
    private static func component(_ pairs: [YAMLPair], inGroup: Bool = false, reader: inout FieldReader) -> RecipeComponent? {
        var component: RecipeComponent?
        var amount: String?
        var title: String?
        for pair in pairs {
            let value = pair.value.scalar.flatMap { pair.value.isNull ? nil : nonEmpty($0) }
            switch pair.key.scalar {
            case "recipe":
                guard let slug = value else {
                    reader.error("'recipe' must be the slug of another recipe, such as 'simple-syrup', found \(pair.value.scalar.map { "'\($0)'" } ?? pair.value.kindName)", at: pair.value)
                    return nil
                }
                component = RecipeComponent(slug: slug, line: pair.value.line, column: pair.value.column)
            case "amount":
                guard let value else {
                    reader.error("'amount' of a linked recipe must be text such as '15 ml', found \(pair.value.kindName)", at: pair.value)
                    return nil
                }
                amount = value
            case "group" where inGroup:
                reader.error("a linked recipe among a group's items is one ingredient line and has no 'group' heading; write 'recipe:' and 'amount:'", at: pair.key)
                return nil
            case "group":
                guard let value else {
                    reader.error("'group' must be a heading such as 'For the crust', found \(pair.value.kindName)", at: pair.value)
                    return nil
                }
                title = value
            default:
                let keys = inGroup ? "'recipe:' and 'amount:'" : "'recipe:' and 'amount:' or 'group:'"
                reader.error("unknown key '\(pair.key.scalar ?? "?")' in a linked recipe (it has \(keys))", at: pair.key)
                return nil
            }
        }
        if amount != nil, title != nil, let first = pairs.first(where: { $0.key.scalar == "group" }) {
            reader.error("a linked recipe with an 'amount' is one ingredient line and has no 'group' heading; leave one out", at: first.key)
            return nil
        }
        component?.amount = amount
        component?.groupTitle = title
        return component
    }

    /// A `- group:` entry with its `items:`; a linked recipe among the items
    /// (`- { recipe: simple-syrup, amount: 15 ml }`) follows the group as a part that takes its
    /// line once the site is read (an empty line holds its place until then). The lines'
    /// `recipe:` links go to `links`.
    private static func ingredientGroup(_ pairs: [YAMLPair], at entry: YAMLNode, reader: inout FieldReader,
                                        links: inout [RecipeLink]) -> [IngredientPart] {
        let keys = pairs.compactMap(\.key.scalar)
        guard keys.contains("group") || keys.contains("items") else {
            // `- For the sauce:` reads as a mapping with one key: say how to write a group.
            let heading = pairs.first?.key.scalar ?? ""
            reader.error("'\(heading):' in 'ingredients' looks like a group heading: write '- group: \(heading)' and list its ingredients under 'items:'", at: entry)
            return []
        }
        var title: String?
        var items: [String]?
        var lines: [RecipeComponent] = []
        for pair in pairs {
            switch pair.key.scalar {
            case "group":
                if let text = pair.value.scalar, !pair.value.isNull, let heading = nonEmpty(text) {
                    title = heading
                } else {
                    reader.error("'group' must be a heading such as 'For the syrup', found \(pair.value.kindName)", at: pair.value)
                    return []
                }
            case "items":
                guard let list = pair.value.sequence, !list.isEmpty else {
                    reader.error("'items' of an ingredient group must be a list of ingredients, found \(pair.value.kindName)", at: pair.value)
                    return []
                }
                var texts: [String] = []
                for item in list {
                    if let text = item.scalar, !item.isNull {
                        RecipeLink.collect(text, at: item, into: &links)
                        texts.append(text)
                    } else if let linked = item.mapping, linked.contains(where: { $0.key.scalar == "recipe" }) {
                        guard var line = component(linked, inGroup: true, reader: &reader) else { continue }
                        line.lineInGroup = texts.count
                        lines.append(line)
                        texts.append("")
                    } else {
                        reader.error("each entry of 'items' must be text, or a linked recipe such as '{ recipe: simple-syrup, amount: 15 ml }', found \(item.kindName)", at: item)
                    }
                }
                items = texts
            default:
                reader.error("unknown key '\(pair.key.scalar ?? "?")' in an ingredient group (a group has 'group:' and 'items:')", at: pair.key)
                return []
            }
        }
        guard let title else {
            reader.error("this ingredient group has no 'group:' heading", at: entry)
            return []
        }
        guard let items else {
            reader.error("the ingredient group '\(title)' has no 'items:' list", at: entry)
            return []
        }
        return [.group(IngredientGroup(title: title, items: items))] + lines.map { .component($0) }
    }

    /// `nutrition:` with numbers and units checked: grams or milligrams, calories (kcal) or kJ.
    private static func nutrition(_ reader: inout FieldReader) -> [NutritionFact] {
        guard let node = reader.value("nutrition") else { return [] }
        guard let pairs = node.mapping else {
            reader.error("'nutrition' must be a mapping such as 'calories: 240' and 'fat: 12 g', found \(node.kindName)", at: node)
            return []
        }
        var values: [String: String] = [:]
        for pair in pairs {
            guard let key = pair.key.scalar, let field = NutritionFact.fields.first(where: { $0.key == key }) else {
                let known = NutritionFact.fields.map(\.key).joined(separator: ", ")
                reader.appendDiagnostic(.warning("unknown key '\(pair.key.scalar ?? "?")' in 'nutrition' (ignored); known: \(known)",
                                                 path: reader.path, line: pair.key.line, column: pair.key.column))
                continue
            }
            guard let text = pair.value.scalar, !pair.value.isNull, let text = nonEmpty(text) else {
                reader.error("'nutrition.\(key)' must be an amount such as '12 g', found \(pair.value.kindName)", at: pair.value)
                continue
            }
            if field.units.isEmpty {
                values[key] = text
                continue
            }
            let number = text.prefix { $0.isNumber || $0 == "." }
            let unit = text.dropFirst(number.count).trimmingSpaces()
            guard let amount = Double(number), amount >= 0 else {
                reader.error("'nutrition.\(key)' must be a number with a unit (\(field.units.joined(separator: ", "))), found '\(text)'", at: pair.value)
                continue
            }
            let written = unit.isEmpty ? field.units[0] : unit.lowercased()
            guard field.units.contains(written) else {
                reader.error("'nutrition.\(key)' has the unit '\(unit)'; use \(field.units.joined(separator: " or "))", at: pair.value)
                continue
            }
            func format(_ value: Double) -> String {
                value.rounded() == value ? String(Int(value)) : String(value)
            }
            switch written {
            case "kj": values[key] = "\(format((amount / 4.184).rounded())) calories"
            case "kcal", "cal", "calories": values[key] = "\(format(amount)) calories"
            default: values[key] = "\(format(amount)) \(written)"
            }
        }
        return NutritionFact.fields.compactMap { field in
            values[field.key].map { NutritionFact(key: field.key, property: field.property, label: field.label, value: $0) }
        }
    }

    /// `video:` as a URL, or a mapping with `url`, `name`, `description`, `thumbnail` and `upload_date`.
    private static func video(_ reader: inout FieldReader) -> RecipeVideo? {
        guard let node = reader.value("video") else { return nil }
        var fields: [String: YAMLNode] = [:]
        if node.scalar != nil {
            fields["url"] = node
        } else if let pairs = node.mapping {
            for pair in pairs {
                guard let key = pair.key.scalar, ["url", "name", "description", "thumbnail", "upload_date"].contains(key) else {
                    reader.appendDiagnostic(.warning("unknown key '\(pair.key.scalar ?? "?")' in 'video' (ignored); known: url, name, description, thumbnail, upload_date",
                                                     path: reader.path, line: pair.key.line, column: pair.key.column))
                    continue
                }
                fields[key] = pair.value
            }
        } else {
            reader.error("'video' must be a URL or a mapping with 'url:', found \(node.kindName)", at: node)
            return nil
        }
        guard let urlNode = fields["url"], let text = urlNode.scalar, !urlNode.isNull else {
            reader.error("'video' needs a 'url:' (a YouTube or Vimeo page or an https video file)", at: node)
            return nil
        }
        let kind: RecipeVideo.Kind
        let url: String
        switch RecipeVideo.kind(of: text) {
        case .success(let found): (kind, url) = found
        case .failure(let problem):
            reader.error(problem.message, at: urlNode)
            return nil
        }
        func field(_ key: String) -> String? {
            guard let value = fields[key] else { return nil }
            guard let text = value.scalar, !value.isNull else {
                reader.error("'video.\(key)' must be text, found \(value.kindName)", at: value)
                return nil
            }
            return nonEmpty(text)
        }
        var video = RecipeVideo(kind: kind, url: url, name: field("name"), description: field("description"),
                                thumbnail: nil, uploadDate: nil)
        if let value = fields["thumbnail"], let thumbnail = field("thumbnail") {
            if thumbnail.lowercased().hasPrefix("https://"), URL(string: thumbnail)?.host != nil {
                video.thumbnail = thumbnail
            } else {
                reader.error("'video.thumbnail' must be an https URL, found '\(thumbnail)'", at: value)
            }
        }
        if let value = fields["upload_date"], let written = field("upload_date") {
            if let parsed = RecipeDate(parsing: written) { video.uploadDate = parsed } else {
                reader.error("'video.upload_date' must be a date written YYYY-MM-DD, found '\(written)'", at: value)
            }
        }
        return video
    }

    /// `source:` as a credit, a URL, or a mapping with `name` and `url`.
    private static func source(_ reader: inout FieldReader) -> RecipeSource? {
        guard let node = reader.value("source") else { return nil }
        var name: String?
        var urlNode: YAMLNode?
        if let text = node.scalar {
            if text.lowercased().hasPrefix("http://") || text.lowercased().hasPrefix("https://") { urlNode = node } else { name = nonEmpty(text) }
        } else if let pairs = node.mapping {
            for pair in pairs {
                switch pair.key.scalar {
                case "name":
                    guard let text = pair.value.scalar else {
                        reader.error("'source.name' must be text, found \(pair.value.kindName)", at: pair.value)
                        continue
                    }
                    name = nonEmpty(text)
                case "url": urlNode = pair.value
                default:
                    reader.appendDiagnostic(.warning("unknown key '\(pair.key.scalar ?? "?")' in 'source' (ignored); known: name, url",
                                                     path: reader.path, line: pair.key.line, column: pair.key.column))
                }
            }
        } else {
            reader.error("'source' must be a credit, a URL or a mapping with 'name:' and 'url:', found \(node.kindName)", at: node)
            return nil
        }
        var url: String?
        if let urlNode {
            let text = urlNode.scalar?.trimmingSpaces() ?? ""
            let lower = text.lowercased()
            if (lower.hasPrefix("https://") || lower.hasPrefix("http://")), URL(string: text)?.host != nil {
                url = text
            } else {
                reader.error("'source.url' must be an http or https URL, found '\(urlNode.scalar ?? urlNode.kindName)'", at: urlNode)
            }
        }
        guard name != nil || url != nil else { return nil }
        return RecipeSource(name: name, url: url)
    }
}
