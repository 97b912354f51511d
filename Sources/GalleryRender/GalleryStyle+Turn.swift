import GalleryLayout
import GalleryPlan
import GallerySupport

extension GalleryStyle {
    /// The rules of a gallery with cards turned in depth (a cover flow): the `transform` that
    /// reads the turn's custom properties (`Placement`'s order: the turn inside the card's place,
    /// rotation and scale), its transition like the other compositor properties', and, where the
    /// browser has scroll-driven animations, the turn following the strip's scroll position.
    static func turnRules(model: GalleryModel) -> String {
        // perspective(p) translate3d(x, y, z) is written as scale(p / (p − z)) perspective(p − z)
        // translate(x, y), the same picture: WebKit (2.50) leaves cards moved back along z inside
        // a scrolling strip partly unpainted.
        var css = ".gc :is(.card,.gh){transform:scale(calc(var(--p) / (var(--p) - var(--tz))))"
            + " perspective(calc((var(--p) - var(--tz)) * var(--u)))"
            + " translate(calc(var(--tx) * var(--u)),calc(var(--ty) * var(--u)))"
            + " rotateX(calc(var(--rx) * 1deg)) rotateY(calc(var(--ry) * 1deg));"
            // A sixth property takes the first duration, easing and delay again (the lists repeat).
            + "transition-property:translate,rotate,scale,opacity,visibility,transform}\n"
        css += scrollDrivenRules(model: model)
        return css
    }

    /// Per arrangement and breakpoint whose layout turns with the scroll: each card's turn runs on
    /// the strip's scroll timeline, from turned ahead through facing the viewer (when the strip has
    /// scrolled the card's distance from the start to the middle) to turned behind, and its
    /// stacking order rises towards the middle. A view timeline cannot serve: it measures the
    /// card's box before transforms, and every card is placed by `translate` from the same corner.
    /// Off under reduced motion; elsewhere the static pose stays.
    static func scrollDrivenRules(model: GalleryModel) -> String {
        var rules: [String] = []
        var keyframes: [String] = []
        var names: [String: String] = [:]
        let rightToLeft = model.layoutDirection == .rightToLeft
        let count = model.cards.count
        for state in model.states where state.filter == 0 {
            guard let turn = state.scrollDrivenTurn else { continue }
            let breakpoint = model.breakpoints[state.breakpoint]
            let right = turn.rightTransform
            func pose(_ side: Double) -> String {
                "{--tx:\(CSSNumber.format(right.translationX * side, places: 1));--tz:\(CSSNumber.format(right.translationZ, places: 1))"
                    + ";--ry:\(CSSNumber.format(right.rotationY * 180 / .pi * side, places: 2))}"
            }
            // Ahead of the middle in reading order is the right on a left-to-right page.
            let ahead = rightToLeft ? -1.0 : 1.0
            let frames = "from\(pose(ahead))50%{--tx:0;--tz:0;--ry:0}to\(pose(-ahead))"
            let name: String
            if let known = names[frames] {
                name = known
            } else {
                name = "gt\(names.count + 1)"
                names[frames] = name
                keyframes.append("@keyframes \(name){\(frames)}")
            }
            // How far the strip scrolls (reference pixels, from its start) before this card is at
            // the middle; the page's scroll starts from the right on a right-to-left page.
            let centre = rightToLeft ? "var(--cw) - var(--x) - var(--w) / 2" : "var(--x) + var(--w) / 2"
            let middle = CSSNumber.format(breakpoint.width / 2, places: 1)
            func range(_ reach: Double) -> String {
                let distance = CSSNumber.format(reach, places: 1)
                return "calc((\(centre) - \(middle) - \(distance)) * var(--u)) calc((\(centre) - \(middle) + \(distance)) * var(--u))"
            }
            let rule = ".g:has(#ga\(state.arrangement):checked) .card{animation:\(name) linear both,gz linear both;"
                + "animation-timeline:scroll(inline nearest),scroll(inline nearest);"
                + "animation-range:\(range(turn.distance)),\(range(turn.spacing * Double(count)));"
                // Rounded by calc(), so an engine that interpolates the number loosely still gets a
                // whole z-index; important over the filtered states' own --z.
                + "--z:calc(var(--depth)) !important}"
            rules.append(state.breakpoint > 0 ? "\(containerQuery(breakpoint.width)){\(rule)}" : rule)
        }
        guard !rules.isEmpty else { return "" }
        var css = ""
        // Registered, so the turn and the stacking order interpolate instead of flipping halfway.
        for name in ["tx", "tz", "ry", "depth"] {
            css += "@property --\(name){syntax:\"<number>\";inherits:true;initial-value:0}\n"
        }
        css += "@supports (animation-timeline:scroll(inline)){@media (prefers-reduced-motion:no-preference){\n"
        css += rules.joined(separator: "\n") + "\n}}\n"
        css += keyframes.joined(separator: "\n") + "\n"
        css += "@keyframes gz{from{--depth:0}50%{--depth:\(count)}to{--depth:0}}\n"
        return css
    }
}
