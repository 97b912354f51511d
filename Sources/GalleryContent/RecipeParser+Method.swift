import Foundation
import GallerySupport

/// The method written in front matter, and what a recipe copied from another site's front matter
/// would otherwise lose without a word: keys this format does not know that hold content.
extension RecipeParser {
    /// The keys other recipe sites (Jekyll's chowdown, Hugo recipe themes) give the method; each
    /// is the method here too.
    static let methodKeys = ["directions", "instructions", "method", "steps"]
    /// The keys of a group of the method: its title, and its steps.
    static let methodGroupTitleKeys = ["group", "section"]
    static let methodGroupStepKeys = ["steps", "items"]

    /// `directions:` (or a synonym) as a list of steps, a list of `- group:` entries with
    /// `steps:` (or `items:`), both mixed, or text with one step per line; the steps' `recipe:`
    /// links go to `links`.
    static func method(_ reader: inout FieldReader, links: inout [RecipeLink]) -> [MethodGroup] {
        let written = methodKeys.compactMap { key in reader.value(key).map { (key, $0) } }
        guard let (key, node) = written.first else { return [] }
        for (other, otherNode) in written.dropFirst() {
            reader.error("'\(key)' and '\(other)' both give the method: keep one", at: otherNode)
        }
        if let text = node.scalar {
            let steps = steps(of: text, at: node, links: &links)
            return steps.isEmpty ? [] : [MethodGroup(title: nil, steps: steps)]
        }
        guard let entries = node.sequence else {
            reader.error("'\(key)' must be a list of steps, found \(node.kindName)", at: node)
            return []
        }
        var groups: [MethodGroup] = []
        func appendStep(_ text: String) {
            let step = withoutStepNumber(text)
            guard !step.isEmpty else { return }
            if let last = groups.last, last.title == nil {
                groups[groups.count - 1].steps.append(step)
            } else {
                groups.append(MethodGroup(title: nil, steps: [step]))
            }
        }
        for entry in entries {
            if let text = entry.scalar, !entry.isNull {
                RecipeLink.collect(text, at: entry, into: &links)
                appendStep(text)
            } else if let pairs = entry.mapping, pairs.count == 1, let label = pairs[0].key.scalar, let rest = pairs[0].value.scalar,
                      !methodGroupTitleKeys.contains(label), !methodGroupStepKeys.contains(label) {
                // `- Step 1: Mix the flour` unquoted is a mapping to YAML; the cook meant the line.
                collectLinks(of: pairs[0], label: label, rest: rest, into: &links)
                appendStep(rest.isEmpty ? label : "\(label): \(rest)")
            } else if let pairs = entry.mapping, let group = methodGroup(pairs, at: entry, key: key, reader: &reader, links: &links) {
                groups.append(group)
            } else if entry.mapping == nil {
                reader.error("each entry of '\(key)' must be a step or a group ('- group: For the sauce' with 'steps:'), found \(entry.kindName)", at: entry)
            }
        }
        return groups
    }

    private static func methodGroup(_ pairs: [YAMLPair], at entry: YAMLNode, key: String, reader: inout FieldReader,
                                    links: inout [RecipeLink]) -> MethodGroup? {
        var title: String?
        var steps: [String]?
        for pair in pairs {
            switch pair.key.scalar {
            case let name? where methodGroupTitleKeys.contains(name):
                guard let text = pair.value.scalar, !pair.value.isNull, !text.trimmingSpaces().isEmpty else {
                    reader.error("'\(pair.key.scalar ?? "group")' must be a heading such as 'For the sauce', found \(pair.value.kindName)", at: pair.value)
                    return nil
                }
                title = text.trimmingSpaces()
            case let name? where methodGroupStepKeys.contains(name):
                if let text = pair.value.scalar, !pair.value.isNull {
                    steps = Self.steps(of: text, at: pair.value, links: &links)
                    continue
                }
                guard let list = pair.value.sequence else {
                    reader.error("the steps of a group in '\(key)' must be a list, found \(pair.value.kindName)", at: pair.value)
                    return nil
                }
                var texts: [String] = []
                for item in list {
                    if let text = item.scalar, !item.isNull {
                        RecipeLink.collect(text, at: item, into: &links)
                        let step = withoutStepNumber(text)
                        if !step.isEmpty { texts.append(step) }
                    } else if let inner = item.mapping, inner.count == 1, let label = inner[0].key.scalar, let rest = inner[0].value.scalar {
                        collectLinks(of: inner[0], label: label, rest: rest, into: &links)
                        texts.append(withoutStepNumber("\(label): \(rest)"))
                    } else {
                        reader.error("each step must be text, found \(item.kindName)", at: item)
                    }
                }
                steps = texts
            default:
                reader.error("unknown key '\(pair.key.scalar ?? "?")' in a group of '\(key)' (a group has 'group:' and 'steps:')", at: pair.key)
                return nil
            }
        }
        guard let steps, !steps.isEmpty else {
            reader.error("this group of '\(key)' has no 'steps:' list", at: entry)
            return nil
        }
        return MethodGroup(title: title, steps: steps)
    }

