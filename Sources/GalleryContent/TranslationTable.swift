import GallerySupport

/// A CLDR plural category: the forms a counted phrase takes ("1 recipe", "3 recipes"); English uses
/// one and other, Japanese other only, Arabic all six.
package enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other
}

/// One language's strings of the theme, read from a YAML file of `key: text` lines: the tables the
/// binary ships (`Templates/i18n/fr.yml`) and a site's overrides (`i18n/fr.yml`). A counted phrase
/// is a mapping of plural categories (`one: "{count} recipe"`, `other: "{count} recipes"`).
package struct TranslationTable: Sendable {
    package enum Value: Sendable, Hashable {
        case text(String)
        /// A phrase for each plural category the file gives; `other` is always there.
        case plural([PluralCategory: String])
    }

    package struct Entry: Sendable, Hashable {
        package var value: Value
        /// Where the key is written, for the warning about a key the theme does not know.
        package var line: Int
        package var column: Int
    }

    /// The language the file is for: its name without `.yml` (`fr`, `pt-BR`).
    package var language: String
    /// How diagnostics name the file.
    package var displayPath: String
    package var entries: [String: Entry]

    package init(language: String, displayPath: String, entries: [String: Entry] = [:]) {
        self.language = language
        self.displayPath = displayPath
        self.entries = entries
    }

    /// Reads a table's text; a file that is not a mapping of texts and plural mappings is an error.
    package static func parse(_ text: String, language: String, displayPath: String) -> (TranslationTable, [Diagnostic]) {
        var table = TranslationTable(language: language, displayPath: displayPath)
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(text)
        } catch {
            return (table, [.error(error.diagnosticMessage(), path: displayPath, line: error.line, column: error.column)])
        }
        var diagnostics: [Diagnostic] = []
        func error(_ message: String, at node: YAMLNode) {
            diagnostics.append(.error(message, path: displayPath, line: node.line, column: node.column))
        }
        guard let root, !root.isNull else { return (table, []) }
        guard let pairs = root.mapping else {
            error("a translation file must be a mapping of 'key: text' lines, found \(root.kindName)", at: root)
            return (table, diagnostics)
        }
        for pair in pairs {
            guard let key = pair.key.scalar else {
                error("keys of a translation file must be plain names", at: pair.key)
                continue
            }
            if table.entries[key] != nil {
                error("duplicate key '\(key)'", at: pair.key)
                continue
            }
            let value: Value
            if let scalar = pair.value.scalar, !pair.value.isNull {
                value = .text(scalar)
            } else if let forms = pair.value.mapping {
                var phrases: [PluralCategory: String] = [:]
                for form in forms {
                    guard let name = form.key.scalar, let category = PluralCategory(rawValue: name) else {
                        error("'\(form.key.scalar ?? "?")' is not a plural form: use zero, one, two, few, many or other", at: form.key)
                        continue
                    }
                    guard let phrase = form.value.scalar, !form.value.isNull else {
                        error("the '\(name)' form of '\(key)' must be text, found \(form.value.kindName)", at: form.value)
                        continue
                    }
                    phrases[category] = phrase
                }
                guard phrases[.other] != nil else {
                    error("'\(key)' needs an 'other' form, used for any count the other forms do not cover", at: pair.value)
                    continue
                }
                value = .plural(phrases)
            } else {
                error("'\(key)' must be text or a mapping of plural forms (one: …, other: …), found \(pair.value.kindName)", at: pair.value)
                continue
            }
            table.entries[key] = Entry(value: value, line: pair.key.line, column: pair.key.column)
        }
        return (table, diagnostics)
    }
}
