import GalleryLayout

/// Encodes a `GalleryModel` as CSS: per-element custom properties (inline styles) for the values
/// that differ between elements, and one shared rule per state that picks them.
///
/// A state is (arrangement a, filter f, breakpoint b). Its rule is selected by the checked radio
/// inputs (`:has(#ga1:checked)`, `:has(#gf3:checked)`) and a container query on the breakpoint's
/// threshold; the cards then transition between the values (DESIGN §4). Element values are in
/// reference pixels and scaled by `--u` (100cqw ÷ reference width), so between two breakpoints the
/// arrangement grows or shrinks with the page instead of overflowing.
public struct GalleryStyle: Sendable {
    /// The properties each element gets per state.
    enum Property: String, CaseIterable {
        case x, y, w, h, r, s, z, o, v
        /// Room for the title: none on cards too small to carry one (circle's thumbnails).
        case lh

        /// The value as an integer that two placements share exactly when their CSS text is the
        /// same (numbers scaled by their decimal places), so states compare values without text.
        func key(_ placement: Placement, labelHeight: Double) -> Int {
            switch self {
            case .lh: labelHeight > 0 && placement.height >= labelHeight * 2.5 ? CSSNumber.scaled(labelHeight, places: 1) : 0
            case .x: CSSNumber.scaled(placement.x, places: 1)
            case .y: CSSNumber.scaled(placement.y, places: 1)
            case .w: CSSNumber.scaled(placement.width, places: 1)
            case .h: CSSNumber.scaled(placement.height, places: 1)
            case .r: CSSNumber.scaled(placement.rotation, places: 2)
            case .s: CSSNumber.scaled(placement.scale, places: 3)
            case .z: placement.zIndex
            case .o: CSSNumber.scaled(placement.opacity, places: 2)
            case .v: placement.isHidden ? 1 : 0
            }
        }

        /// The CSS text of a `key(_:labelHeight:)`.
        func text(_ key: Int) -> String {
            switch self {
            case .lh, .x, .y, .w, .h: CSSNumber.format(scaled: key, places: 1)
            case .r, .o: CSSNumber.format(scaled: key, places: 2)
            case .s: CSSNumber.format(scaled: key, places: 3)
            case .z: String(key)
            case .v: key == 1 ? "hidden" : "visible"
            }
        }
    }

    /// The kinds of positioned element; each gets its own rules.
    enum Kind: String {
        case card = "card"
        case header = "gh"
    }

    /// Inline custom properties per card, in DOM order.
    public private(set) var cardStyles: [String]
    /// Inline custom properties per section header.
    public private(set) var headerStyles: [String]
    /// The rules choosing every state's values.
    public private(set) var css: String

    public init(model: GalleryModel, transition: TransitionSettings, labelHeight: Double) {
        cardStyles = model.cards.indices.map { "--i:\($0);" }
        headerStyles = model.sections.map { _ in "" }
        var rules = Self.frameRules(model: model, transition: transition)
        var encoder = Encoder(model: model, labelHeight: labelHeight)
        for state in model.states {
            // The state whose rule also matches these elements and whose values they keep unless
            // this one says otherwise: the next smaller breakpoint (container queries are
            // min-width, so its rule still applies), else the unfiltered arrangement.
            let fallbackState: GalleryModel.State? = state.breakpoint > 0
                ? model.state(arrangement: state.arrangement, breakpoint: state.breakpoint - 1, filter: state.filter)
                : state.filter > 0 ? model.state(arrangement: state.arrangement, breakpoint: 0, filter: 0) : nil
            let cardRule = encoder.encode(kind: .card, state: state, fallback: fallbackState,
                                          placements: \.cards, styles: &cardStyles)
            var headerRule = ""
            if model.hasSectionHeaders {
                headerRule = encoder.encode(kind: .header, state: state, fallback: fallbackState,
                                            placements: \.headers, styles: &headerStyles)
            }
            let scope = Self.scope(arrangement: state.arrangement, filter: state.filter)
            let breakpoint = model.breakpoints[state.breakpoint]
            var body = ""
            if fallbackState?.contentSize != state.contentSize {
                let width = max(state.contentSize.width, breakpoint.width)
                body += "\(scope) .gc{--cw:\(CSSNumber.format(width, places: 1));--ch:\(CSSNumber.format(state.contentSize.height, places: 1))}"
            }
            if state.filter == 0, state.contentSize.width > breakpoint.width + 0.5 {
                // Wider than the page (spread): the strip scrolls on its own, card by card.
                body += "\(scope) .gv{scroll-snap-type:x mandatory}"
            }
            body += cardRule + headerRule
            rules.append(Self.wrap(body, breakpoint: state.breakpoint, model: model))
        }
        for (index, _) in model.filters.enumerated() {
            let filter = index + 1
            rules.append(".g:has(#gf\(filter):checked) :is(.card,.gh):not(.t\(filter)){--o:0;--s:.001;--v:hidden}")
        }
        css = rules.joined(separator: "\n") + "\n"
    }