    /// The steps of a method written as text, one a line, with their `recipe:` links, placed at
    /// the text's scalar `node` as the text is one YAML scalar.
    private static func steps(of text: String, at node: YAMLNode, links: inout [RecipeLink]) -> [String] {
        RecipeLink.collect(text, at: node, into: &links)
        return lines(text).map(withoutStepNumber).filter { !$0.isEmpty }
    }

    /// The links of a step YAML read as a one-pair mapping (`- Stir as for a [Negroni](recipe:negroni): then serve`):
    /// those of the label at the key, those of the rest at the value.
    private static func collectLinks(of pair: YAMLPair, label: String, rest: String, into links: inout [RecipeLink]) {
        RecipeLink.collect(label, at: pair.key, into: &links)
        RecipeLink.collect(rest, at: pair.value, into: &links)
    }

    /// Non-empty trimmed lines, list markers ("- ", "* ", "• ") removed.
    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { line -> String in
            var line = Substring(line.trimmingSpaces())
            if let marker = line.first, "-*•".contains(marker), line.dropFirst().first == " " { line = line.dropFirst(2) }
            return line.trimmingSpaces()
        }.filter { !$0.isEmpty }
    }

    /// The step without the number it was written with ("1. ", "2) ", "Step 3: ", "Step 4 - "),
    /// so that the numbered list does not number it twice.
    package static func withoutStepNumber(_ text: String) -> String {
        var rest = Substring(text.trimmingSpacesAndNewlines())
        if rest.lowercased().hasPrefix("step") {
            let afterWord = rest.dropFirst(4).drop { $0 == " " }
            let digits = afterWord.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty {
                let afterNumber = afterWord.dropFirst(digits.count).drop { $0 == " " }
                if let mark = afterNumber.first, ":.-–)".contains(mark) {
                    rest = afterNumber.dropFirst()
                } else if afterNumber.isEmpty || afterNumber.first?.isLetter == true {
                    rest = afterNumber
                }
            }
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let after = rest.dropFirst(digits.count)
            if !digits.isEmpty, digits.count <= 3, let mark = after.first, ".)".contains(mark), after.dropFirst().first == " " {
                rest = after.dropFirst()
            }
        }
        return rest.trimmingSpaces()
    }

    /// The key that holds what an unknown key of another recipe format holds, when there is one.
    static let suggestedKeys: [String: String] = [
        "ingredient": "ingredients", "tag": "tags", "categories": "tags", "description": "summary", "excerpt": "summary",
        "tools": "equipment", "tool": "equipment", "utensils": "equipment", "cookware": "equipment",
        "photo": "image", "picture": "image", "images": "image", "serves": "servings", "portions": "servings",
        "yields": "yield", "diet": "suitable_for_diet", "diets": "suitable_for_diet", "preptime": "prep_time",
        "cooktime": "cook_time", "totaltime": "total_time", "url": "source", "link": "source", "source_url": "source",
        "original": "source", "nutrients": "nutrition", "keyword": "keywords", "course": "category",
    ]

    /// The warning for an unknown front matter key whose value is content (a list, a mapping, text
    /// of several lines): what is dropped and where it belongs; nil for other unknown keys.
    static func droppedContent(key: String, value: YAMLNode) -> String? {
        let what: String
        if let items = value.sequence {
            what = "its list of \(items.count) entr\(items.count == 1 ? "y" : "ies")"
        } else if let pairs = value.mapping {
            what = "its \(pairs.count) field\(pairs.count == 1 ? "" : "s")"
        } else if let text = value.scalar, text.contains(where: \.isNewline) {
            let count = lines(text).count
            what = "its \(count) line\(count == 1 ? "" : "s") of text"
        } else {
            return nil
        }
        let normalised = key.lowercased().replacingOccurrences(of: "-", with: "_")
        let hint: String
        if let known = suggestedKeys[normalised] ?? suggestedKeys[normalised.replacingOccurrences(of: "_", with: "")] {
            hint = "write it as '\(known):'"
        } else if ["notes", "note", "tips", "tip", "variations", "comments"].contains(normalised) {
            hint = "write it in the body, under a heading such as '## Notes'"
        } else {
            hint = "rename it to a known key (\(knownKeys.joined(separator: ", "))), move it into the body, or keep it under 'extra:' for your templates"
        }
        return "unknown key '\(key)' in front matter: \(what) will not be on the page; \(hint)"
    }
}
