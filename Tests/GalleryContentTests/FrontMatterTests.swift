import Foundation
import Testing
import GalleryLayout
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryImages
@testable import GallerySupport

@Suite struct FrontMatterTests {
    func parse(_ text: String) -> (Recipe?, [Diagnostic]) {
        RecipeParser.parse(text, sourcePath: "recipes/test-drink.md", displayPath: "Site/recipes/test-drink.md")
    }

    @Test func readsEveryField() throws {
        let (recipe, diagnostics) = parse("""
            ---
            title: "Piña Colada"
            slug: pina-colada
            image: images/./pina.jpg
            image_alt: A tall drink
            summary: Creamy.
            tags: [rum, tropical]
            glass: Hurricane
            ingredients:
              - 50 ml rum
              - 30 ml coconut cream
            yield: 1 drink
            prep_time: 5 min
            cook_time: 1 h 30 min
            date: 2024-03-14
            author: Me
            weight: 3
            draft: false
            ---
            Body *text*.
            """)
        #expect(diagnostics.isEmpty)
        let value = try #require(recipe)
        #expect(value.title == "Piña Colada")
        #expect(value.slug == "pina-colada")
        #expect(value.image == .local("images/pina.jpg"))
        #expect(value.tags == ["rum", "tropical"])
        #expect(value.ingredients == ["50 ml rum", "30 ml coconut cream"])
        #expect(value.prepTime?.seconds == 300)
        #expect(value.cookTime?.iso8601 == "PT1H30M")
        #expect(value.date?.iso8601 == "2024-03-14")
        #expect(value.weight == 3)
        #expect(value.body == .text("Body *text*."))
    }

    @Test func slugDefaultsToFileName() {
        let (recipe, _) = parse("---\ntitle: X\n---\n")
        #expect(recipe?.slug == "test-drink")
    }

    @Test func malformedYAMLReportsFileLineAndColumn() {
        let (_, diagnostics) = parse("---\ntitle: Good\ntags: [a, b\nglass: Coupe\n---\n")
        let error = diagnostics.first
        #expect(error?.severity == .error)
        #expect(error?.path == "Site/recipes/test-drink.md")
        #expect(error?.line == 4)
        #expect(error?.description.hasPrefix("Site/recipes/test-drink.md:4:") == true)
    }

    /// libyaml gives up where the text runs out, lines below the cause; the message says where
    /// the unfinished part began, in the file's own lines.
    @Test func malformedYAMLSaysWhereTheUnfinishedPartBegan() {
        let (_, bracket) = parse("---\ntitle: Good\ntags: [a, b\nglass: Coupe\n---\n")
        #expect(bracket.first?.message.hasSuffix("while parsing a flow sequence that starts at line 3, column 7") == true)
        let (_, quote) = parse("---\ntitle: \"Good\nglass: Coupe\n---\n")
        #expect(quote.first?.message.contains("while scanning a quoted scalar that starts at line 2, column 8") == true)
        let (_, tab) = parse("---\ntitle: Good\n\tglass: Coupe\n---\n")
        #expect(tab.first?.line == 3)
        #expect(tab.first?.message.hasSuffix("; YAML indents with spaces, not tabs") == true)
    }

    @Test func unclosedFrontMatterIsAnError() {
        let (recipe, diagnostics) = parse("---\ntitle: X\nbody without a fence\n")
        #expect(recipe == nil)
        #expect(diagnostics.first?.message.contains("never closed") == true)
    }

    @Test func missingFrontMatterIsAnError() {
        let (recipe, diagnostics) = parse("# Just markdown\n")
        #expect(recipe == nil)
        #expect(diagnostics.first?.line == 1)
    }

    @Test func missingTitleIsAnError() {
        let (recipe, diagnostics) = parse("---\nglass: Coupe\n---\n")
        #expect(recipe == nil)
        #expect(diagnostics.contains { $0.message == "missing required field 'title'" })
    }

    @Test func emptyTitleIsAnError() {
        let (_, diagnostics) = parse("---\ntitle:\n---\n")
        #expect(diagnostics.contains { $0.message == "'title' must not be empty" && $0.line == 2 })
    }

    @Test func invalidSlugIsAnErrorAtItsLine() {
        let (_, diagnostics) = parse("---\ntitle: X\nslug: Not OK\n---\n")
        #expect(diagnostics.contains { $0.line == 3 && $0.column == 7 && $0.message.contains("invalid slug") })
    }

