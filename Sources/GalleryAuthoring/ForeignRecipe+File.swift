import Foundation
import GalleryContent
import GallerySupport

extension ForeignRecipe {
    /// The recipe file: front matter with every field gallerygen has, `extra:` for the rest, and a
    /// body with the notes. A value gallerygen would refuse (a servings count it cannot read, a
    /// video that is not YouTube, Vimeo or a file, a diet schema.org lacks) moves to `extra:`
    /// rather than failing the recipe. `image` is the photo's path in the site, or a remote URL;
    /// `stepImages` the pictures of single steps (paths in the site), shown after the method.
    /// `linkedRecipes` are the slugs of the recipes of `components` the import holds, written as
    /// linked parts at the end of the ingredients; `linkedLines` the lines of `ingredientLinks`
    /// the import could link, written in place of their words.
    package func recipeText(image: String?, stepImages: [(step: Int, path: String)] = [], linkedRecipes: [String] = [],
                            linkedLines: [FrontMatterWriter.LinkedLine] = [], slugStyle: SlugStyle) -> String {
        var extra = self.extra
        var front = FrontMatterWriter()
        front.add("title", title)
        if let image { front.add("image", image) }
        if let imageCredit {
            if image == nil {
                extra["imagecredit"] = imageCredit
            } else if let url = URL(string: imageCredit), let host = url.host,
                      ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
                // An address alone (chowdown's habit): its site names the credit, the link goes to it.
                front.addLine("image_credit:")
                front.addLine("  text: \(FrontMatterWriter.scalar(host.hasPrefix("www.") ? String(host.dropFirst(4)) : host))")
                front.addLine("  url: \(FrontMatterWriter.scalar(imageCredit))")
            } else {
                front.add("image_credit", imageCredit)
            }
        }
        if let summary, !summary.isEmpty { front.add("summary", summary) }
        front.add("tags", inlineList: unique(tags))
        if let category { front.add("category", category) }
        if let cuisine { front.add("cuisine", cuisine) }
        front.add("keywords", inlineList: unique(keywords))
        if let yield {
            let count = Self.servingsCount(yield)
            if let count, RecipeServings(parsing: count) != nil {
                front.add("servings", count)
            } else {
                front.add("yield", yield)
            }
        }
        for (key, seconds) in [("prep_time", prepTime), ("cook_time", cookTime), ("total_time", totalTime)] {
            if let seconds { front.add(key, ImportedDuration.text(seconds)) }
        }
        var facts: [(String, String)] = []
        for field in NutritionFact.fields {
            guard let written = nutrition[field.key] else { continue }
            if let value = Self.nutritionValue(written, units: field.units) {
                facts.append((field.key, value))
            } else {
                extra["nutrition.\(field.key)"] = written
            }
        }
        if !facts.isEmpty {
            front.addLine("nutrition:")
            for (key, value) in facts { front.addLine("  \(key): \(FrontMatterWriter.scalar(value))") }
        }
        front.add("equipment", list: unique(equipment))
        var diets: [String] = []
        for diet in self.diets {
            var name = Substring(diet)
            for prefix in ["https://schema.org/", "http://schema.org/", "schema:"] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
            if let value = RestrictedDiet.value(for: String(name)) { diets.append(value) } else { extra["suitableForDiet"] = diet }
        }
        front.add("suitable_for_diet", list: unique(diets))
        if let video {
            if case .success = RecipeVideo.kind(of: video) {
                let thumbnail = videoThumbnail.flatMap { $0.lowercased().hasPrefix("https://") && URL(string: $0)?.host != nil ? $0 : nil }
                let uploadDate = videoUploadDate.flatMap { RecipeDate(parsing: $0) != nil ? $0 : nil }
                if videoName == nil && videoDescription == nil && thumbnail == nil && uploadDate == nil {
                    front.add("video", video)
                } else {
                    front.addLine("video:")
                    front.addLine("  url: \(FrontMatterWriter.scalar(video))")
                    if let videoName { front.addLine("  name: \(FrontMatterWriter.scalar(videoName))") }
                    if let videoDescription { front.addLine("  description: \(FrontMatterWriter.scalar(videoDescription))") }
                    if let thumbnail { front.addLine("  thumbnail: \(FrontMatterWriter.scalar(thumbnail))") }
                    if let uploadDate { front.addLine("  upload_date: \(FrontMatterWriter.scalar(uploadDate))") }
                }
            } else {
                extra["video"] = video
            }
        }
        if let author { front.add("author", author) }
        if let date {
            if RecipeDate(parsing: date) != nil { front.add("date", date) } else { extra["date"] = date }
        }
        let url = sourceURL.flatMap { url in
            let lower = url.lowercased()
            return (lower.hasPrefix("https://") || lower.hasPrefix("http://")) && URL(string: url)?.host != nil ? url : nil
        }
        if let sourceURL, url == nil { extra["source"] = sourceURL }
        if sourceName != nil || url != nil {
            front.addLine("source:")
            if let sourceName { front.addLine("  name: \(FrontMatterWriter.scalar(sourceName))") }
            if let url { front.addLine("  url: \(FrontMatterWriter.scalar(url))") }
        }
        front.add("ingredients", groups: ingredients, links: linkedLines)
        if !linkedRecipes.isEmpty {
            // `add(_:groups:)` writes no key for groups without items.
            if ingredients.allSatisfy({ $0.items.isEmpty }) { front.addLine("ingredients:") }
            for slug in linkedRecipes { front.addLine("  - recipe: \(FrontMatterWriter.scalar(slug))") }
        }
        front.add("directions", groups: method.map { IngredientGroup(title: $0.title, items: $0.steps) })
        if !extra.isEmpty {
            front.addLine("extra:")
            var used: Set<String> = []
            for key in extra.keys.sorted() {
                var name = Self.extraKey(key)
                while !used.insert(name).inserted { name += "_" }
                front.addLine("  \(FrontMatterWriter.scalar(name)): \(FrontMatterWriter.doubleQuoted(extra[key]!))")
            }
        }
        var body = self.body.map { "\n" + $0 + "\n" } ?? ""
        if !stepImages.isEmpty {
            // Relative to recipes/<slug>.md, as a body's pictures are; the title is the visible caption.
            body += "\n## Step pictures\n\n" + stepImages.map { "![Step \($0.step + 1)](../\($0.path) \"Step \($0.step + 1)\")" }.joined(separator: "\n\n") + "\n"
        }
        if !notes.isEmpty {
            body += "\n## Notes\n\n" + notes.map(MarkdownText.escape).joined(separator: "\n\n") + "\n"
        }
        return front.text + body
    }

    /// "4", "4 servings", "serves 4", "12 cookies" → the count (and unit) `servings:` reads; nil
    /// for a yield that is not a count ("one 9-inch loaf").
    static func servingsCount(_ yield: String) -> String? {
        var words = yield.lowercased().split(separator: " ").map(String.init)
        if words.first == "serves" || words.first == "makes" { words.removeFirst() }
        guard let first = words.first, Double(first) != nil else { return nil }
        let rest = words.dropFirst()
        if rest.isEmpty || ["servings", "serving", "portions", "portion", "people", "persons", "person"].contains(rest.joined(separator: " ")) {
            return first
        }
        return ([first] + yield.split(separator: " ").map(String.init).drop { $0.lowercased() == "serves" || $0.lowercased() == "makes" }.dropFirst()).joined(separator: " ")
    }

    /// "12g", "12 grams", "240 kcal", "240" → what `nutrition:` reads ("12 g"); nil when not an amount.
    static func nutritionValue(_ written: String, units: [String]) -> String? {
        guard !units.isEmpty else { return written }
        let trimmed = written.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix { $0.isNumber || $0 == "." || $0 == "," }.replacingOccurrences(of: ",", with: ".")
        guard let amount = Double(number), amount >= 0 else { return nil }
        var unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        switch unit {
        case "grams", "gram", "gr": unit = "g"
        case "milligrams", "milligram": unit = "mg"
        case "kcals", "cals", "calorie": unit = "kcal"
        default: break
        }
        if unit.isEmpty { unit = units[0] }
        guard units.contains(unit) else { return nil }
        return "\(number) \(unit)"
    }

    /// A source's field name as a plain YAML key: `aggregateRating` → `aggregate_rating`.
    static func extraKey(_ name: String) -> String {
        var key = ""
        for character in name {
            if character.isUppercase, !key.isEmpty, key.last != "_", key.last != "." { key.append("_") }
            key += character.isLetter || character.isNumber || character == "." ? character.lowercased() : "_"
        }
        return key.isEmpty ? "field" : key
    }

    private func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0.lowercased()).inserted }
    }
}
