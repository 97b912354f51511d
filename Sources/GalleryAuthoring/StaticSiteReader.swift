import Foundation
import GalleryContent
import GallerySupport

/// Recipe pages of another static site: Jekyll's chowdown theme (`_recipes/*.md` with
/// `ingredients`, `directions`, `components`, `imagecredit`, comma-string `tags`, the picture in the
/// site's `images/`) and Hugo recipe themes (`ingredients`, `instructions`, `prepTime`, `images`,
/// pictures under `static/`). The Markdown body is kept as it is.
package enum StaticSiteReader {
    /// Whether `text` is a Markdown page whose front matter holds a recipe.
    package static func isRecipePage(_ text: String) -> Bool {
        guard text.hasPrefix("---\n") || text.hasPrefix("---\r\n"), let end = text.range(of: "\n---", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex) else { return false }
        let head = text[..<end.lowerBound].lowercased()
        return head.contains("\ningredients:") || head.contains("\ndirections:") || head.contains("\ninstructions:")
    }

    package static func recipe(_ text: String, url: URL, origin: String) throws(Diagnostic) -> ForeignRecipe {
        let page = try FrontMatter.parse(text, path: origin, what: "a recipe page")
        let name = url.deletingPathExtension().lastPathComponent
        var recipe = ForeignRecipe(origin: origin, title: name)
        var fields: [String: YAMLNode] = [:]
        for pair in page.yaml?.mapping ?? [] { if let key = pair.key.scalar { fields[key] = pair.value } }
        func texts(_ node: YAMLNode?) -> [String] {
            guard let node else { return [] }
            if let items = node.sequence { return items.compactMap(\.scalar).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty } }
            return node.scalar.map { [$0.trimmingCharacters(in: .whitespacesAndNewlines)] }?.filter { !$0.isEmpty } ?? []
        }
        func commaList(_ node: YAMLNode?) -> [String] {
            if node?.sequence != nil { return texts(node) }
            return texts(node).flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        }
        var used: Set<String> = ["layout", "draft", "slug", "weight", "permalink", "type"]
        func take(_ keys: String...) -> YAMLNode? {
            for key in keys { used.insert(key) }
            return keys.lazy.compactMap { fields[$0] }.first
        }
        if let title = texts(take("title")).first { recipe.title = ImportedText.plain(title) }
        recipe.summary = texts(take("description", "summary", "excerpt")).first.map(ImportedText.plain)
        recipe.tags = commaList(take("tags")) + commaList(take("categories"))
        recipe.ingredients = ingredientGroups(take("ingredients"))
        let steps = take("directions", "instructions", "method", "steps")
        recipe.method = methodGroups(steps)
        if let image = texts(take("image", "images", "photo", "featured_image", "cover")).first {
            recipe.photo = photo(image, page: url)
        }
        recipe.yield = texts(take("yield", "servings", "serves", "recipeYield")).first
        for (keys, store) in [(["prep", "prep_time", "prepTime", "preptime"], 0), (["cook", "cook_time", "cookTime", "cooktime"], 1),
                              (["total_time", "totalTime", "time"], 2)] {
            guard let written = texts(keys.lazy.compactMap { key -> YAMLNode? in used.insert(key); return fields[key] }.first).first else { continue }
            guard let seconds = ImportedDuration.seconds(written) else { recipe.extra[keys[0]] = written; continue }
            switch store {
            case 0: recipe.prepTime = seconds
            case 1: recipe.cookTime = seconds
            default: recipe.totalTime = seconds
            }
        }
        recipe.components = texts(take("components")).map(ImportedText.plain)
        recipe.imageCredit = texts(take("imagecredit", "image_credit", "photo_credit")).first
        recipe.author = texts(take("author")).first
        if let date = texts(take("date")).first, date.count >= 10 { recipe.date = String(date.prefix(10)) }
        recipe.category = texts(take("category", "course")).first
        recipe.cuisine = texts(take("cuisine")).first
        if let source = texts(take("source", "source_url", "original")).first {
            if source.lowercased().hasPrefix("http") { recipe.sourceURL = source } else { recipe.sourceName = source }
        }
        for key in fields.keys.sorted() where !used.contains(key) {
            let values = texts(fields[key])
            if !values.isEmpty { recipe.extra[key] = values.joined(separator: ", ") } else { recipe.uncarried[key] = 1 }
        }
        let body = page.body.trimmingCharacters(in: .whitespacesAndNewlines)
        recipe.body = body.isEmpty ? nil : body
        return recipe
    }

    static func ingredientGroups(_ node: YAMLNode?) -> [IngredientGroup] {
        guard let node else { return [] }
        var groups: [IngredientGroup] = []
        for entry in node.sequence ?? [node] {
            if let text = entry.scalar {
                for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
                    if groups.isEmpty || groups[groups.count - 1].title != nil { groups.append(IngredientGroup(title: nil, items: [])) }
                    groups[groups.count - 1].items.append(line)
                }
            } else if let pairs = entry.mapping, pairs.count == 1, let title = pairs[0].key.scalar, let items = pairs[0].value.sequence {
                // `- For the sauce: [..]`, as Hugo themes write groups.
                groups.append(IngredientGroup(title: title, items: items.compactMap(\.scalar)))
            }
        }
        return groups.filter { !$0.items.isEmpty }
    }

    static func methodGroups(_ node: YAMLNode?) -> [MethodGroup] {
        guard let node else { return [] }
        var steps: [String] = []
        for entry in node.sequence ?? [node] {
            if let text = entry.scalar {
                steps += text.split(whereSeparator: \.isNewline).map { RecipeParser.withoutStepNumber(String($0)) }.filter { !$0.isEmpty }
            } else if let pairs = entry.mapping, pairs.count == 1, let label = pairs[0].key.scalar, let rest = pairs[0].value.scalar {
                steps.append(RecipeParser.withoutStepNumber("\(label): \(rest)"))
            }
        }
        return steps.isEmpty ? [] : [MethodGroup(title: nil, steps: steps)]
    }

    /// The page's picture: an address, or a file beside the page, in the site's `images/`,
    /// `assets/`, Hugo's `static/`, or named from the site's root.
    static func photo(_ written: String, page: URL) -> ForeignRecipe.Photo? {
        if written.contains("://") { return .remote(written) }
        let path = written.hasPrefix("/") ? String(written.dropFirst()) : written
        let folder = page.deletingLastPathComponent()
        let root = folder.deletingLastPathComponent()
        let candidates = [folder.appendingPathComponent(path), root.appendingPathComponent(path), root.appendingPathComponent("images/" + path),
                          root.appendingPathComponent("assets/" + path), root.appendingPathComponent("static/" + path),
                          root.deletingLastPathComponent().appendingPathComponent("static/" + path)]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }.map(ForeignRecipe.Photo.file)
    }
}