    @Test func imagePathLeavingTheSiteIsAnError() {
        let (_, diagnostics) = parse("---\ntitle: X\nimage: ../../etc/passwd\n---\n")
        #expect(diagnostics.contains { $0.line == 3 && $0.message.contains("leaves the site folder") })
        let (_, absolute) = parse("---\ntitle: X\nimage: /etc/passwd\n---\n")
        #expect(absolute.contains { $0.message.contains("relative to the site folder") })
        let (_, script) = parse("---\ntitle: X\nimage: javascript:alert(1)\n---\n")
        #expect(script.contains { $0.severity == .error })
    }

    @Test func unknownKeyIsAWarningWithItsLine() {
        let (recipe, diagnostics) = parse("---\ntitle: X\ncolour: red\n---\n")
        #expect(recipe != nil)
        #expect(diagnostics == [.warning("unknown key 'colour' in front matter (ignored)", path: "Site/recipes/test-drink.md", line: 3, column: 1)])
    }

    @Test func wrongTypesAreErrors() {
        let (_, diagnostics) = parse("---\ntitle: [a]\nweight: heavy\ndraft: maybe\ntags: {a: b}\nprep_time: soon\ndate: 2024-02-30\n---\n")
        #expect(diagnostics.filter { $0.severity == .error }.map(\.line).sorted() == [2, 3, 4, 5, 6, 7])
    }

    @Test func aliasBombIsRefused() {
        var text = "---\ntitle: X\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<8 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        text += "---\n"
        let (_, diagnostics) = parse(text)
        #expect(diagnostics.contains { $0.message.contains("aliases expand") })
    }

    /// Issue 16, item 14: written nodes are bounded by the text; only alias copies count toward
    /// the expansion limit, so a long plain list is not mistaken for an alias bomb.
    /// (The list is past the tag limit too: the one error is that, not the aliases.)
    @Test func longPlainListIsNotCountedAsAliasExpansion() {
        let count = YAMLParser.expansionLimit + 10
        let tags = (0..<count).map { "t\($0)" }.joined(separator: ", ")
        let (_, diagnostics) = parse("---\ntitle: Many Tags\ntags: [\(tags)]\n---\n")
        #expect(diagnostics.map(\.description) == ["Site/recipes/test-drink.md:3:1: error: 'tags' lists 100010 tags; at most 1000 are allowed "
                                                    + "(each tag is a page and a filter of the gallery): keep the few that group recipes"])
    }

    /// Issue 36, item 11: a thousand tags are read; more are refused at the key, as a list or a line.
    @Test func aRecipeWithMoreTagsThanTheLimitIsAnErrorAtTheKey() {
        let limit = FieldReader.maximumTags
        let list = (1...limit).map { "  - tag \($0)\n" }.joined()
        let (recipe, diagnostics) = parse("---\ntitle: Many Tags\ntags:\n\(list)---\n")
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
        #expect(recipe?.tags.count == limit && recipe?.tagCount == limit && recipe?.tags.last == "tag \(limit)")
        let (over, errors) = parse("---\ntitle: Many Tags\nglass: Coupe\ntags:\n\(list)  - one more\n---\n")
        #expect(errors.map(\.description) == ["Site/recipes/test-drink.md:4:1: error: 'tags' lists 1001 tags; at most 1000 are allowed "
                                               + "(each tag is a page and a filter of the gallery): keep the few that group recipes"])
        #expect(over == nil)
        let line = (0...limit).map { "t\($0)" }.joined(separator: ", ")
        let (_, lineErrors) = parse("---\ntitle: Many Tags\ntags: \(line)\n---\n")
        #expect(lineErrors.map(\.description).first?.hasPrefix("Site/recipes/test-drink.md:3:1: error: 'tags' lists 1001 tags;") == true)
        #expect(parse("---\ntitle: Few\ntags: a, b,, c\n---\n").0?.tags == ["a", "b", "c"])
    }

    @Test func nonUTF8TextIsRefusedWithPosition() {
        var bytes = Array("---\ntitle: Caf".utf8)
        bytes.append(0xE9)  // Latin-1 é
        #expect(throws: Diagnostic.self) { try SourceText.decode(Data(bytes), path: "x.md") }
        do {
            _ = try SourceText.decode(Data(bytes), path: "x.md")
        } catch {
            #expect(error.line == 2 && error.column == 11)
        }
    }

    @Test func binaryDataIsRefused() {
        #expect(throws: Diagnostic.self) { try SourceText.decode(Data([0x89, 0x50, 0x4E, 0x47, 0, 0]), path: "x.md") }
    }

    @Test func durationsParseAndFormat() {
        #expect(RecipeDuration(parsing: "5 min")?.seconds == 300)
        #expect(RecipeDuration(parsing: "1h30m")?.iso8601 == "PT1H30M")
        #expect(RecipeDuration(parsing: "2 hours")?.description == "2 h")
        #expect(RecipeDuration(parsing: "soon") == nil)
        #expect(RecipeDuration(parsing: "5") == nil)
    }
}

