import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryRender
@testable import GallerySupport

/// The default theme in other languages: the built-in tables, a site's overrides, plural rules
/// from ICU, dates, durations and counts written as each language writes them.
@Suite struct TranslatedThemeTests {
    /// The basic fixture built with `language:` set, and `files` (site-relative path: text) added.
    static func site(language: String, files: [String: String] = [:]) throws -> BuiltSite {
        try BuiltSite { folder in
            try BuiltSite.replace("language: en", with: "language: \(language)", in: folder.appendingPathComponent("site.yml"))
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        }
    }

    @Test func aFrenchSiteShowsFrenchStrings() throws {
        let site = try Self.site(language: "fr")
        defer { site.remove() }
        let gallery = try #require(site.text("index.html"))
        #expect(gallery.contains("<p class=\"count\">2 recettes · <a class=\"cookbook-link\""))
        #expect(gallery.contains("placeholder=\"Rechercher par nom, ingrédient ou étiquette\""))
        #expect(gallery.contains("<legend>Disposition</legend>") && gallery.contains(">Éventail</label>"))
        let negroni = try #require(site.text("recipes/negroni/index.html"))
        #expect(negroni.contains("Ajouté le <time datetime=\"2024-02-01\">1 février 2024</time> par Test Kitchen"))
        #expect(negroni.contains("<dt>Verre</dt>") && negroni.contains("<h2>Ingrédients</h2>"))
        let daiquiri = try #require(site.text("recipes/daiquiri/index.html"))
        #expect(daiquiri.contains("<time datetime=\"PT1H5M\">1 h 5 min</time>"))
        #expect(site.text("404.html")?.contains("<title>Page introuvable · Fixture Bar</title>") == true)
        #expect(site.text("tags/gin/index.html")?.contains("1 recette avec l’étiquette «\u{a0}gin\u{a0}» sur Fixture Bar.") == true)
        #expect(site.text("feed.xml")?.contains("&lt;h2&gt;Ingrédients&lt;/h2&gt;") == true)
        #expect(site.report.diagnostics.isEmpty, "\(site.report.diagnostics)")
    }

    @Test func germanJapaneseAndArabicSitesShowTheirStrings() throws {
        let cases: [(language: String, expected: [String])] = [
            ("de", ["Hinzugefügt am <time datetime=\"2024-02-01\">1. Februar 2024</time> von Test Kitchen", "<dt>Glas</dt>", "Alle Rezepte"]),
            ("ja", ["<time datetime=\"2024-02-01\">2024年2月1日</time>にTest Kitchenが追加", "<dt>グラス</dt>", "すべてのレシピ"]),
            ("ar", ["أضافها Test Kitchen في <time datetime=\"2024-02-01\">1 فبراير، 2024</time>", "<dt>الكأس</dt>", "كل الوصفات"]),
        ]
        for (language, expected) in cases {
            let site = try Self.site(language: language)
            defer { site.remove() }
            let negroni = try #require(site.text("recipes/negroni/index.html"))
            for text in expected {
                #expect(negroni.contains(text), "\(language): \(text)")
            }
        }
        let german = try Self.site(language: "de")
        defer { german.remove() }
        #expect(german.text("index.html")?.contains("<p class=\"count\">2 Rezepte · <a class=\"cookbook-link\"") == true)
        #expect(german.text("recipes/daiquiri/index.html")?.contains(">1 Std. 5 Min.</time>") == true)
    }

