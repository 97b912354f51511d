import GalleryContent
import GalleryImages
import GalleryLayout
import GalleryPlan
import GallerySupport

/// Encodes a `GalleryModel` as CSS: per-element custom properties (inline styles) for the values
/// that differ between elements, and one shared rule per state that picks them.
///
/// A state is (arrangement a, filter f, breakpoint b). Its rule is selected by the checked radio
/// inputs (`:has(#ga1:checked)`, `:has(#gf3:checked)`) and a container query on the breakpoint's
/// threshold; the cards then transition between the values (DESIGN §4). Element values are in
/// reference pixels and scaled by `--u` (100cqw ÷ reference width), so between two breakpoints the
/// arrangement grows or shrinks with the page instead of overflowing.
package struct GalleryStyle: Sendable {
    /// The properties each element gets per state.
    enum Property: String {
        case x, y, w, h, r, s, z, o, v
        /// Room for the title: none on cards too small to carry one (circle's thumbnails);
        /// negative in an arrangement without titles below the cards, whose title then lies over
        /// the foot of the picture (the front card of a fan, deck or cover flow still names itself).
        case lh
        /// The turn in depth (`Placement.isTurned`): translation inside the perspective, degrees
        /// about x and y, the perspective distance. Written only for a gallery with a turned card.
        case tx, ty, tz, rx, ry, p

        /// The properties every gallery writes, in order.
        static let flat: [Property] = [.x, .y, .w, .h, .r, .s, .z, .o, .v, .lh]
        /// The properties of a gallery with a turned card.
        static let turned: [Property] = flat + [.tx, .ty, .tz, .rx, .ry, .p]

        /// The value as an integer that two placements share exactly when their CSS text is the
        /// same (numbers scaled by their decimal places), so states compare values without text.
        /// `perspective` stands in for a placement's missing one: it changes nothing on an unturned
        /// card, and a switch to or from a turned state then interpolates only the turn.
        @inline(__always)
        func key(_ placement: Placement, labelHeight: Double, perspective: Double = 0) -> Int {
            switch self {
            case .tx: CSSNumber.scaled(placement.translationX, places: 1)
            case .ty: CSSNumber.scaled(placement.translationY, places: 1)
            case .tz: CSSNumber.scaled(placement.translationZ, places: 1)
            case .rx: CSSNumber.scaled(placement.rotationX, places: 2)
            case .ry: CSSNumber.scaled(placement.rotationY, places: 2)
            case .p: CSSNumber.scaled(placement.perspective ?? perspective, places: 1)
            case .lh: labelHeight != 0 && placement.height >= abs(labelHeight) * 2.5 && !(labelHeight < 0 && placement.isTitleCovered)
                ? CSSNumber.scaled(labelHeight, places: 1) : 0
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

        /// Appends the CSS text of a `key(_:labelHeight:)` to `output`, a number through
        /// `numbers`: inlined, a call per element's value cost a fifth of the writing (issue 37).
        @inline(__always)
        func write(_ key: Int, to output: ByteBuffer, numbers: NumberTexts) {
            switch self {
            case .lh, .x, .y, .w, .h, .tx, .ty, .tz, .p: numbers.write(scaled: key, places: 1, to: output)
            case .r, .o, .rx, .ry: numbers.write(scaled: key, places: 2, to: output)
            case .s: numbers.write(scaled: key, places: 3, to: output)
            case .z: numbers.write(scaled: key, places: 0, to: output)
            case .v: output.append(key == 1 ? "hidden" : "visible")
            }
        }

        /// The custom property's name after `--`, as bytes that need no String (`rawValue`).
        var name: StaticString {
            switch self {
            case .x: "x"
            case .y: "y"
            case .w: "w"
            case .h: "h"
            case .r: "r"
            case .s: "s"
            case .z: "z"
            case .o: "o"
            case .v: "v"
            case .lh: "lh"
            case .tx: "tx"
            case .ty: "ty"
            case .tz: "tz"
            case .rx: "rx"
            case .ry: "ry"
            case .p: "p"
            }
        }
    }

    /// The kinds of positioned element; each gets its own rules.
    enum Kind: String {
        case card = "card"
        case header = "gh"
    }

    /// Inline custom properties per card, in DOM order.
    package private(set) var cardStyles: [String]
    /// Inline custom properties per section header.
    package private(set) var headerStyles: [String]
    /// The rules choosing every state's values.
    package private(set) var css: String

    /// The style of `model`'s states; `frames`, the site's, saves making the frame of each page
    /// of a card count again, and `rules`, the site's, writing the unfiltered states its pages share.
    package init(model: GalleryModel, transition: TransitionSettings, labelHeight: Double, frames: GalleryStyleFrames? = nil,
                 rules: GalleryStateRules? = nil) {
        // Millions of small pieces: the rules are written as UTF-8 into one buffer, one per line.
        let css = ByteBuffer(capacity: 1 << 16)
        let frame = frames?.frame(model: model, transition: transition) ?? .make(model: model, transition: transition)
        let wave = frame.wave
        for rule in frame.rules {
            css.append(contentsOf: rule)
            css.append(UInt8(ascii: "\n"))
        }
        let containerQueries = model.breakpoints.map { Self.containerQuery($0.width) }
        var encoder = Encoder(model: model, labelHeight: labelHeight, wave: wave, rules: rules)
        let scopeText = ByteBuffer()
        for index in model.states.indices {
            // Its numbers and its geometry, not a copy of the state (which retains five arrays).
            let state = Address(model, index)
            let geometry = model.states[index].geometry
            // The state whose rule also matches these elements and whose values they keep unless
            // this one says otherwise: the next smaller breakpoint (container queries are
            // min-width, so its rule still applies), else the unfiltered arrangement.
            // An opened stack's state falls back to its arrangement's closed stacks at the same
            // breakpoint, whose places the stacks before the opened one keep.
            let fallback: Int?
            if state.openedSection != nil {
                fallback = model.stateIndex(arrangement: state.arrangement, breakpoint: state.breakpoint, filter: 0)
            } else {
                fallback = state.breakpoint > 0
                    ? model.stateIndex(arrangement: state.arrangement, breakpoint: state.breakpoint - 1, filter: state.filter)
                    : state.filter > 0 ? model.stateIndex(arrangement: state.arrangement, breakpoint: 0, filter: 0) : nil
            }
            scopeText.removeAll()
            if let section = state.openedSection {
                Self.writeOpenedScope(model: model, arrangement: state.arrangement, section: section, to: scopeText)
            } else {
                Self.writeScope(arrangement: state.arrangement, filter: state.filter, to: scopeText)
            }
            let breakpoint = model.breakpoints[state.breakpoint]
            // The smallest breakpoint's rules apply everywhere; larger ones inside their query.
            if state.breakpoint > 0 {
                css.append(contentsOf: containerQueries[state.breakpoint])
                css.append(UInt8(ascii: "{"))
            }
            // An opened state's rules outrank every rule of its arrangement, its own at smaller
            // breakpoints too, so it says the canvas size even where it equals the closed one's.
            // Read through the geometry, a stored property: the state's own `contentSize` copied the state.
            if fallback.map({ model.states[$0].geometry.contentSize }) != geometry.contentSize || state.openedSection != nil {
                css.append(scopeText)
                css.append(" .gc{--cw:")
                css.append(max(geometry.contentSize.width, breakpoint.width), places: 1)
                css.append(";--ch:")
                css.append(geometry.contentSize.height, places: 1)
                css.append(UInt8(ascii: "}"))
            }
            if state.filter == 0, state.openedSection == nil, model.states[index].scrollsSideways(width: breakpoint.width),
               model.layoutDirection == .leftToRight {
                // Wider than the page (spread): the strip scrolls on its own, card by card. Not on a
                // right-to-left page: WebKit (2.50) re-snaps a right-to-left strip that has just
                // grown to its far left end, the end of the list, so there it scrolls freely.
                css.append(scopeText)
                // A strip whose cards turn with the scroll (cover flow) scrolls freely: a snap area
                // is a card's transformed box, which moves as the card turns. It snaps only to a
                // focused card, its one snap area, which faces the viewer once at the middle.
                // The cards are snap areas only here (--snap): WebKit (2.50) scrolled a strip that
                // became one, its cards snap areas in every arrangement before, to a card of its own
                // choosing, not the first, and the cover flow after it started there too.
                css.append(geometry.scrollDrivenTurn == nil ? " .gv{" as StaticString : " .gv:has(.card:focus-visible){")
                css.append("scroll-snap-type:x mandatory;--snap:center}")
            }
            encoder.encode(kind: .card, state: index, fallback: fallback, scope: scopeText, to: css)
            if model.hasSectionHeaders {
                encoder.encode(kind: .header, state: index, fallback: fallback, scope: scopeText, to: css)
            }
            if state.breakpoint > 0 { css.append(UInt8(ascii: "}")) }
            css.append(UInt8(ascii: "\n"))
        }
        for (index, _) in model.filters.enumerated() {
            let filter = index + 1
            css.append(".g:has(#gf")
            css.append(scaled: filter, places: 0)
            css.append(":checked) :is(.card,.gh):not(.t")
            css.append(scaled: filter, places: 0)
            css.append("){--o:0;--s:.001;--v:hidden}\n")
        }
        if encoder.properties == Property.turned {
            css.append(contentsOf: Self.turnRules(model: model))
        }
        if let trail = transition.springyScroll {
            css.append(contentsOf: Self.springyRules(model: model, trail: trail, easing: transition.easing))
        }
        self.css = css.string
        cardStyles = model.cards.indices.map { encoder.styles[encoder.styleIndex(kind: .card, element: $0)].string }
        headerStyles = model.sections.indices.map { encoder.styles[encoder.styleIndex(kind: .header, element: $0)].string }
    }

    /// The `.g:has(...)` prefix selecting a state's arrangement and filter.
    static func scope(arrangement: Int, filter: Int) -> String {
        let text = ByteBuffer()
        writeScope(arrangement: arrangement, filter: filter, to: text)
        return text.string
    }

    /// Appends `scope(arrangement:filter:)` to UTF-8 `output`, without a String per state.
    static func writeScope(arrangement: Int, filter: Int, to output: ByteBuffer) {
        output.append(".g")
        if arrangement > 0 { writeChecked("ga", arrangement, to: output) }
        if filter > 0 { writeChecked("gf", filter, to: output) }
    }

    /// `:has(#<prefix><number>:checked)`, a radio input's test.
    private static func writeChecked(_ prefix: StaticString, _ number: Int, to output: ByteBuffer) {
        output.append(":has(#")
        output.append(prefix)
        output.append(scaled: number, places: 0)
        output.append(":checked)")
    }

    /// The `.g:has(...)` prefix selecting an arrangement with section `section`'s stack opened
    /// (radio `gs1` for the first section): the arrangement's radio whenever there is a switcher
    /// (the stack radios keep their choice in other arrangements), and "All" checked when there are
    /// chips, so a chip closes the stacks and shows its filtered stacks instead. Its specificity
    /// beats the arrangement's own rules, filtered or not, at every breakpoint.
    static func openedScope(model: GalleryModel, arrangement: Int, section: Int) -> String {
        let text = ByteBuffer()
        writeOpenedScope(model: model, arrangement: arrangement, section: section, to: text)
        return text.string
    }

    /// Appends `openedScope(model:arrangement:section:)` to UTF-8 `output`.
    static func writeOpenedScope(model: GalleryModel, arrangement: Int, section: Int, to output: ByteBuffer) {
        output.append(".g")
        if model.arrangements.count > 1 { writeChecked("ga", arrangement, to: output) }
        writeChecked("gs", section + 1, to: output)
        if !model.filters.isEmpty { writeChecked("gf", 0, to: output) }
    }

    /// The filter classes of every card, in DOM order: `t3` when filter 3 shows it, the filters
    /// in order. Each filter's class is added to its members' in turn, instead of asking every
    /// filter about every card (issue 37).
    package static func filterClasses(model: GalleryModel) -> [String] {
        var classes = [String](repeating: "", count: model.cards.count)
        for (index, filter) in model.filters.enumerated() {
            let name = "t\(index + 1)"
            for card in filter.members {
                if !classes[card].isEmpty { classes[card].append(" ") }
                classes[card].append(name)
            }
        }
        return classes
    }

    /// The filter classes of a section's header: `t3` when filter 3 shows any of its cards.
    package static func filterClasses(section: Int, model: GalleryModel) -> String {
        let cards = model.sections[section].cards
        return model.filters.indices.filter { index in cards.contains { model.filters[index].members.contains($0) } }
            .map { "t\($0 + 1)" }.joined(separator: " ")
    }

    /// Where a state is among a gallery's: its arrangement, breakpoint, filter and opened section,
    /// read from the model without copying the state.
    struct Address {
        var arrangement: Int
        var breakpoint: Int
        var filter: Int
        var openedSection: Int?

        init(_ model: GalleryModel, _ index: Int) {
            arrangement = model.states[index].arrangement
            breakpoint = model.states[index].breakpoint
            filter = model.states[index].filter
            openedSection = model.states[index].openedSection
        }

        init(_ state: GalleryModel.State) {
            arrangement = state.arrangement
            breakpoint = state.breakpoint
            filter = state.filter
            openedSection = state.openedSection
        }
    }

    /// A state's custom-property name suffix: arrangement letter, breakpoint digit, filter number.
    static func stateName(_ state: GalleryModel.State) -> String {
        let text = ByteBuffer()
        writeStateName(Address(state), to: text)
        return text.string
    }

    /// Appends `stateName(_:)` of the state at `state` to UTF-8 `output`.
    static func writeStateName(_ state: Address, to output: ByteBuffer) {
        if state.arrangement < 26 {
            output.append(UInt8(ascii: "a") + UInt8(state.arrangement))
        } else {
            output.append(UInt8(ascii: "a"))
            output.append(scaled: state.arrangement, places: 0)
            output.append(UInt8(ascii: "_"))
        }
        output.append(scaled: state.breakpoint, places: 0)
        if state.filter > 0 {
            output.append(UInt8(ascii: "-"))
            output.append(scaled: state.filter, places: 0)
        }
        if let section = state.openedSection {
            output.append(UInt8(ascii: "s"))
            output.append(scaled: section + 1, places: 0)
        }
    }

    /// Encodes states one after another, remembering each state's expressions so a later state
    /// can fall back to them for the elements it leaves in place.
    struct Encoder {
        let model: GalleryModel
        let labelHeight: Double
        /// Every element's inline custom properties so far, as UTF-8: the cards in DOM order, then
        /// the section headers (see `styleIndex(kind:element:)`).
        let styles: [ByteBuffer]
        /// `styles` without a reference count of their own (`styles` keeps them): an element's
        /// style is written to thousands of times a page, and each reference read from the
        /// array was retained and released around the write (issue 37).
        private let styleReferences: [Unmanaged<ByteBuffer>]
        /// The elements each filter shows, by kind; filter 0 ("All") shows every element.
        private let cardMembers: [[Int]]
        private let headerMembers: [[Int]]
        /// Where the value expression of each property in each state so far is in
        /// `expressionText`, by `slot(kind:state:)` (a state keeping its fallback's expression
        /// points to that one's), nil where a state was not encoded. One buffer of text and one
        /// flat list of places for the whole style, `properties.count` per slot
        /// (`placeIndex(slot:property:)`), not an array or a buffer per expression or per state
        /// (issue 37). A table of its own, not an array: an array checked on each of a page's
        /// thousands of writes that it was not shared.
        private let expressionPlaces: PlaceTable
        private let expressionText = ByteBuffer(capacity: 1 << 14)
        /// Scratch buffers that each `encode` empties and fills: the state's name, a custom
        /// property's name, the rule's declarations.
        private let name = ByteBuffer(capacity: 16)
        private let variable = ByteBuffer(capacity: 32)
        private let declarations = ByteBuffer(capacity: 1024)
        /// The text of the values written lately.
        private let numbers = NumberTexts()
        /// The value keys of each state so far, by `slot(kind:state:)`, so a later state compares
        /// with its fallback's values without computing them again: property by property, the
        /// keys of the state's filter's members in order (`keys(of:members:…)`), so a chip's
        /// state of a few cards keeps a few keys, not a key for every card of the page.
        private var stateKeys: [[Int]?]
        /// The properties written: the turn in depth too when any card is turned.
        let properties: [Property]
        /// The perspective an unturned card takes (see `Property.key`): the largest of the turned
        /// cards', else a million reference pixels, flat to well within a pixel.
        private let perspective: Double
        /// The site's unfiltered states written by earlier pages.
        private let rules: GalleryStateRules?

        init(model: GalleryModel, labelHeight: Double, wave: StaggerWave?, rules: GalleryStateRules? = nil) {
            self.model = model
            self.labelHeight = labelHeight
            self.rules = rules
            // The model noted the turned placements as it made them (`State.hasTurnedPlacement`):
            // reading every placement again cost a tenth of the style (issue 37).
            var isTurned = false
            var largestPerspective: Double?
            // Through each state's geometry, without a copy of every state.
            for index in model.states.indices where model.states[index].geometry.hasTurnedPlacement {
                isTurned = true
                if let perspective = model.states[index].geometry.largestPerspective {
                    largestPerspective = max(largestPerspective ?? perspective, perspective)
                }
            }
            properties = isTurned ? Property.turned : Property.flat
            perspective = largestPerspective ?? 1_000_000
            // A card's inline style holds a few of its values per state (about 5 bytes a state
            // on the benchmark's gallery): room for that up front, not a copy per doubling.
            let styleCapacity = min(64 + 8 * model.states.count, 1 << 14)
            styles = model.cards.indices.map { card in
                let style = ByteBuffer(capacity: styleCapacity)
                style.append("--i:")
                style.append(scaled: card, places: 0)
                style.append(UInt8(ascii: ";"))
                wave?.writeCardStyle(card: card, to: style)
                return style
            } + model.sections.map { _ in ByteBuffer() }
            styleReferences = styles.map { Unmanaged.passUnretained($0) }
            cardMembers = [Array(model.cards.indices)] + model.filters.map { $0.members.sorted() }
            headerMembers = [Array(model.sections.indices)] + model.filters.map { filter in
                model.sections.indices.filter { model.sections[$0].cards.contains { filter.members.contains($0) } }
            }
            expressionPlaces = PlaceTable(count: model.states.count * 2 * properties.count)
            stateKeys = Array(repeating: nil, count: model.states.count * 2)
        }

        /// Where an element's custom properties are in `styles`.
        func styleIndex(kind: Kind, element: Int) -> Int {
            kind == .card ? element : model.cards.count + element
        }

        /// Where in `expressionPlaces` a slot's expression of property `property` is.
        private func placeIndex(slot: Int, property: Int) -> Int {
            slot * properties.count + property
        }

        /// Where a kind of element in one state keeps its expressions and keys.
        private func slot(kind: Kind, state: Int) -> Int {
            state * 2 + (kind == .card ? 0 : 1)
        }

        private func placements(kind: Kind, state: Int) -> GalleryModel.Placements {
            kind == .card ? model.states[state].cards : model.states[state].headers
        }

        /// The elements of `kind` that filter `filter` shows, ascending.
        private func members(kind: Kind, filter: Int) -> [Int] {
            (kind == .card ? cardMembers : headerMembers)[filter]
        }

        /// Appends to `css` the rule of one kind of element in the state at index `stateIndex` of
        /// the model's states, falling back to the one at `fallbackIndex`; per-element values go
        /// into `styles`.
        mutating func encode(kind: Kind, state stateIndex: Int, fallback fallbackIndex: Int?, scope: ByteBuffer,
                             to css: ByteBuffer) {
            let state = Address(model, stateIndex)
            let geometry = model.states[stateIndex].geometry
            let members = members(kind: kind, filter: state.filter)
            guard !members.isEmpty else { return }
            name.removeAll()
            writeStateName(state, to: name)
            let labelHeight = model.arrangements[state.arrangement].showsTitles ? self.labelHeight : -self.labelHeight
            let elements = placements(kind: kind, state: stateIndex)
            /// Made only when an element is not placed: a filtered state places all its members.
            func hidden() -> Placement { Self.hiddenPlacement(contentSize: geometry.contentSize) }
            let baseSlot = fallbackIndex.map { slot(kind: kind, state: $0) }
            // The fallback was encoded before this state (smaller breakpoint, or no filter), so its
            // keys, the values its rule really gives, are at hand. They are its own members' keys:
            // every element's when it is unfiltered, else this state's members' (the same filter).
            var baseKeys: [Int]?
            var baseByElement = false
            var baseStride = 0
            if let fallbackIndex, let baseSlot {
                let fallbackMembers = self.members(kind: kind, filter: model.states[fallbackIndex].filter)
                baseByElement = model.states[fallbackIndex].filter == 0
                baseStride = fallbackMembers.count
                baseKeys = stateKeys[baseSlot]
                    ?? keys(of: placements(kind: kind, state: fallbackIndex), members: fallbackMembers, hidden: hidden, labelHeight: labelHeight)
            }
            // An opened stack's cards carry their titles (the layout made them taller for it).
            let titled = kind == .card ? state.openedSection.map { model.sections[$0].cards } : nil
            // A filter's members, ascending, are its state geometry's placements in order, and the
            // geometry belongs to one arrangement: its keys serve every state that shares it, on
            // this page and on every other (all but an opened stack's, whose titled cards differ).
            let ownKeys = if titled == nil {
                geometry.styleKeys(StateGeometry.StyleKeysRequest(isCard: kind == .card, labelHeight: labelHeight,
                                                                        perspective: perspective, propertyCount: properties.count)) {
                    keys(of: elements, members: members, hidden: hidden, labelHeight: labelHeight)
                }
            } else {
                keys(of: elements, members: members, hidden: hidden, labelHeight: labelHeight, titled: titled, titleHeight: self.labelHeight)
            }
            stateKeys[slot(kind: kind, state: stateIndex)] = ownKeys
            // Only the next breakpoint needs a filtered or larger state's keys; the unfiltered
            // smallest one serves every filter of its arrangement and stays.
            // Every opened state of a breakpoint falls back to the same closed one, which stays.
            if state.breakpoint > 0, state.openedSection == nil, let fallbackIndex, let baseSlot,
               model.states[fallbackIndex].breakpoint > 0 || model.states[fallbackIndex].filter > 0 {
                stateKeys[baseSlot] = nil
            }
            /// The fallback's expression of property `propertyIndex`.
            func basePlace(_ propertyIndex: Int) -> Range<Int>? {
                baseSlot.flatMap { expressionPlaces[placeIndex(slot: $0, property: propertyIndex)] }
            }
            let ownSlot = slot(kind: kind, state: stateIndex)
            // The first arrangement's filtered rule (`.g:has(#gf1:checked) .card.t1`) matches in
            // every arrangement and outranks another arrangement's unfiltered rule
            // (`.g:has(#ga1:checked) .card`), so another arrangement's smallest filtered state
            // declares every property, even those its members keep (a chip with every card).
            // Likewise every opened stack's state: it falls back to the closed stacks at its own
            // breakpoint, yet its rules at smaller breakpoints, which outrank those, match too.
            let declaresEveryProperty = state.openedSection != nil
                || (state.breakpoint == 0 && state.filter > 0 && state.arrangement > 0)
            // An unfiltered state's rule and values are the same on every page whose state has the
            // same keys and whose fallback has the same keys and expressions: its name and selector
            // follow from the key (`GalleryStateRules`).
            let ruleKey = rules != nil && state.filter == 0 && state.openedSection == nil && !declaresEveryProperty
                ? GalleryStateRules.Key(isCard: kind == .card, arrangement: state.arrangement, breakpoint: state.breakpoint,
                                        propertyCount: properties.count)
                : nil
            let baseExpressions = ruleKey == nil ? [] : properties.indices.map { basePlace($0).map { Array(expressionText.bytes[$0]) } }
            if let ruleKey, let rules, let rule = rules.rules(ruleKey).first(where: {
                $0.ownKeys == ownKeys && $0.baseKeys == baseKeys && $0.baseExpressions == baseExpressions
            }) {
                replay(rule, kind: kind, slot: ownSlot, baseSlot: baseSlot)
                guard !rule.declarations.isEmpty else { return }
                rule.declarations.withUnsafeBufferPointer { declarations in
                    Self.writeRule(kind: kind, filter: state.filter, scope: scope, declarations: declarations, to: css)
                }
                return
            }
            // Where this state's writing starts, to note it for later pages (`GallerySharedRule`).
            let noted = ruleKey != nil && rules?.hasRoom == true
            let textStart = expressionText.count
            let styleStarts = noted ? members.map { styles[styleIndex(kind: kind, element: $0)].count } : []
            // The state's expressions go after the earlier states' (which they may copy from).
            let text = expressionText
            // Locals, so that the closures below capture them and not a copy of the encoder.
            let (styleReferences, variable, numbers) = (self.styleReferences, self.variable, self.numbers)
            let firstStyle = styleIndex(kind: kind, element: 0)
            declarations.removeAll()
            let count = members.count
            // Plain pointers in the loops below: bounds-checked closures per key cost a fifth of
            // the style (issue 37).
            ownKeys.withUnsafeBufferPointer { own in
            members.withUnsafeBufferPointer { memberList in
            (baseKeys ?? []).withUnsafeBufferPointer { baseAll in
            let members = memberList.baseAddress!
            for (propertyIndex, property) in properties.enumerated() {
                let ownRow = own.baseAddress! + propertyIndex * count
                /// The fallback's keys of this property, by member position (or by element when
                /// the fallback is unfiltered).
                let baseRow = baseKeys == nil ? nil : baseAll.baseAddress.map { $0 + propertyIndex * baseStride }
                var equalsBase = baseRow != nil
                if let baseRow {
                    if baseByElement {
                        for position in 0..<count where ownRow[position] != baseRow[members[position]] {
                            equalsBase = false
                            break
                        }
                    } else {
                        for position in 0..<count where ownRow[position] != baseRow[position] {
                            equalsBase = false
                            break
                        }
                    }
                }
                if equalsBase {
                    // Where every element keeps its fallback state's value, that state's rule,
                    // which matches these elements too, already says it.
                    expressionPlaces[placeIndex(slot: ownSlot, property: propertyIndex)] = basePlace(propertyIndex)
                    if declaresEveryProperty, let base = basePlace(propertyIndex) {
                        declarations.append("--")
                        declarations.append(property.name)
                        declarations.append(UInt8(ascii: ":"))
                        declarations.append(expressionText, range: base)
                        declarations.append(UInt8(ascii: ";"))
                    }
                    continue
                }
                let first = ownRow[0]
                var allSame = true
                for position in 1..<max(count, 1) where ownRow[position] != first {
                    allSame = false
                    break
                }
                let start = text.count
                if allSame {
                    property.write(first, to: text, numbers: numbers)
                } else {
                    variable.removeAll()
                    variable.append("--")
                    variable.append(property.name)
                    variable.append(name)
                    for position in 0..<count {
                        let key = ownRow[position], element = members[position]
                        if let baseRow, baseRow[baseByElement ? element : position] == key { continue }
                        styleReferences[firstStyle + element]._withUnsafeGuaranteedRef { style in
                            Self.writeDeclaration(variable: variable, property: property, key: key, numbers: numbers, to: style)
                        }
                    }
                    text.append("var(")
                    text.append(variable)
                    if let base = basePlace(propertyIndex) {
                        text.append(UInt8(ascii: ","))
                        text.append(expressionText, range: base)
                    }
                    text.append(UInt8(ascii: ")"))
                }
                declarations.append("--")
                declarations.append(property.name)
                declarations.append(UInt8(ascii: ":"))
                declarations.append(text, range: start..<text.count)
                declarations.append(UInt8(ascii: ";"))
                expressionPlaces[placeIndex(slot: ownSlot, property: propertyIndex)] = start..<text.count
            }
            }
            }
            }
            if noted, let ruleKey, let rules {
                var styleBytes: [UInt8] = []
                var styleEnds: [Int] = []
                styleEnds.reserveCapacity(count)
                for (position, element) in members.enumerated() {
                    let style = styles[styleIndex(kind: kind, element: element)]
                    styleBytes.append(contentsOf: style.bytes[styleStarts[position]...])
                    styleEnds.append(styleBytes.count)
                }
                let expressions = properties.indices.map { propertyIndex in
                    expressionPlaces[placeIndex(slot: ownSlot, property: propertyIndex)].flatMap { place in
                        place.lowerBound >= textStart ? Array(text.bytes[place]) : nil
                    }
                }
                rules.keep(GallerySharedRule(ownKeys: ownKeys, baseKeys: baseKeys, baseExpressions: baseExpressions,
                                             declarations: Array(declarations.bytes), expressions: expressions,
                                             styleBytes: styleBytes, styleEnds: styleEnds),
                           at: ruleKey)
            }
            guard !declarations.isEmpty else { return }
            Self.writeRule(kind: kind, filter: state.filter, scope: scope, declarations: declarations.bytes, to: css)
        }

        /// Appends to `css` the rule of one kind of element in a state of filter `filter`.
        private static func writeRule(kind: Kind, filter: Int, scope: ByteBuffer, declarations: UnsafeBufferPointer<UInt8>,
                                      to css: ByteBuffer) {
            css.append(scope)
            css.append(UInt8(ascii: " "))
            css.append(UInt8(ascii: "."))
            css.append(kind == .card ? "card" : "gh")
            if filter > 0 {
                css.append(".t")
                css.append(scaled: filter, places: 0)
            }
            css.append(UInt8(ascii: "{"))
            if let base = declarations.baseAddress { css.append(base, count: declarations.count) }
            css.append(UInt8(ascii: "}"))
        }

        /// Gives the state at `slot` the expressions and element values of `rule`, written by an
        /// earlier page for the same state: the expressions after the earlier states' (where the
        /// rule keeps its fallback's, the fallback's place), each element's values after its own.
        /// The rule's state is unfiltered, so its values are by element.
        private mutating func replay(_ rule: GallerySharedRule, kind: Kind, slot: Int, baseSlot: Int?) {
            for (propertyIndex, expression) in rule.expressions.enumerated() {
                let place: Range<Int>?
                if let expression {
                    let start = expressionText.count
                    expressionText.append(expression)
                    place = start..<expressionText.count
                } else {
                    place = baseSlot.flatMap { expressionPlaces[placeIndex(slot: $0, property: propertyIndex)] }
                }
                expressionPlaces[placeIndex(slot: slot, property: propertyIndex)] = place
            }
            let (styleReferences, firstStyle) = (self.styleReferences, styleIndex(kind: kind, element: 0))
            rule.styleBytes.withUnsafeBufferPointer { bytes in
                var start = 0
                for (element, end) in rule.styleEnds.enumerated() {
                    if end > start {
                        styleReferences[firstStyle + element]._withUnsafeGuaranteedRef { $0.append(bytes.baseAddress! + start, count: end - start) }
                    }
                    start = end
                }
            }
        }

        /// `variable:value;` on one element's inline style.
        private static func writeDeclaration(variable: ByteBuffer, property: Property, key: Int, numbers: NumberTexts,
                                             to style: ByteBuffer) {
            style.append(variable)
            style.append(UInt8(ascii: ":"))
            property.write(key, to: style, numbers: numbers)
            style.append(UInt8(ascii: ";"))
        }

        /// Each property's key for the `members` elements, property by property, member by member
        /// (`keys[property × members.count + position]`), `hidden` standing in for elements not
        /// placed; the `titled` elements have room for a title `titleHeight` high whatever the
        /// arrangement's `labelHeight`.
        private func keys(of elements: GalleryModel.Placements, members: [Int], hidden: () -> Placement, labelHeight: Double,
                          titled: Range<Int>? = nil, titleHeight: Double = 0) -> [Int] {
            let count = members.count
            // Copies of what the closure below reads, so it does not copy the whole encoder.
            let propertyCount = properties.count, perspective = self.perspective
            let isTurned = propertyCount == Property.turned.count
            // Property by property as `Property.flat` and `.turned` list them, written out so each
            // key is worked out without a call or a switch (issue 37).
            assert(Property.turned == [.x, .y, .w, .h, .r, .s, .z, .o, .v, .lh, .tx, .ty, .tz, .rx, .ry, .p]
                   && (properties == Property.flat || properties == Property.turned))
            return [Int](unsafeUninitializedCapacity: propertyCount * count) { keys, initialized in
                let start = keys.baseAddress!
                for (position, element) in members.enumerated() {
                    let placement = elements[element] ?? hidden()
                    let labelHeight = titled?.contains(element) == true ? titleHeight : labelHeight
                    @inline(__always)
                    func put(_ property: Property, _ index: Int) {
                        (start + index * count + position).initialize(to: property.key(placement, labelHeight: labelHeight,
                                                                                       perspective: perspective))
                    }
                    put(.x, 0); put(.y, 1); put(.w, 2); put(.h, 3); put(.r, 4)
                    put(.s, 5); put(.z, 6); put(.o, 7); put(.v, 8); put(.lh, 9)
                    if isTurned { put(.tx, 10); put(.ty, 11); put(.tz, 12); put(.rx, 13); put(.ry, 14); put(.p, 15) }
                }
                initialized = propertyCount * count
            }
        }

        /// Where an element the layout does not show waits: at the middle, invisible.
        private static func hiddenPlacement(contentSize: Size) -> Placement {
            var attributes = LayoutAttributes(indexPath: IndexPath(item: 0, section: 0),
                                              center: Point(x: contentSize.width / 2, y: contentSize.height / 2),
                                              size: Size(width: 0, height: 0))
            attributes.isHidden = true
            var placement = Placement(attributes)
            placement.scale = 0.001
            return placement
        }
    }

    /// The expressions' places of an `Encoder` (`Encoder.expressionPlaces`): a fixed number of
    /// them, nil until written.
    ///
    /// Not `Sendable`: one lives inside one build of one page's style.
    final class PlaceTable {
        private let places: UnsafeMutablePointer<Range<Int>?>
        private let count: Int

        init(count: Int) {
            self.count = count
            places = .allocate(capacity: max(count, 1))
            places.initialize(repeating: nil, count: count)
        }

        deinit {
            places.deinitialize(count: count)
            places.deallocate()
        }

        subscript(index: Int) -> Range<Int>? {
            @inline(__always) get {
                precondition(index >= 0 && index < count)
                return places[index]
            }
            @inline(__always) set {
                precondition(index >= 0 && index < count)
                places[index] = newValue
            }
        }
    }

    /// The container query of a breakpoint other than the smallest, which its rules go inside.
    static func containerQuery(_ width: Double) -> String {
        "@container gallery (min-width: \(CSSNumber.format(SiteConfig.Breakpoint.threshold(width)))px)"
    }

    /// The scale unit per breakpoint, the stagger and the easing, and the stagger's wave when the
    /// easing can be sampled (`StaggerWave`): section headers move with the first group.
    static func frameRules(model: GalleryModel, transition: TransitionSettings, wave: StaggerWave?) -> [String] {
        var rules: [String] = []
        for (index, breakpoint) in model.breakpoints.enumerated() {
            let rule = ".gc{--u:calc(100cqw / \(CSSNumber.format(breakpoint.width)))}"
            rules.append(index == 0 ? rule : "\(containerQuery(breakpoint.width)){\(rule)}")
        }
        let easing = switch transition.easing {
        case .css(let css): css
        case .spring(let damping, let frequency): SpringEasing(damping: damping, frequency: frequency).linearFunction()
        }
        rules.append(".g{--ease:\(easing);--dur:\(CSSNumber.format(transition.cardDuration, places: 3))s;--stagger:\(CSSNumber.format(transition.stagger, places: 3))s"
                     + (wave.map { ";" + $0.declarations } ?? "") + "}")
        if wave != nil, model.hasSectionHeaders {
            rules.append(".g .gh{--e:var(--e0);--ef:var(--f0)}")
        }
        return rules
    }
}
