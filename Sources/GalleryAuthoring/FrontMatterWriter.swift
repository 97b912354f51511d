import Foundation
import GalleryContent
import GallerySupport

/// Writes recipe front matter that reads back exactly as written: plain scalars where YAML cannot
/// misread them, double-quoted (with escapes) everywhere else.
package struct FrontMatterWriter: Sendable {
    private var lines: [String] = []

    package init() {}

    /// `key: value`, the value quoted when needed.
    package mutating func add(_ key: String, _ value: String) {
        lines.append("\(key): \(Self.scalar(value))")
    }

    /// `key:` followed by one `  - item` line per item; nothing when `items` is empty.
    package mutating func add(_ key: String, list items: [String]) {
        guard !items.isEmpty else { return }
        lines.append("\(key):")
        lines.append(contentsOf: items.map { "  - \(Self.scalar($0))" })
    }

    /// `key:` as a flat list when no group has a title, else one `- group:` entry with `items:` each.
    /// `links` puts a linked line (`- { recipe: slug, amount: 1 cup }`) in place of an item, by
    /// group and position; in a flat list only a link with an amount (without one, an entry of
    /// `ingredients:` folds the whole recipe in).
    package mutating func add(_ key: String, groups: [IngredientGroup], links: [LinkedLine] = []) {
        guard groups.contains(where: { !$0.items.isEmpty }) else { return }
        let flat = Self.isFlat(groups)
        var linked: [[Int: LinkedLine]] = Array(repeating: [:], count: groups.count)
        for link in links where groups.indices.contains(link.group) && LinkedLine.fits(amount: link.amount, flat: flat) {
            linked[link.group][link.line] = link
        }
        func items(_ index: Int) -> [String] {
            groups[index].items.enumerated().map { position, item in linked[index][position]?.yaml ?? Self.scalar(item) }
        }
        lines.append("\(key):")
        if flat {
            lines.append(contentsOf: groups.indices.flatMap(items).map { "  - \($0)" })
            return
        }
        for (index, group) in groups.enumerated() where !group.items.isEmpty {
            lines.append("  - group: \(Self.scalar(group.title ?? "Ingredients"))")
            lines.append("    items:")
            lines.append(contentsOf: items(index).map { "      - \($0)" })
        }
    }

    /// Ingredients written as a flat list: no group has a title.
    package static func isFlat(_ groups: [IngredientGroup]) -> Bool {
        !groups.contains { $0.title != nil }
    }

    /// An ingredient line that names another recipe of the site.
    package struct LinkedLine: Sendable, Hashable {
        /// Whether a link can stand in for a line: in a flat list only with an amount, since an
        /// entry of `ingredients:` without one folds the whole recipe in.
        package static func fits(amount: String?, flat: Bool) -> Bool {
            !flat || amount != nil
        }

        package var group: Int
        package var line: Int
        package var slug: String
        package var amount: String?

        package init(group: Int, line: Int, slug: String, amount: String?) {
            self.group = group
            self.line = line
            self.slug = slug
            self.amount = amount
        }

        /// `{ recipe: slug, amount: 1 cup }`.
        var yaml: String {
            "{ recipe: \(FrontMatterWriter.scalar(slug, inFlow: true))" + (amount.map { ", amount: \(FrontMatterWriter.scalar($0, inFlow: true))" } ?? "") + " }"
        }
    }

    /// `key: [a, b]` on one line (for short lists such as tags); nothing when `items` is empty.
    package mutating func add(_ key: String, inlineList items: [String]) {
        guard !items.isEmpty else { return }
        lines.append("\(key): [\(items.map { Self.scalar($0, inFlow: true) }.joined(separator: ", "))]")
    }

    /// A line as it is, for comments such as `# image: images/x.jpg`.
    package mutating func addLine(_ line: String) {
        lines.append(line)
    }

    /// The front matter block, fences included, ending with a newline.
    package var text: String {
        (["---"] + lines + ["---"]).joined(separator: "\n") + "\n"
    }

    /// `value` as a YAML scalar that parses back to the same string.
    package static func scalar(_ value: String, inFlow: Bool = false) -> String {
        isSafePlain(value, inFlow: inFlow) ? value : doubleQuoted(value)
    }

    /// Plain only for text starting with a letter, made of letters, digits, spaces and harmless
    /// punctuation, and not a word YAML reads as a boolean or null.
    static func isSafePlain(_ value: String, inFlow: Bool) -> Bool {
        if !inFlow, value.hasPrefix("https://"), value.count > 8,
           value.unicodeScalars.allSatisfy({ $0.isASCII && (("a"..."z").contains($0) || ("A"..."Z").contains($0)
               || ("0"..."9").contains($0) || "-._~:/?#@!$&'()*+;=%".unicodeScalars.contains($0)) }) {
            return true // a URL: its colon is never followed by a space, its '#' never follows one
        }
        guard let first = value.unicodeScalars.first, value == value.trimmingCharacters(in: .whitespaces) else { return false }
        // "60 ml rum" may start with a digit: with a letter and a space it is no number, date or time.
        let digitFirst = ("0"..."9").contains(first) && value.contains(" ") && value.unicodeScalars.contains { $0.properties.isAlphabetic }
        guard first.properties.isAlphabetic || digitFirst else { return false }
        let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n"]
        guard !reserved.contains(value.lowercased()) else { return false }
        let punctuation = Set(inFlow ? "-.()'!?%/&+" : "-.,()'!?%/&+")
        return value.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == " "
                || punctuation.contains(Character(scalar))
        }
    }

    static func doubleQuoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// Escapes text for a Markdown paragraph or list item so it renders as the same characters.
package enum MarkdownText {
    /// Backslash-escapes the ASCII punctuation CommonMark could read as markup, and a leading
    /// character that would start a block (heading, list, quote).
    package static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_[]<>|~".contains(character) { result.append("\\") }
            result.append(character)
        }
        if let first = result.first, "#-+=>".contains(first) {
            result.insert("\\", at: result.startIndex)
        }
        // "1986. A good year" would become an ordered list item.
        if let dot = result.firstIndex(where: { !$0.isNumber }), dot != result.startIndex,
           result[dot] == "." || result[dot] == ")" {
            result.insert("\\", at: dot)
        }
        return result
    }
}
