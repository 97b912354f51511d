import Foundation
import GalleryContent
import GallerySupport
import Mustache
import Synchronization

/// The theme's strings in the site's language: the built-in table (`Templates/i18n/LANG.yml`, in
/// the binary) under the site's own `i18n/LANG.yml`, with the language's plural rules and its ways
/// of writing dates, durations and numbers. Templates read the texts as `{{t.KEY}}`; counted
/// phrases and phrases with values are filled in here. A class: every page's context reads it
/// for many of its keys, and a copy of a struct this size cost a dozen retains each time (issue 37).
package final class ThemeStrings: Sendable {
    /// The language as site.yml gives it (`pt-BR`).
    package let language: String
    /// The built-in table used (`pt`), English when gallerygen has none for the language.
    package let tableLanguage: String
    private let values: [String: TranslationTable.Value]
    private let plurals: PluralRules
    private let locale: Locale
    /// `number(_:)` of 0 to 99, made once and shared by every copy (`SharedLazy`), and whether
    /// the numbers to 999 are their digits side by side (`SmallNumbers`).
    private let smallNumbers = SharedLazy<SmallNumbers>()
    /// `duration(_:)` by its seconds, as phrased so far: a site's recipes share a few dozen times,
    /// and phrasing one (two counted phrases, their numbers formatted) was a tenth of the cost of
    /// a recipe page's fields (issue 37). At most `durationsKept` are kept.
    private let durations = Mutex<[Int: String]>([:])
    private static let durationsKept = 1_000
    /// `date(_:)` by the day, as written so far: writing one through ICU took 21,000
    /// instructions, and a site's recipes and posts share days (at 10,000 generated recipes,
    /// 1,820 days; issue 37). At most `datesKept` are kept, eleven years of days.
    private let dates = Mutex<[RecipeDate: String]>([:])
    private static let datesKept = 4_096
    /// The long date's pieces (`LongDatePieces`), read from ICU on first use: a date is then
    /// written without it. Nil when they cannot be read soundly; the dates then go through ICU.
    /// Behind a `Mutex` of this module rather than a `SharedLazy`, whose generic metadata was
    /// looked up on every read (about 1,000 instructions a date).
    private let longDatePieces = Mutex<LongDatePieces??>(nil)
    /// The Gregorian calendar at UTC and the language's long date (`date(_:)`), made once.
    private let gregorian: Calendar
    private let longDate: Date.FormatStyle
    /// `t`: every plain text of the table by key, found by number (`MustacheTable`).
    package let context: MustacheValue

    /// Each table the binary ships (`Templates/i18n/LANG.yml`) as written, by language.
    private static let builtInSources: [String: String] = {
        var sources: [String: String] = [:]
        for (path, contents) in BuiltInTheme.files where path.hasPrefix("i18n/") && path.hasSuffix(".yml") {
            sources[String(path.dropFirst("i18n/".count).dropLast(".yml".count))] = contents
        }
        return sources
    }()

    /// The built-in tables parsed so far. A build reads English and the site's languages: parsing
    /// all nine up front was a tenth of planning a 1,000-recipe site (issue 37).
    private static let parsedTables = Mutex<[String: TranslationTable]>([:])

    /// The languages the binary has a table for, sorted.
    package static var builtInLanguages: [String] { builtInSources.keys.sorted() }

    /// The table the binary ships for `language` (lower case, `pt`), parsed on first use.
    package static func builtInTable(_ language: String) -> TranslationTable? {
        guard let contents = builtInSources[language] else { return nil }
        if let table = parsedTables.withLock({ $0[language] }) { return table }
        let table = TranslationTable.parse(contents, language: language, displayPath: BuiltInTheme.displayName + "/i18n/" + language + ".yml").0
        parsedTables.withLock { $0[language] = table }
        return table
    }

    /// Every table the binary ships, by language.
    package static var builtInTables: [String: TranslationTable] {
        Dictionary(uniqueKeysWithValues: builtInLanguages.compactMap { language in builtInTable(language).map { (language, $0) } })
    }

    /// The table every other is checked against: its keys are the strings the theme has.
    package static var englishTable: TranslationTable { builtInTable("en") ?? TranslationTable(language: "en", displayPath: "") }

    /// The strings for `language` with a site's `overrides` (by file language); warnings for an
    /// override key the theme does not know and for a language gallerygen has no table for, which
    /// falls back to English (`configPath` names site.yml, `languagePosition` the key there).
    package static func make(language: String, overrides: [String: TranslationTable], configPath: String = "site.yml",
                             languagePosition: (line: Int, column: Int)? = nil) -> (ThemeStrings, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let base = Self.baseLanguage(of: language)
        let english = englishTable
        var values = english.entries.mapValues(\.value)
        let table = builtInTable(base) ?? builtInTable(language.lowercased())
        if let table {
            for (key, entry) in table.entries { values[key] = entry.value }
        }
        // The language's own file, then its region's (`pt.yml`, then `pt-BR.yml`).
        let files = [overrides[base], base == language ? nil : overrides[language]].compactMap { $0 }
        if table == nil && files.isEmpty && base != "en" {
            diagnostics.append(.warning("gallerygen has no translation of the theme for language '\(language)', so its strings are in English; "
                                        + "add i18n/\(language).yml to translate them (built in: \(builtInLanguages.joined(separator: ", ")))",
                                        path: configPath, line: languagePosition?.line ?? 0, column: languagePosition?.column ?? 0))
        }
        for file in files {
            for (key, entry) in file.entries.sorted(by: { $0.key < $1.key }) {
                switch (english.entries[key]?.value, entry.value) {
                case (nil, _):
                    let near = english.entries.keys.filter { $0.hasPrefix(key.prefix(3)) }.sorted().prefix(3)
                    diagnostics.append(.warning("unknown key '\(key)' (ignored): the theme has no such string"
                                                + (near.isEmpty ? "" : "; did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?"),
                                                path: file.displayPath, line: entry.line, column: entry.column))
                case (.text?, .plural):
                    diagnostics.append(.warning("'\(key)' is a plain text, not a counted phrase: give it as 'key: text' (ignored)",
                                                path: file.displayPath, line: entry.line, column: entry.column))
                case (.plural?, .text(let text)):
                    values[key] = .plural([.other: text])
                default:
                    values[key] = entry.value
                }
            }
        }
        let strings = ThemeStrings(language: language, tableLanguage: table == nil ? "en" : table!.language, values: values)
        return (strings, diagnostics)
    }

    private init(language: String, tableLanguage: String, values: [String: TranslationTable.Value]) {
        self.language = language
        self.tableLanguage = tableLanguage
        self.values = values
        let identifier = Self.localeIdentifier(language)
        locale = Locale(identifier: identifier)
        plurals = PluralRules(locale: identifier)
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        gregorian = calendar
        longDate = Date.FormatStyle(date: .long, time: .omitted, locale: locale, calendar: calendar, timeZone: utc)
        var texts: [String: MustacheValue] = [:]
        for (key, value) in values {
            if case .text(let text) = value { texts[key] = .string(text) }
        }
        context = .table(texts)
    }

    /// `pt-BR` → `pt`, `zh_Hant` → `zh`.
    static func baseLanguage(of language: String) -> String {
        String(language.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// The ICU locale of a language tag. Plain `en` writes dates day first (`1 June 2024`), as
    /// gallerygen always has; `en-US` gives `June 1, 2024`.
    static func localeIdentifier(_ language: String) -> String {
        let identifier = language.replacingOccurrences(of: "-", with: "_")
        return identifier.lowercased() == "en" ? "en_GB" : identifier
    }

    /// The plain text of `key`; a counted phrase gives its `other` form.
    package func text(_ key: String) -> String {
        switch values[key] {
        case .text(let text)?: text
        case .plural(let forms)?: forms[.other] ?? ""
        case nil: ""
        }
    }

    /// The phrase of `key` for `count`, its plural form chosen by the language's rules and
    /// `{count}` written as the language writes numbers; `values` fill the other placeholders.
    package func counted(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
        let written = number(count)
        return fill(form(key, for: count), values.isEmpty ? ["count": written] : values.merging(["count": written]) { a, _ in a })
    }

    /// Every plural form of `key` the table gives, unfilled, for a script that counts in the browser.
    package func forms(_ key: String) -> [PluralCategory: String] {
        switch values[key] {
        case .plural(let forms)?: forms
        case .text(let text)?: [.other: text]
        case nil: [:]
        }
    }

    /// The phrase of `key` with its placeholders filled.
    package func phrase(_ key: String, _ values: [String: String]) -> String {
        fill(text(key), values)
    }

    private func form(_ key: String, for count: Int) -> String {
        let forms = forms(key)
        return forms[plurals.category(count)] ?? forms[.other] ?? ""
    }

    /// Replaces each `{name}` of `template` with its value; other braces stay as written.
    ///
    /// Read as UTF-8 bytes when every brace stands between ASCII bytes, where a brace byte is a
    /// brace character (a byte at or above 0x80 next to one could join it to a combining mark or
    /// a prepended letter); such a phrase goes character by character (`fillingCharacters`).
    /// Phrases are filled for every step and count of every page: the character walk and
    /// Foundation's `contains` were most of their cost (issue 37).
    package func fill(_ template: String, _ values: [String: String]) -> String {
        let bytes = Array(template.utf8)
        guard bytes.contains(UInt8(ascii: "{")) else { return template }
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
            if (index > 0 && bytes[index - 1] >= 0x80) || (index + 1 < bytes.count && bytes[index + 1] >= 0x80) {
                return fillingCharacters(template, values)
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var position = 0
        while let open = bytes[position...].firstIndex(of: UInt8(ascii: "{")) {
            result += bytes[position..<open]
            guard let close = bytes[(open + 1)...].firstIndex(of: UInt8(ascii: "}")),
                  let value = values[String(decoding: bytes[(open + 1)..<close], as: UTF8.self)] else {
                result.append(UInt8(ascii: "{"))
                position = open + 1
                continue
            }
            result += value.utf8
            position = close + 1
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }

    /// `fill` character by character, for a phrase with a brace next to a non-ASCII byte.
    func fillingCharacters(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"), let value = values[String(rest[rest.index(after: open)..<close])] else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// A count as the language writes it (`1 234` in French, `1.234` in German).
    package func number(_ value: Int) -> String {
        guard (0..<1_000).contains(value) else { return formatted(value) }
        let small = smallNumbers.get { SmallNumbers(formatting: formatted) }
        if value < 100 { return small.texts[value] }
        guard small.composeHundreds else { return formatted(value) }
        let digits = small.texts
        return digits[value / 100] + digits[value / 10 % 10] + digits[value % 10]
    }

    /// The counts 0 to 99 as the language writes them, formatted once per language, on first
    /// use: every duration, step and count of every page writes one, and ICU's formatter costs
    /// more than the rest of a counted phrase (issue 37).
    struct SmallNumbers: Sendable {
        let texts: [String]
        /// Whether 100 to 999 are written as their digits' texts side by side, as ICU writes
        /// them: told from 10 to 99, 100 and 999 (no language groups the digits of a number below
        /// 1,000). A book's recipes are numbered up to 2,000, and ICU's 6,000 instructions for
        /// each of 100 to 999 were 5.5 M of a 1,000-recipe build.
        let composeHundreds: Bool

        init(formatting format: (Int) -> String) {
            let texts = (0..<100).map(format)
            self.texts = texts
            func joined(_ digits: Int...) -> String { digits.map { texts[$0] }.joined() }
            composeHundreds = (10..<100).allSatisfy { texts[$0] == joined($0 / 10, $0 % 10) }
                && format(100) == joined(1, 0, 0) && format(999) == joined(9, 9, 9)
        }
    }

    private func formatted(_ value: Int) -> String {
        value.formatted(IntegerFormatStyle<Int>(locale: locale))
    }

    /// A front matter date in the language's long form: `1 June 2024`, `1 juin 2024`,
    /// `1. Juni 2024`, `2024年6月1日`. Gregorian, at midnight UTC (the date as written).
    package func date(_ date: RecipeDate) -> String {
        let pieces = longDatePieces.withLock { pieces in
            if let read = pieces { return read }
            let read = LongDatePieces(style: longDate, calendar: gregorian, locale: locale)
            pieces = .some(read)
            return read
        }
        if let text = pieces?.format(date) { return text }
        if let known = dates.withLock({ $0[date] }) { return known }
        let text = gregorian.date(from: DateComponents(year: date.year, month: date.month, day: date.day)).map(longDate.format)
            ?? date.iso8601
        dates.withLock { dates in
            if dates.count < Self.datesKept { dates[date] = text }
        }
        return text
    }

    /// A duration in the language's short units: `1 h 30 min`, `1 Std. 30 Min.`, `1時間30分`.
    package func duration(_ duration: RecipeDuration) -> String {
        if let known = durations.withLock({ $0[duration.seconds] }) { return known }
        let text = phrase(duration)
        durations.withLock { durations in
            if durations.count < Self.durationsKept { durations[duration.seconds] = text }
        }
        return text
    }

    private func phrase(_ duration: RecipeDuration) -> String {
        let hours = duration.seconds / 3600
        let minutes = duration.seconds % 3600 / 60
        let seconds = duration.seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append(counted("duration_hours", hours)) }
        if minutes > 0 { parts.append(counted("duration_minutes", minutes)) }
        if seconds > 0 || parts.isEmpty { parts.append(counted("duration_seconds", seconds)) }
        return parts.joined(separator: text("duration_separator"))
    }

    /// The label of an arrangement site.yml gives no label of its own: the table's
    /// `arrangement_ENGINE`, else the engine's name capitalised.
    package func arrangementLabel(engine: String) -> String {
        let label = text("arrangement_" + engine)
        return label.isEmpty ? engine.prefix(1).uppercased() + engine.dropFirst() : label
    }
}