    @Test func pluralFormsFollowICU() {
        let arabic = ThemeStrings.make(language: "ar", overrides: [:]).0
        let expected = [0: "لا وصفات", 1: "وصفة واحدة", 2: "وصفتان", 3: "3 وصفات", 11: "11 وصفة", 100: "100 وصفة"]
        for (count, text) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(arabic.counted("recipe_count", count) == text, "\(count)")
        }
        let rules = PluralRules(locale: "ar")
        #expect([0, 1, 2, 3, 11, 100].map(rules.category) == [.zero, .one, .two, .few, .many, .other])
        let french = ThemeStrings.make(language: "fr", overrides: [:]).0
        #expect([0, 1, 2].map { french.counted("recipe_count", $0) } == ["0 recette", "1 recette", "2 recettes"])
        let english = ThemeStrings.make(language: "en", overrides: [:]).0
        #expect([0, 1, 2, 1000].map { english.counted("recipe_count", $0) } == ["0 recipes", "1 recipe", "2 recipes", "1,000 recipes"])
        let japanese = ThemeStrings.make(language: "ja", overrides: [:]).0
        #expect([1, 2].map { japanese.counted("recipe_count", $0) } == ["1 件のレシピ", "2 件のレシピ"])
        #expect(japanese.duration(RecipeDuration(seconds: 5400)) == "1時間30分")
    }

    /// A day in the language's long form, the same when asked again (written once, then kept) and
    /// in each language its own, however many days were written before.
    @Test func datesAreWrittenInTheLanguagesLongForm() throws {
        let day = try #require(RecipeDate(parsing: "2024-06-01"))
        let french = ThemeStrings.make(language: "fr", overrides: [:]).0
        let german = ThemeStrings.make(language: "de", overrides: [:]).0
        let japanese = ThemeStrings.make(language: "ja", overrides: [:]).0
        for _ in 0..<2 {
            #expect(french.date(day) == "1 juin 2024")
            #expect(german.date(day) == "1. Juni 2024")
            #expect(japanese.date(day) == "2024年6月1日")
        }
        for number in 1...28 { _ = french.date(try #require(RecipeDate(parsing: "2023-02-\(number < 10 ? "0" : "")\(number)"))) }
        #expect(french.date(try #require(RecipeDate(parsing: "2023-02-14"))) == "14 février 2023")
        #expect(french.date(day) == "1 juin 2024")
    }

    /// scale.js's counted things (`data-nouns`): every built-in language names each noun with
    /// `{count}` first, in its own plural forms ("2 loaves", "2 pains", Arabic's dual).
    @Test func everyLanguageCountsTheNounsScaleJSKnows() throws {
        for language in ThemeStrings.builtInTables.keys.sorted() {
            var config = SiteConfig()
            config.language = language
            let renderer = PageRenderer(site: Site(config: config, recipes: [], images: [:]), theme: Theme(templates: [:], assets: [:]))
            guard case .object(let nouns) = renderer.scaleNouns else { Issue.record("\(language): not an object"); continue }
            #expect(nouns.keys.sorted() == PageRenderer.scaleNounKeys.sorted(), "\(language)")
            for (noun, forms) in nouns {
                guard case .object(let phrases) = forms, !phrases.isEmpty else { Issue.record("\(language) \(noun): no forms"); continue }
                #expect(phrases.values.allSatisfy { if case .string(let text) = $0 { text.hasPrefix("{count}") } else { false } }, "\(language) \(noun)")
            }
            let text = renderer.scaleNouns.text
            switch language {
            case "en": #expect(text.contains(#""loaf":{"one":"{count} loaf","other":"{count} loaves"}"#), "\(text)")
            case "fr": #expect(text.contains(#""egg":{"one":"{count} œuf","other":"{count} œufs"}"#), "\(text)")
            case "de": #expect(text.contains(#""leaf":{"one":"{count} Blatt","other":"{count} Blätter"}"#), "\(text)")
            case "ar": #expect(text.contains(#""two":"{count} رغيفان""#), "\(text)")
            default: break
            }
        }
    }

    @Test func aSiteOverridesAStringAndHearsOfUnknownKeys() throws {
        let site = try Self.site(language: "fr", files: [
            "i18n/fr.yml": "search_placeholder: Cherchez un cocktail\nrecipe_count:\n  one: \"{count} cocktail\"\n  other: \"{count} cocktails\"\nserach_label: oops\n",
        ])
        defer { site.remove() }
        let gallery = try #require(site.text("index.html"))
        #expect(gallery.contains("placeholder=\"Cherchez un cocktail\""))
        #expect(gallery.contains("<p class=\"count\">2 cocktails · <a class=\"cookbook-link\""))
        let warnings = site.report.diagnostics.map(\.description)
        #expect(warnings.contains { $0.contains("i18n/fr.yml:5:1: warning: unknown key 'serach_label' (ignored)") }, "\(warnings)")
    }

    @Test func malformedTranslationFileIsAnError() throws {
        #expect {
            try Self.site(language: "fr", files: ["i18n/fr.yml": "search_label: [unclosed\n"])
        } throws: { error in
            (error as? BuildFailure)?.description.contains("i18n/fr.yml:") == true
                && (error as? BuildFailure)?.description.contains("error: invalid YAML") == true
        }
        let (_, problems) = TranslationTable.parse("recipe_count:\n  one: x\n", language: "fr", displayPath: "i18n/fr.yml")
        #expect(problems.map(\.description) == ["i18n/fr.yml:2:3: error: 'recipe_count' needs an 'other' form, used for any count the other forms do not cover"])
    }

    @Test func languagesFallBack() throws {
        let (brazil, brazilWarnings) = ThemeStrings.make(language: "pt-BR", overrides: [:])
        #expect(brazil.tableLanguage == "pt" && brazil.text("all_recipes") == "Todas as receitas" && brazilWarnings.isEmpty)
        let site = try Self.site(language: "sv")
        defer { site.remove() }
        #expect(site.text("index.html")?.contains("<p class=\"count\">2 recipes · <a class=\"cookbook-link\"") == true)
        let warnings = site.report.diagnostics.map(\.description)
        #expect(warnings.contains { $0.contains("site.yml:4:1: warning: gallerygen has no translation of the theme for language 'sv'") }, "\(warnings)")
    }

    /// Every English string the French table words differently is absent from the French
    /// gallery's text and its attributes for people (labels, placeholders, the title).
    @Test func noEnglishIsLeftOnAFrenchGalleryPage() throws {
        let site = try Self.site(language: "fr")
        defer { site.remove() }
        let html = try #require(site.text("index.html"))
        let body = html.replacingOccurrences(of: #"<style>[\s\S]*?</style>|<script[\s\S]*?</script>"#, with: " ", options: .regularExpression)
        var texts = body.matches(of: /(?:aria-label|placeholder|title|alt)="([^"]*)"/).map { String($0.output.1) }
        texts += body.split(separator: "<").map { $0.split(separator: ">", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
        let text = texts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.joined(separator: "\n")
        let english = ThemeStrings.make(language: "en", overrides: [:]).0
        let french = ThemeStrings.make(language: "fr", overrides: [:]).0
        for key in ThemeStrings.englishTable.entries.keys.sorted() {
            for phrase in english.forms(key).values where !french.forms(key).values.contains(phrase) {
                // The phrase's fixed words, around its placeholders.
                for part in phrase.split(separator: /\{\w+\}/).map({ $0.trimmingCharacters(in: .whitespaces) }) where part.count >= 3 {
                    let word = try Regex("\\b" + NSRegularExpression.escapedPattern(for: part) + "\\b")
                    #expect(!text.contains(word), "'\(part)' (\(key)) is on the French gallery")
                }
            }
        }
        #expect(text.contains("Recettes") || text.contains("recettes"))
    }
}