    /// The `.g:has(...)` prefix selecting a state's arrangement and filter.
    static func scope(arrangement: Int, filter: Int) -> String {
        ".g" + (arrangement > 0 ? ":has(#ga\(arrangement):checked)" : "") + (filter > 0 ? ":has(#gf\(filter):checked)" : "")
    }

    /// The filter classes of an element: `t3` when filter 3 shows it.
    public static func filterClasses(card: Int, model: GalleryModel) -> String {
        model.filters.indices.filter { model.filters[$0].members.contains(card) }.map { "t\($0 + 1)" }.joined(separator: " ")
    }

    public static func filterClasses(section: Int, model: GalleryModel) -> String {
        let cards = model.sections[section].cards
        return model.filters.indices.filter { index in cards.contains { model.filters[index].members.contains($0) } }
            .map { "t\($0 + 1)" }.joined(separator: " ")
    }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyz")

    /// A state's custom-property name suffix: arrangement letter, breakpoint digit, filter number.
    static func stateName(_ state: GalleryModel.State) -> String {
        let letter = state.arrangement < letters.count ? String(letters[state.arrangement]) : "a\(state.arrangement)_"
        return letter + String(state.breakpoint) + (state.filter > 0 ? "-\(state.filter)" : "")
    }

    /// Encodes states one after another, remembering each state's expressions so a later state
    /// can fall back to them for the elements it leaves in place.
    struct Encoder {
        let model: GalleryModel
        let labelHeight: Double
        /// The value expression of each property in each state so far, by kind and state name.
        private var baseExpressions: [StateKey: [String?]] = [:]
        /// Every element's value keys in each state so far, by property then element, so a later
        /// state compares with its fallback's values without computing them again.
        private var stateKeys: [StateKey: [[Int]]] = [:]

        /// A kind of element in one state (cheaper to hash than its name).
        private struct StateKey: Hashable {
            var kind: Kind
            var arrangement: Int
            var breakpoint: Int
            var filter: Int

            init(_ kind: Kind, _ state: GalleryModel.State) {
                (self.kind, arrangement, breakpoint, filter) = (kind, state.arrangement, state.breakpoint, state.filter)
            }
        }

        init(model: GalleryModel, labelHeight: Double) {
            self.model = model
            self.labelHeight = labelHeight
        }

        /// The rule of one kind of element in one state; per-element values go into `styles`.
        mutating func encode(kind: Kind, state: GalleryModel.State, fallback: GalleryModel.State?,
                             placements: KeyPath<GalleryModel.State, [Placement?]>,
                             styles: inout [String]) -> String {
            let name = stateName(state)
            let labelHeight = model.arrangements[state.arrangement].showsTitles ? self.labelHeight : 0
            let elements = state[keyPath: placements]
            let members: [Int] = elements.indices.filter { element in
                state.filter == 0 || isMember(kind: kind, element: element, filter: state.filter)
            }
            guard !members.isEmpty else { return "" }
            let hidden = hiddenPlacement(state)
            let baseKey = fallback.map { StateKey(kind, $0) }
            // The fallback was encoded before this state (smaller breakpoint, or no filter), so its
            // keys, the values its rule really gives, are at hand.
            let baseKeys = baseKey.map { key in
                stateKeys[key] ?? keys(of: fallback![keyPath: placements], members: members, hidden: hidden, labelHeight: labelHeight)
            }
            let ownKeys = keys(of: elements, members: members, hidden: hidden, labelHeight: labelHeight)
            stateKeys[StateKey(kind, state)] = ownKeys
            // Only the next breakpoint needs a filtered or larger state's keys; the unfiltered
            // smallest one serves every filter of its arrangement and stays.
            if state.breakpoint > 0, let baseKey, baseKey.breakpoint > 0 || baseKey.filter > 0 {
                stateKeys[baseKey] = nil
            }
            var expressions = [String?](repeating: nil, count: Property.allCases.count)
            var declarations = ""
            var values = [Int](repeating: 0, count: members.count)
            var baseValues = values
            for (propertyIndex, property) in Property.allCases.enumerated() {
                for (position, element) in members.enumerated() {
                    values[position] = ownKeys[propertyIndex][element]
                }
                if let baseKeys {
                    for (position, element) in members.enumerated() {
                        baseValues[position] = baseKeys[propertyIndex][element]
                    }
                    // Where every element keeps its fallback state's value, that state's rule,
                    // which matches these elements too, already says it.
                    if values == baseValues {
                        expressions[propertyIndex] = baseKey.flatMap { baseExpressions[$0]?[propertyIndex] }
                        continue
                    }
                }
                let expression: String
                if values.allSatisfy({ $0 == values[0] }) {
                    expression = property.text(values[0])
                } else {
                    let variable = "--\(property.rawValue)\(name)"
                    for (position, element) in members.enumerated() where baseKeys == nil || baseValues[position] != values[position] {
                        styles[element] += "\(variable):\(property.text(values[position]));"
                    }
                    if let baseKey, let base = baseExpressions[baseKey]?[propertyIndex] {
                        expression = "var(\(variable),\(base))"
                    } else {
                        expression = "var(\(variable))"
                    }
                }
                expressions[propertyIndex] = expression
                declarations += "--\(property.rawValue):\(expression);"
            }
            baseExpressions[StateKey(kind, state)] = expressions
            guard !declarations.isEmpty else { return "" }
            let selector = scope(arrangement: state.arrangement, filter: state.filter) + " ." + kind.rawValue
                + (state.filter > 0 ? ".t\(state.filter)" : "")
            return "\(selector){\(declarations)}"
        }

