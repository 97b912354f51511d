import Foundation
import GalleryContent
import GallerySupport

/// Cooklang `.cook` files (cooklang.org's specification): each paragraph a step, `@ingredient{qty%unit}`
/// (one word without braces), `#cookware{}`, `~timer{qty%unit}`, `== Section ==`, `-- comments`
/// and `[- block comments -]`, `> notes`, metadata as YAML front matter or `>> key: value`
/// lines; the photo is `Name.jpg` (or `.png`) beside the file.
package enum CooklangReader {
    /// The recipe in `text`; `name` is the file's name without `.cook` (the title without `title:`).
    package static func recipe(_ text: String, name: String, origin: String) throws(Diagnostic) -> ForeignRecipe {
        var body = text.replacingOccurrences(of: "\r\n", with: "\n")
        var metadata: [(key: String, value: Metadata)] = []
        if body.hasPrefix("---\n") {
            let frontMatter = try FrontMatter.parse(body, path: origin, what: "a Cooklang recipe")
            for pair in frontMatter.yaml?.mapping ?? [] {
                if let key = pair.key.scalar { metadata.append((key.lowercased(), Metadata(pair.value))) }
            }
            body = frontMatter.body
        }
        body = withoutBlockComments(body)
        var recipe = ForeignRecipe(origin: origin, title: name)
        var section: String?
        var paragraph: [String] = []
        var ingredients: [IngredientGroup] = []
        var method: [MethodGroup] = []
        var cookware: [String] = []
        func endParagraph() {
            guard !paragraph.isEmpty else { return }
            let step = parse(paragraph.joined(separator: " "))
            paragraph = []
            guard !step.text.isEmpty else { return }
            if method.last?.title != section || method.isEmpty { method.append(MethodGroup(title: section, steps: [])) }
            method[method.count - 1].steps.append(MarkdownText.escape(step.text))
            if !step.ingredients.isEmpty {
                if ingredients.last?.title != section || ingredients.isEmpty { ingredients.append(IngredientGroup(title: section, items: [])) }
                for item in step.ingredients.map(MarkdownText.escape) where !ingredients[ingredients.count - 1].items.contains(item) {
                    ingredients[ingredients.count - 1].items.append(item)
                }
            }
            for tool in step.cookware where !cookware.contains(tool) { cookware.append(tool) }
        }
        for rawLine in body.components(separatedBy: "\n") {
            let line = withoutLineComment(rawLine).trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(">>") {
                endParagraph()
                let entry = line.dropFirst(2)
                if let colon = entry.firstIndex(of: ":") {
                    let key = entry[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                    let value = entry[entry.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    metadata.append((key, Metadata(texts: [value], fields: [])))
                }
            } else if line.hasPrefix(">") {
                endParagraph()
                let note = line.dropFirst().trimmingCharacters(in: .whitespaces)
                if !note.isEmpty { recipe.notes.append(note) }
            } else if line.hasPrefix("=") {
                endParagraph()
                let title = line.trimmingCharacters(in: CharacterSet(charactersIn: "= "))
                section = title.isEmpty ? nil : title
            } else if line.isEmpty {
                endParagraph()
            } else {
                paragraph.append(line)
            }
        }
        endParagraph()
        recipe.ingredients = ingredients.filter { !$0.items.isEmpty }
        recipe.method = method
        recipe.equipment = cookware
        for (key, value) in metadata { apply(key, value, to: &recipe) }
        if recipe.title.trimmingCharacters(in: .whitespaces).isEmpty { throw .error("the recipe has no title", path: origin) }
        return recipe
    }

    /// A metadata value: text, a list of texts, or nested fields (`source: {name, url}`).
    struct Metadata {
        var texts: [String]
        var fields: [(String, Metadata)]

        init(texts: [String], fields: [(String, Metadata)]) {
            self.texts = texts
            self.fields = fields
        }

        init(_ node: YAMLNode) {
            texts = node.sequence?.compactMap(\.scalar) ?? node.scalar.map { [$0] } ?? []
            fields = (node.mapping ?? []).compactMap { pair in pair.key.scalar.map { ($0.lowercased(), Metadata(pair.value)) } }
        }
    }

    /// A canonical metadata key (cooklang.org's conventions) into its field; the rest under `extra:`.
    static func apply(_ key: String, _ value: Metadata, to recipe: inout ForeignRecipe) {
        let texts = value.texts
        let text = texts.first.map(ImportedText.plain)
        switch key {
        case "title": if let text, !text.isEmpty { recipe.title = text }
        case "description", "introduction": recipe.summary = text
        case "servings", "serves", "yield": recipe.yield = text
        case "course", "category": recipe.category = text
        case "cuisine": recipe.cuisine = text
        case "diet": recipe.diets = texts.count > 1 ? texts : (text?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? [])
        case "tags": recipe.tags = texts.count > 1 ? texts : (text?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? [])
        case "image", "images", "picture", "pictures": if let text { recipe.photo = .remote(text) }
        case "author", "source.author": recipe.author = text
        case "source", "source.name":
            if !value.fields.isEmpty {
                for (name, field) in value.fields { apply("source.\(name)", field, to: &recipe) }
            } else if let text {
                if text.lowercased().hasPrefix("http") { recipe.sourceURL = text } else { recipe.sourceName = text }
            }
        case "source.url": recipe.sourceURL = text
        case "time required", "time", "duration", "total time", "time.total":
            if let text, let seconds = ImportedDuration.seconds(text) { recipe.totalTime = seconds } else if let text { recipe.extra[key] = text }
        case "prep time", "time.prep":
            if let text, let seconds = ImportedDuration.seconds(text) { recipe.prepTime = seconds } else if let text { recipe.extra[key] = text }
        case "cook time", "time.cook":
            if let text, let seconds = ImportedDuration.seconds(text) { recipe.cookTime = seconds } else if let text { recipe.extra[key] = text }
        default:
            if !value.fields.isEmpty {
                for (name, field) in value.fields { apply("\(key).\(name)", field, to: &recipe) }
            } else if !texts.isEmpty {
                recipe.extra[key] = texts.map(ImportedText.plain).joined(separator: ", ")
            }
        }
    }

    /// One step: its text as a cook reads it, and the ingredients ("1 kg bacon strips") and
    /// cookware it names, in order.
    struct Step {
        var text = ""
        var ingredients: [String] = []
        var cookware: [String] = []
    }

    static func parse(_ line: String) -> Step {
        var step = Step()
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard "@#~".contains(character), index + 1 < characters.count, !characters[index + 1].isWhitespace else {
                step.text.append(character)
                index += 1
                continue
            }
            // A name runs to '{' when one comes before the next marker; else it is one word.
            var end = index + 1
            var brace: Int?
            while end < characters.count, !"@#~".contains(characters[end]) {
                if characters[end] == "{" { brace = end; break }
                end += 1
            }
            var name: String
            var amount = ""
            var next: Int
            if let brace, let close = characters[brace...].firstIndex(of: "}") {
                name = String(characters[(index + 1)..<brace]).trimmingCharacters(in: .whitespaces)
                amount = String(characters[(brace + 1)..<close])
                next = close + 1
            } else {
                var wordEnd = index + 1
                while wordEnd < characters.count, characters[wordEnd].isLetter || characters[wordEnd].isNumber || characters[wordEnd] == "_" || characters[wordEnd] == "-" {
                    wordEnd += 1
                }
                name = String(characters[(index + 1)..<wordEnd])
                next = wordEnd
            }
            var preparation: String?
            if character == "@", next < characters.count, characters[next] == "(", let close = characters[next...].firstIndex(of: ")") {
                preparation = String(characters[(next + 1)..<close]).trimmingCharacters(in: .whitespaces)
                next = close + 1
            }
            if character == "@", name.hasPrefix("./") || name.hasPrefix("../") {
                name = (name as NSString).lastPathComponent // a reference to another recipe: its name
            }
            let parts = amount.split(separator: "%", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let quantity = parts.first ?? ""
            let unit = parts.count > 1 ? parts[1] : ""
            switch character {
            case "@":
                step.text += name
                let written = [quantity, unit, name].filter { !$0.isEmpty }.joined(separator: " ")
                step.ingredients.append(preparation.map { "\(written), \($0)" } ?? written)
            case "#":
                step.text += name
                if !name.isEmpty { step.cookware.append(name) }
            default:
                let duration = [quantity, unit].filter { !$0.isEmpty }.joined(separator: " ")
                step.text += duration.isEmpty ? name : duration
            }
            index = max(next, index + 1)
        }
        step.text = ImportedText.collapse(step.text)
        return step
    }

    /// The line without a `--` comment.
    static func withoutLineComment(_ line: String) -> String {
        guard let range = line.range(of: "--") else { return line }
        return String(line[..<range.lowerBound])
    }

    /// The text without `[- … -]` comments (which may span lines).
    static func withoutBlockComments(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "[-") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-]") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
