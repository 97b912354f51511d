import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryRender

/// Cook mode's markup: every step of the method (the items the JSON-LD lists) in a box whose id
/// the JSON-LD names, with a tick box around its text and the one-step view's links; ingredients
/// with tick boxes.
@Suite struct CookStepTests {
    /// The body's HTML with every step marked, the closing replaced by a recognisable token.
    func marked(_ body: String) -> Markdown.RecipeBody {
        Markdown.recipeBody(body, stepClosing: { "<end \($0.number)/\($0.count)></div>" })
    }

    @Test func eachStepOfTheMethodIsABoxWithATickBoxAroundItsText() {
        let body = marked("Intro.\n\n1. Shake *hard*.\n2. Strain.\n\n## Notes\n\n1. Not a step.\n")
        #expect(body.steps == ["Shake hard.", "Strain."])
        #expect(body.html.contains("<li>\n<div class=\"step\" id=\"step-1\">\n<input type=\"checkbox\" class=\"tick\" id=\"step-1-done\">"
                                   + "<label for=\"step-1-done\">Shake <em>hard</em>.</label>\n<end 1/2></div>\n</li>"))
        #expect(body.html.contains("id=\"step-2\""))
        // The method is the first ordered list (the first has no heading: no parts); the JSON-LD leaves the second out, so does cook mode.
        #expect(body.html.contains("<li>Not a step.</li>"))
        #expect(!body.html.contains("step-3"))
    }

    @Test func stepsAreNumberedAcrossTheMethodsHeadedParts() {
        let body = marked("## Syrup\n\n1. Boil.\n2. Cool.\n\n## Drink\n\n1. Shake.\n")
        #expect(body.sections.map(\.steps) == [["Boil.", "Cool."], ["Shake."]])
        #expect(body.html.contains("id=\"step-3\"") && body.html.contains("<end 3/3>"))
        #expect(body.html.contains("<label for=\"step-3-done\">Shake.</label>"))
    }

    @Test func looseStepsKeepTheirParagraphsAndEmptyItemsAreNotSteps() {
        let body = marked("1. First.\n\n   More about it.\n\n2.\n3. Last.\n")
        #expect(body.steps == ["First. More about it.", "Last."])
        #expect(body.html.contains("<p><input type=\"checkbox\" class=\"tick\" id=\"step-1-done\"><label for=\"step-1-done\">First.</label></p>\n<p>More about it.</p>"))
        #expect(body.html.contains("<end 2/2>") && body.html.contains("<label for=\"step-2-done\">Last.</label>"))
    }

    @Test func withoutStepClosingTheBodyIsUnchanged() {
        let text = "1. Shake.\n2. Strain.\n"
        #expect(Markdown.recipeBody(text).html == Markdown.html(text))
    }

    @Test func theRecipePageTicksIngredientsAndStepsAndJSONLDNamesEachStep() throws {
        let site = try BuiltSite { site in
            try "---\ntitle: Fizz\ningredients:\n  - group: Syrup\n    items: [100 g sugar]\n  - 50 ml gin & tonic\n---\n1. Stir the syrup.\n2. Pour & serve.\n"
                .write(to: site.appendingPathComponent("recipes/fizz.md"), atomically: true, encoding: .utf8)
            try "---\ntitle: Toddy\nsteps: [Warm., Pour.]\n---\n1. Body list, not the method.\n"
                .write(to: site.appendingPathComponent("recipes/toddy.md"), atomically: true, encoding: .utf8)
        }
        defer { site.remove() }
        let page = try #require(site.text("recipes/fizz/index.html"))
        #expect(page.contains("<input type=\"checkbox\" class=\"tick\" id=\"ingredient-1\"><label for=\"ingredient-1\" data-ingredient>100 g sugar</label>"))
        #expect(page.contains("<label for=\"ingredient-2\" data-ingredient>50 ml gin &amp; tonic</label>"))
        #expect(page.contains("<p class=\"cook-start\"><a href=\"#step-1\">Cook step by step</a></p>"))
        #expect(page.contains("<label for=\"step-2-done\">Pour &amp; serve.</label>"))
        #expect(page.contains("<nav class=\"step-nav\" aria-label=\"Step 1 of 2\"><span class=\"step-count\">Step 1 of 2</span> "
                              + "<a class=\"step-next\" href=\"#step-2\" rel=\"next\">Next step</a> <a class=\"step-close\" href=\"#step-1-done\">All steps</a></nav>"))
        #expect(page.contains("<a class=\"step-previous\" href=\"#step-1\" rel=\"prev\">Previous step</a> <a class=\"step-close\" href=\"#step-2-done\">Done</a>"))
        #expect(page.contains("\"url\":\"https://example.com/fixture/recipes/fizz/#step-2\""))

        // A method in the front matter is the method: its steps are marked, the body's list is not.
        let toddy = try #require(site.text("recipes/toddy/index.html"))
        #expect(toddy.contains("<li><div class=\"step\" id=\"step-2\"><input type=\"checkbox\" class=\"tick\" id=\"step-2-done\"><label for=\"step-2-done\">Pour.</label>"))
        #expect(toddy.contains("<li>Body list, not the method.</li>"))
        // No ingredients: the link into the one-step view heads the method.
        #expect(toddy.contains(/id="method">\s*<p class="cook-start">/))
    }

    /// The closings made once per tree are those phrased for each step, in the tree's language,
    /// for short methods and long ones (phrased as they come).
    @Test func closingsMadeOncePerTreeAreThoseOfEachStep() {
        for language in ["en", "ar"] {
            let strings = ThemeStrings.make(language: language, overrides: [:]).0
            let closings = CookStepClosings()
            for step in [CookStep(number: 1, count: 3), CookStep(number: 3, count: 3), CookStep(number: 2, count: 3),
                         CookStep(number: 45, count: 60), CookStep(number: 1, count: 3)] {
                #expect(closings.closing(step, strings: strings) == step.closing(strings))
            }
        }
    }
}
