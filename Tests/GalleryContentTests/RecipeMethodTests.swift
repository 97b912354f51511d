import Foundation
import Testing
@testable import GalleryContent
@testable import GallerySupport

/// A recipe copied from another site's front matter keeps its method, its comma-separated tags,
/// and says what else it would lose.
@Suite struct RecipeMethodTests {
    func parse(_ frontMatter: String, body: String = "") -> (Recipe?, [Diagnostic]) {
        RecipeParser.parse("---\ntitle: Banana Bread\n" + frontMatter + "\n---\n" + body,
                           sourcePath: "recipes/banana-bread.md", displayPath: "recipes/banana-bread.md")
    }

    @Test func directionsInFrontMatterAreTheMethod() throws {
        let (recipe, diagnostics) = parse("""
            directions:
              - Heat the oven to 180 °C.
              - 2. Mash the [bananas](https://example.com/bananas).
              - Step 3: Bake for 50 minutes.
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(try #require(recipe).method == [MethodGroup(title: nil, steps: [
            "Heat the oven to 180 °C.", "Mash the [bananas](https://example.com/bananas).", "Bake for 50 minutes."])])
    }

    @Test func everySynonymIsTheMethodAndTwoAreAnError() throws {
        for key in ["instructions", "method", "steps"] {
            let (recipe, diagnostics) = parse("\(key): [Mix., Bake.]")
            #expect(diagnostics.isEmpty, "\(key): \(diagnostics)")
            #expect(recipe?.method.first?.steps == ["Mix.", "Bake."])
        }
        let (_, diagnostics) = parse("directions: [Mix.]\nsteps: [Bake.]")
        #expect(diagnostics.map(\.description) == ["recipes/banana-bread.md:4:8: error: 'directions' and 'steps' both give the method: keep one"])
    }

    @Test func methodSectionsAndTextAreRead() throws {
        let (grouped, problems) = parse("""
            method:
              - group: For the glaze
                steps: [Whisk the sugar and lemon juice.]
              - section: The loaf
                steps:
                  - Mix.
                  - Step 2: Bake.
            """)
        #expect(problems.isEmpty, "\(problems)")
        #expect(grouped?.method == [MethodGroup(title: "For the glaze", steps: ["Whisk the sugar and lemon juice."]),
                                   MethodGroup(title: "The loaf", steps: ["Mix.", "Bake."])])
        let (text, _) = parse("directions: |\n  1. Mix.\n  2) Bake.\n\n  Cool.")
        #expect(text?.method == [MethodGroup(title: nil, steps: ["Mix.", "Bake.", "Cool."])])
    }

    @Test func stepNumbersAreNotDoubled() {
        #expect(RecipeParser.withoutStepNumber("1. Mix") == "Mix")
        #expect(RecipeParser.withoutStepNumber("12) Mix") == "Mix")
        #expect(RecipeParser.withoutStepNumber("Step 4 - Mix") == "Mix")
        #expect(RecipeParser.withoutStepNumber("STEP 5 Mix") == "Mix")
        #expect(RecipeParser.withoutStepNumber("2 eggs, beaten") == "2 eggs, beaten")
        #expect(RecipeParser.withoutStepNumber("1986. A good year") == "1986. A good year")
        #expect(RecipeParser.withoutStepNumber("Stephanie's trick") == "Stephanie's trick")
    }

    @Test func aBadMethodIsAnErrorAtItsValue() {
        let (_, diagnostics) = parse("directions: {first: [a]}")
        #expect(diagnostics.map(\.description) == ["recipes/banana-bread.md:3:13: error: 'directions' must be a list of steps, found a mapping"])
    }

    @Test func aCommaSeparatedTagStringIsSeveralTags() {
        #expect(parse("tags: breakfast, baking").0?.tags == ["breakfast", "baking"])
        #expect(parse("tags: [breakfast, baking]").0?.tags == ["breakfast", "baking"])
        #expect(parse("tags: [\"salt, pepper\"]").0?.tags == ["salt, pepper"])
        #expect(parse("tags: solo").0?.tags == ["solo"])
    }

    @Test func anUnknownKeyHoldingContentSaysWhatIsDropped() {
        let (_, diagnostics) = parse("""
            notes: |
              Keeps for three days.
              Freezes well.
            utensils: [loaf tin, bowl]
            layout: recipe
            """)
        #expect(diagnostics.map(\.description) == [
            "recipes/banana-bread.md:3:1: warning: unknown key 'notes' in front matter: its 2 lines of text will not be on the page; write it in the body, under a heading such as '## Notes'",
            "recipes/banana-bread.md:6:1: warning: unknown key 'utensils' in front matter: its list of 2 entries will not be on the page; write it as 'equipment:'",
            "recipes/banana-bread.md:7:1: warning: unknown key 'layout' in front matter (ignored)",
        ])
    }
}
