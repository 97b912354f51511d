import Foundation
import GallerySupport

/// One language of a multilingual site (site.yml's `languages:`): its code, the site's title and
/// description in it, and where it is written. The first entry (or the one marked `default:`) is
/// published at the output root; every other language gets a tree of its own under `/CODE/`.
package struct SiteLanguage: Sendable, Hashable {
    /// A BCP 47 code as written (`fr`, `pt-BR`).
    package var code: String
    package var title: String?
    package var description: String?
    package var line: Int
    package var column: Int

    package init(code: String, title: String? = nil, description: String? = nil, line: Int = 1, column: Int = 1) {
        self.code = code
        self.title = title
        self.description = description
        self.line = line
        self.column = column
    }

    /// The language's name in itself, as a language switcher shows it: `Français`, `العربية`, `日本語`.
    package var ownName: String {
        let locale = Locale(identifier: code)
        guard let name = locale.localizedString(forIdentifier: code), !name.isEmpty else { return code }
        return name.prefix(1).uppercased(with: locale) + name.dropFirst()
    }

    /// Whether `code` names a language ISO 639 knows (its region or script, if any, is not checked).
    package static func isKnown(_ code: String) -> Bool {
        let language = code.split(separator: "-").first.map(String.init) ?? code
        guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return knownCodes.contains(language)
    }

    private static let knownCodes = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))

    /// A translation's language and the name of its original, from a file name: `mojito.fr.md` →
    /// (`mojito`, `fr`); nil when the part before `.md` is not a known language code.
    package static func translation(fileName: String) -> (original: String, language: String)? {
        // An ASCII name without a dot before its `.md` (every original recipe's) is told from its
        // bytes alone: the walks by Character below cost 2,000 instructions a file (issue 37).
        var name = fileName
        let isPlainOriginal = name.withUTF8 { bytes in
            bytes.count > 3 && bytes.allSatisfy { $0 < 0x80 } && bytes[(bytes.count - 3)...].elementsEqual(".md".utf8)
                && !bytes[..<(bytes.count - 3)].contains(UInt8(ascii: "."))
        }
        if isPlainOriginal { return nil }
        guard fileName.hasSuffix(".md") else { return nil }
        let stem = fileName.dropLast(3)
        // In ASCII, as file names nearly always are, a "." byte is a "." character: found in the
        // bytes rather than by walking the characters back from the end.
        let isASCII = stem.utf8.allSatisfy { $0 < 0x80 }
        guard let dot = isASCII ? stem.utf8.lastIndex(of: UInt8(ascii: ".")) : stem.lastIndex(of: "."),
              dot != stem.startIndex else { return nil }
        let language = String(stem[stem.index(after: dot)...])
        guard isKnown(language) else { return nil }
        return (String(stem[..<dot]) + ".md", language)
    }
}

extension SiteConfig {
    /// site.yml's `languages:`: a list whose items are a code (`fr`) or a mapping
    /// (`{ code: fr, title: …, description: …, default: true }`). The default comes first in the result.
    static func parseLanguages(_ node: YAMLNode, reader: inout FieldReader) -> [SiteLanguage] {
        guard let items = node.sequence, !items.isEmpty else {
            reader.error("'languages' must be a list of language codes like '[en, fr, ar]' or of entries like '- code: fr'", at: node)
            return []
        }
        var languages: [SiteLanguage] = []
        var defaultIndex: Int?
        var defaultCount = 0
        for item in items {
            var language: SiteLanguage?
            var isDefault = false
            if let code = item.scalar {
                language = SiteLanguage(code: code, line: item.line, column: item.column)
            } else if item.mapping != nil {
                var entry = FieldReader(item, path: reader.path, what: "a language")
                if let code = entry.string("code") {
                    language = SiteLanguage(code: code, title: entry.string("title"), description: entry.string("description"),
                                            line: item.line, column: item.column)
                    if entry.bool("default") == true {
                        defaultCount += 1
                        if defaultCount > 1 {
                            entry.error("only one language can be the 'default'", at: item)
                        } else {
                            isDefault = true
                        }
                    }
                } else {
                    entry.error("a language entry needs a 'code', like '- code: fr'", at: item)
                }
                entry.warnUnknownKeys(in: "a language")
                reader.absorb(entry)
            } else {
                reader.error("a language must be a code like 'fr' or an entry like '- code: fr', found \(item.kindName)", at: item)
            }
            guard let language else { continue }
            if !SiteLanguage.isKnown(language.code) {
                reader.error("unknown language code '\(language.code)': use an ISO 639 code such as 'en', 'fr' or 'ar' (optionally with a region, 'pt-BR')", at: item)
            } else if languages.contains(where: { $0.code.lowercased() == language.code.lowercased() }) {
                reader.error("the language '\(language.code)' is listed twice", at: item)
            } else {
                if isDefault { defaultIndex = languages.count }
                languages.append(language)
            }
        }
        if let defaultIndex {
            languages.insert(languages.remove(at: defaultIndex), at: 0)
        }
        return languages
    }
}