        /// Each property's key for the member elements (other elements keep 0: a filtered state and
        /// the states falling back to it share its members), `hidden` standing in for elements not
        /// placed.
        private func keys(of elements: [Placement?], members: [Int], hidden: Placement, labelHeight: Double) -> [[Int]] {
            var keys = [[Int]](repeating: [Int](repeating: 0, count: elements.count), count: Property.allCases.count)
            for (propertyIndex, property) in Property.allCases.enumerated() {
                for element in members {
                    keys[propertyIndex][element] = property.key(elements[element] ?? hidden, labelHeight: labelHeight)
                }
            }
            return keys
        }

        private func isMember(kind: Kind, element: Int, filter: Int) -> Bool {
            let members = model.filters[filter - 1].members
            switch kind {
            case .card: return members.contains(element)
            case .header: return model.sections[element].cards.contains { members.contains($0) }
            }
        }

        /// Where an element the layout does not show waits: at the middle, invisible.
        private func hiddenPlacement(_ state: GalleryModel.State) -> Placement {
            var attributes = LayoutAttributes(indexPath: IndexPath(item: 0, section: 0),
                                              center: Point(x: state.contentSize.width / 2, y: state.contentSize.height / 2),
                                              size: Size(width: 0, height: 0))
            attributes.isHidden = true
            var placement = Placement(attributes)
            placement.scale = 0.001
            return placement
        }
    }

    /// Puts a rule inside the container query of its breakpoint (none for the smallest).
    private static func wrap(_ rule: String, breakpoint: Int, model: GalleryModel) -> String {
        guard breakpoint > 0 else { return rule }
        return "@container gallery (min-width: \(CSSNumber.format(threshold(model.breakpoints[breakpoint].width)))px){\(rule)}"
    }

    /// The container width from which a breakpoint's layout is used: a little below its reference
    /// width, so a window whose scroll bar takes a few pixels still gets it, scaled down by at
    /// most 4 %.
    static func threshold(_ width: Double) -> Double {
        (width * 0.96).rounded(.down)
    }

    /// The scale unit per breakpoint, the stagger and the easing.
    private static func frameRules(model: GalleryModel, transition: TransitionSettings) -> [String] {
        var rules: [String] = []
        for (index, breakpoint) in model.breakpoints.enumerated() {
            let rule = ".gc{--u:calc(100cqw / \(CSSNumber.format(breakpoint.width)))}"
            rules.append(index == 0 ? rule : "@container gallery (min-width: \(CSSNumber.format(threshold(breakpoint.width)))px){\(rule)}")
        }
        let easing: String
        var duration = transition.duration ?? 0.6
        switch transition.easing {
        case .css(let css):
            easing = css
        case .spring(let damping, let frequency):
            let spring = SpringEasing(damping: damping, frequency: frequency)
            easing = spring.linearFunction()
            duration = transition.duration ?? spring.settlingTime
        }
        rules.append(".g{--ease:\(easing);--dur:\(CSSNumber.format(duration, places: 3))s;--stagger:\(CSSNumber.format(transition.stagger, places: 3))s}")
        return rules
    }
}
