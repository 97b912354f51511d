import Mustache
import Synchronization

/// Cook mode's markup around one step of a recipe's method, without script: the step's box,
/// whose `id` (`step-3`) JSON-LD's `HowToStep.url` names and whose `:target` is the one-step
/// view; a tick box whose label holds the step's first text (ticked, the step is crossed out);
/// and the links of the one-step view (hidden until the step is the target). The body's steps
/// (`Markdown.recipeBody`) and the front matter's (`fieldsContext`) are both written by this.
package struct CookStep: Sendable, Hashable {
    /// 1-based, counted over the whole method (its headed parts follow one another).
    package var number: Int
    package var count: Int

    /// The fragment of step `number`: `step-3`.
    static func id(_ number: Int) -> String { "step-\(number)" }

    /// The fragment of an ingredient's tick box, counted over every group: `ingredient-2`.
    static func ingredientID(_ number: Int) -> String { "ingredient-\(number)" }

    /// The step's box opens.
    var opening: String { "<div class=\"step\" id=\"\(Self.id(number))\">" }

    /// The tick box and the label's start; `labelClosing` ends the label after the step's text.
    var labelOpening: String {
        let tick = Self.id(number) + "-done"
        return "<input type=\"checkbox\" class=\"tick\" id=\"\(tick)\"><label for=\"\(tick)\">"
    }

    static let labelClosing = "</label>"

    /// The one-step view's links (previous, next, back to every step) and the box's end. `strings`
    /// are the theme's, in the page's language.
    func closing(_ strings: ThemeStrings) -> String {
        let position = escapeHTML(strings.phrase("step_of", ["number": strings.number(number), "count": strings.number(count)]))
        var links = "<span class=\"step-count\">\(position)</span>"
        if number > 1 {
            links += " <a class=\"step-previous\" href=\"#\(Self.id(number - 1))\" rel=\"prev\">\(escapeHTML(strings.text("step_previous")))</a>"
        }
        if number < count {
            links += " <a class=\"step-next\" href=\"#\(Self.id(number + 1))\" rel=\"next\">\(escapeHTML(strings.text("step_next")))</a>"
        }
        links += " <a class=\"step-close\" href=\"#\(Self.id(number))-done\">\(escapeHTML(strings.text(number < count ? "step_close" : "step_done")))</a>"
        return "<nav class=\"step-nav\" aria-label=\"\(position)\">\(links)</nav></div>"
    }

    /// The whole step around its inline HTML (a step written in the front matter).
    func html(around inline: String, strings: ThemeStrings) -> String {
        opening + labelOpening + inline + Self.labelClosing + closing(strings)
    }
}

/// Cook mode's closing markup (`CookStep.closing`) of each step number and count, made once per
/// tree: every recipe page with a five-step method ends the same five steps, and phrasing one
/// ("Step 2 of 5", its numbers formatted) cost more than parsing and rendering the rest of the body.
/// Methods of more than `largestCount` steps are phrased as they come, so that what is held stays
/// a few hundred short strings.
package final class CookStepClosings: Sendable {
    private let made = Mutex<[CookStep: String]>([:])
    static let largestCount = 40

    package init() {}

    /// `step.closing(strings)`, the tree's strings being `strings`.
    func closing(_ step: CookStep, strings: ThemeStrings) -> String {
        guard step.count <= Self.largestCount else { return step.closing(strings) }
        if let known = made.withLock({ $0[step] }) { return known }
        let text = step.closing(strings)
        made.withLock { $0[step] = text }
        return text
    }
}
