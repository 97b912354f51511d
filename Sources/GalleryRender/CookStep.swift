import GallerySupport
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
    static func id(_ number: Int) -> String { text { appendID(number, to: &$0) } }

    /// What a step's fragment starts with, its number following (`JSONWriter` writes it too).
    static var idPrefix: StaticString { "step-" }

    /// `id(number)` appended to UTF-8 `output`.
    static func appendID(_ number: Int, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: idPrefix.utf8Start, count: idPrefix.utf8CodeUnitCount))
        CSSNumber.write(scaled: number, places: 0, to: &output)
    }

    /// The fragment of an ingredient's tick box, counted over every group: `ingredient-2`.
    static func ingredientID(_ number: Int) -> String { "ingredient-\(number)" }

    /// The step's box opens.
    var opening: String { Self.text { appendOpening(to: &$0) } }

    /// `opening` appended to UTF-8 `output`: a body's steps are marked by the thousand, and
    /// interpolating a String for each cost more than cmark's parse of the step (issue 37).
    func appendOpening(to output: inout [UInt8]) {
        appendUTF8("<div class=\"step\" id=\"", to: &output)
        Self.appendID(number, to: &output)
        appendUTF8("\">", to: &output)
    }

    /// The tick box and the label's start; `labelClosing` ends the label after the step's text.
    var labelOpening: String { Self.text { appendLabelOpening(to: &$0) } }

    /// `labelOpening` appended to UTF-8 `output`.
    func appendLabelOpening(to output: inout [UInt8]) {
        appendUTF8("<input type=\"checkbox\" class=\"tick\" id=\"", to: &output)
        Self.appendID(number, to: &output)
        appendUTF8("-done\"><label for=\"", to: &output)
        Self.appendID(number, to: &output)
        appendUTF8("-done\">", to: &output)
    }

    private static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
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