@Suite struct ImageSettingsTests {
    @Test func fixedRenditionWidthsAreReadAndChecked() {
        let (config, diagnostics) = SiteConfig.parse("images:\n  widths: [320, 1280, 320]\n", displayPath: "site.yml")
        #expect(diagnostics.isEmpty)
        #expect(config.images.fixedWidths == [1280, 320])
        let (_, bad) = SiteConfig.parse("images:\n  widths: [big]\n", displayPath: "site.yml")
        #expect(bad.contains { $0.severity == .error && $0.line == 2 && $0.message.contains("'widths'") })
    }

    @Test func webPEffortIsReadAndChecked() {
        let (config, diagnostics) = SiteConfig.parse("images:\n  webp_effort: 2\n", displayPath: "site.yml")
        #expect(diagnostics.isEmpty)
        #expect(config.images.webpEffort == 2 && ImageEncoding(config.images).webpEffort == 2)
        #expect(ImageSettings().webpEffort == 4)
        let (_, bad) = SiteConfig.parse("images:\n  webp_effort: 9\n", displayPath: "site.yml")
        #expect(bad.contains { $0.severity == .error && $0.line == 2 && $0.message == "'webp_effort' must be between 0 and 6, found 9" })
    }
}

@Suite struct ThemeSettingsTests {
    @Test func colorSchemeIsReadAndDefaultsToAuto() {
        #expect(SiteConfig.parse("title: A\n", displayPath: "site.yml").0.theme.colorScheme == .auto)
        for scheme in ThemeSettings.ColorScheme.allCases {
            let (config, diagnostics) = SiteConfig.parse("theme:\n  color_scheme: \(scheme.rawValue)\n", displayPath: "site.yml")
            #expect(diagnostics.isEmpty)
            #expect(config.theme.colorScheme == scheme)
        }
    }

    @Test func badColorSchemeIsAnErrorAtItsValue() {
        let (config, diagnostics) = SiteConfig.parse("theme:\n  color_scheme: sepia\n  colour: red\n", displayPath: "site.yml")
        #expect(config.theme.colorScheme == .auto)
        #expect(diagnostics.contains { $0.severity == .error && $0.line == 2 && $0.column == 17
            && $0.message == "'color_scheme' must be one of auto, light, dark, found 'sepia'" })
        #expect(diagnostics.contains { $0.severity == .warning && $0.line == 3 })
        let (_, notMapping) = SiteConfig.parse("theme: dark\n", displayPath: "site.yml")
        #expect(notMapping.contains { $0.severity == .error && $0.line == 1 })
    }
}

@Suite struct GalleryFilterSettingTests {
    @Test func filtersIsReadAndDefaultsToTwentyFour() {
        #expect(SiteConfig.parse("title: A\n", displayPath: "site.yml").0.gallery.filterLimit == 24)
        let (config, diagnostics) = SiteConfig.parse("gallery:\n  filters: 0\n", displayPath: "site.yml")
        #expect(diagnostics.isEmpty && config.gallery.filterLimit == 0)
    }

    @Test func aFiltersValueThatIsNotACountIsAnErrorAtItsValue() {
        for value in ["-1", "many", "[1]"] {
            let (config, diagnostics) = SiteConfig.parse("gallery:\n  filters: \(value)\n", displayPath: "site.yml")
            #expect(config.gallery.filterLimit == 24)
            #expect(diagnostics.contains { $0.severity == .error && $0.line == 2 && $0.column == 12
                && $0.message == "'filters' must be a whole number of tag filters, 0 or more (24 by default)" }, "\(value): \(diagnostics)")
        }
    }
}
