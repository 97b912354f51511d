import GalleryContent
import GalleryPlan
import GallerySupport

extension GalleryStyle {
    /// Springy scroll (`transition.springy_scroll`): in a strip that scrolls sideways (spread), a
    /// card coming in at either edge trails `trail` reference pixels behind its place and settles
    /// into it along the site's spring as it comes fully into view; one going out at the other edge
    /// falls behind the same way, so scrolling back brings it in along the spring too. UIKit
    /// Dynamics' springy collection views (WWDC 2013) attach every cell to its place with a spring
    /// and let the cells far from the finger lag; a static page has no finger and no clock of its
    /// own, so the lag follows the scroll position: each card runs two scroll-driven animations of
    /// `transform` (which the compositor can run), one over the scroll during which it crosses the
    /// far edge and one over the scroll during which it crosses the near edge. Outside those ranges
    /// a card is exactly where the layout put it, so a strip at rest shows the layout.
    ///
    /// Only flat strips: a cover flow's cards already turn with the scroll. The page is laid out
    /// at scroll 0 with the first cards in view, so the trail shows only on cards cut by an edge. Off under reduced
    /// motion; where the browser has no scroll-driven animations the strip scrolls plainly.
    static func springyRules(model: GalleryModel, trail: Double, easing: TransitionSettings.Easing) -> String {
        let spring: SpringEasing
        if case .spring(let damping, let frequency) = easing {
            spring = SpringEasing(damping: damping, frequency: frequency)
        } else {
            spring = SpringEasing()
        }
        // The card's start-side edge, measured from the start of the strip (a right-to-left page
        // scrolls from the right), and the strip's visible width, `--sw` reference pixels (the
        // breakpoint's width), so one rule serves every breakpoint. Where the strip fits the page
        // its scroll timeline is inactive and the animations do nothing.
        let rightToLeft = model.layoutDirection == .rightToLeft
        let lead = rightToLeft ? "var(--cw) - var(--x) - var(--w)" : "var(--x)"
        let strips = model.arrangements.indices.filter { arrangement in
            model.breakpoints.indices.contains { breakpoint in
                let state = model.state(arrangement: arrangement, breakpoint: breakpoint, filter: 0)
                return state.scrollsSideways(width: model.breakpoints[breakpoint].width) && state.scrollDrivenTurn == nil
            }
        }
        guard !strips.isEmpty else { return "" }
        let scope = strips.map { ":has(#ga\($0):checked)" }.joined(separator: ",")
        // Ahead, the far edge, is on the right of a left-to-right strip.
        let outward = CSSNumber.format(trail * (rightToLeft ? -1 : 1), places: 1)
        let inward = CSSNumber.format(-trail * (rightToLeft ? -1 : 1), places: 1)
        var css = "@supports (animation-timeline:scroll(inline)){@media (prefers-reduced-motion:no-preference){\n"
        for (index, breakpoint) in model.breakpoints.enumerated() {
            let rule = ".gc{--sw:\(CSSNumber.format(breakpoint.width, places: 1))}"
            css += (index == 0 ? rule : "\(containerQuery(breakpoint.width)){\(rule)}") + "\n"
        }
        css += ".g:is(\(scope)) .card{animation-name:gsf,gsn;"
            + "animation-timing-function:\(spring.linearFunction()),\(spring.reversedLinearFunction());"
            + "animation-timeline:scroll(inline nearest),scroll(inline nearest);"
            + "animation-range:calc((\(lead) - var(--sw)) * var(--u)) calc((\(lead) + var(--w) - var(--sw)) * var(--u)),"
            + "calc((\(lead)) * var(--u)) calc((\(lead) + var(--w)) * var(--u))}\n}}\n"
        css += "@keyframes gsf{from{transform:translateX(calc(\(outward) * var(--u)))}to{transform:translateX(0)}}\n"
        css += "@keyframes gsn{from{transform:translateX(0)}to{transform:translateX(calc(\(inward) * var(--u)))}}\n"
        return css
    }
}
