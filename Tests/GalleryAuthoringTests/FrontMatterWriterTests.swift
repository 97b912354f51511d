import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryAuthoring
@testable import GalleryContent
@testable import GallerySupport

/// Front matter and Markdown written by an import read back as the same text.
@Suite struct FrontMatterWriterTests {
    @Test func frontMatterRoundTripsAwkwardText() throws {
        let awkward = ["yes", "No", "null", "~", "- dash", "key: value", "a # comment", "'quoted'", "\"double\"", "back\\slash",
                       "tab\there", "[flow]", "{map}", "&anchor", "*alias", "!tag", "%directive", "@at", "`tick`", "12", "1.5",
                       "2024-01-01", "12:30", "60 ml rum", "https://example.com/a.jpg?x=1#top", "https://example.com/a b", " padded ", "Piña Colada", "line\nbreak", "emoji 🍹", "percent 100%", "a, b"]
        for text in awkward {
            var writer = FrontMatterWriter()
            writer.add("title", text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "x" : text)
            writer.add("ingredients", list: [text])
            writer.add("tags", inlineList: [text])
            let (recipe, diagnostics) = RecipeParser.parse(writer.text + "Body\n", sourcePath: "recipes/x.md", displayPath: "x.md")
            #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(text): \(diagnostics)")
            #expect(recipe?.ingredients == [text], "\(text) → \(writer.text)")
            #expect(recipe?.tags == [text.trimmingCharacters(in: .whitespaces)], "\(text) → \(writer.text)")
        }
        #expect(FrontMatterWriter.scalar("Old Fashioned") == "Old Fashioned")
        #expect(FrontMatterWriter.scalar("60 ml rum") == "60 ml rum")
        #expect(FrontMatterWriter.scalar("https://example.com/x.jpg") == "https://example.com/x.jpg")
        #expect(FrontMatterWriter.scalar("2024-01-01") == "\"2024-01-01\"")
    }

    @Test func linkedLinesTakeTheirItemsPlaceAndReadBackAsLinks() throws {
        var writer = FrontMatterWriter()
        writer.add("title", "Miso Soup")
        writer.add("ingredients", groups: [IngredientGroup(title: "Soup", items: ["600 ml dashi", "miso"]),
                                           IngredientGroup(title: "To serve", items: ["rice"])],
                   links: [.init(group: 0, line: 0, slug: "dashi", amount: "600 ml"), .init(group: 1, line: 0, slug: "rice", amount: nil)])
        #expect(writer.text.contains("    items:\n      - { recipe: dashi, amount: 600 ml }\n      - miso\n"), "\(writer.text)")
        let (recipe, diagnostics) = RecipeParser.parse(writer.text, sourcePath: "recipes/miso-soup.md", displayPath: "miso-soup.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(recipe?.components.map { [$0.slug, $0.amount ?? "-"] } == [["dashi", "600 ml"], ["rice", "-"]])
        // In a flat list an entry without an amount would fold the whole recipe in: its words stay.
        var flat = FrontMatterWriter()
        flat.add("ingredients", groups: [IngredientGroup(title: nil, items: ["1 Dashi", "rice"])],
                 links: [.init(group: 0, line: 0, slug: "dashi", amount: nil), .init(group: 0, line: 1, slug: "rice", amount: "1 bowl")])
        #expect(flat.text == "---\ningredients:\n  - 1 Dashi\n  - { recipe: rice, amount: 1 bowl }\n---\n")
    }

    @Test func escapesMarkdownSoTextRendersAsWritten() {
        #expect(MarkdownText.escape("Use *fresh* mint_leaves <b>") == "Use \\*fresh\\* mint\\_leaves \\<b\\>")
        #expect(MarkdownText.escape("# not a heading") == "\\# not a heading")
        #expect(MarkdownText.escape("1986. A good year") == "1986\\. A good year")
    }
}
