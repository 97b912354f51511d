import Testing
@testable import GalleryContent
@testable import GalleryRender

/// `ThemeStrings.fill` reads bytes where a brace byte is a brace character; it must fill every
/// phrase exactly as the character-by-character walk does.
struct ThemeStringsFillTests {
    static let values = ["count": "1 234", "name": "Crème & <Brûlée>", "date": "1 juin 2024", "author": "Ada", "number": "3",
                         "total": "12", "step": "2", "title": "日本のカレー", "": "empty", "café": "accented"]

    /// Every phrase of every built-in language (plural forms too), and braces at the edges.
    static let templates: [String] = {
        var templates = ["", "{", "}", "{}", "{{count}}", "{count", "count}", "{unknown}", "{count}{name}", "a{count}b{name}c",
                         "{café}", "{count}件", "件{count}", "{\u{301}count}", "{count\u{301}}", "x{count}\u{301}", "\u{600}{count}",
                         "{ count }", "{count}}", "{{", "}}{", "{name} and {nam", "🍋{count}🍋", "e\u{301}{count}"]
        for table in ThemeStrings.builtInTables.values {
            for entry in table.entries.values {
                switch entry.value {
                case .text(let text): templates.append(text)
                case .plural(let forms): templates += forms.values
                }
            }
        }
        return templates
    }()

    @Test func fillsEveryPhraseAsTheCharacterWalkDoes() {
        let strings = ThemeStrings.make(language: "en", overrides: [:]).0
        #expect(Self.templates.count > 300)
        for template in Self.templates {
            let filled = strings.fill(template, Self.values)
            #expect(Array(filled.utf8) == Array(strings.fillingCharacters(template, Self.values).utf8), "\(template.debugDescription)")
        }
        #expect(strings.fill("{count} recipes by {author}", Self.values) == "1 234 recipes by Ada")
        #expect(strings.fill("{nope} {count", Self.values) == "{nope} {count")
    }
}
