import GalleryLayout
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryPlan
@testable import GalleryRender

@Suite struct GalleryModelTests {
    static func recipes(_ specs: [(String, [String], String?)]) -> [Recipe] {
        specs.map { slug, tags, glass in
            Recipe(slug: slug, title: slug.capitalized, sourcePath: "recipes/\(slug).md", tags: tags, glass: glass)
        }
    }

    static let sample = recipes([
        ("a", ["gin", "sour"], "Coupe"), ("b", ["tiki"], "Rocks"), ("c", ["gin", "tiki"], nil), ("d", ["sour", "gin"], "Coupe"),
    ])

    func model(_ recipes: [Recipe] = sample, arrangements: [String] = ["grid", "fan"], sectionBy: String? = nil) throws -> GalleryModel {
        var settings = GallerySettings()
        settings.arrangements = arrangements.map { ArrangementSetting(engine: $0) }
        settings.sectionBy = sectionBy
        let breakpoints = [SiteConfig.Breakpoint(name: "phone", width: 375), SiteConfig.Breakpoint(name: "desktop", width: 1280)]
        let layouts = try arrangements.map { name in
            try breakpoints.map { _ in try LayoutRegistry.makeLayout(name: name) }
        }
        return GalleryModel(recipes: recipes, images: [:], settings: settings, layouts: layouts, breakpoints: breakpoints)
    }

    @Test func onlyTitlesNoCardCoversShowOverThePictures() throws {
        // Grid titles sit below the cards; the fan's and the deck's lie over the foot of the
        // pictures, where only the top card's start is clear; in a spread each card's start is
        // clear; in the cover flow the front card's.
        let recipes = GalleryModelTests.recipes((0..<8).map { ("r\($0)", [], nil) })
        let model = try model(recipes, arrangements: ["grid", "fan", "deck", "spread", "coverflow"])
        func covered(_ arrangement: Int, _ breakpoint: Int) -> [Bool] {
            model.state(arrangement: arrangement, breakpoint: breakpoint, filter: 0).cards.map { $0!.isTitleCovered }
        }
        for breakpoint in 0..<2 {
            #expect(covered(0, breakpoint) == Array(repeating: false, count: 8))
            // At 375 px the fan is held tight; at 1280 px the default fan's neighbours only
            // touch at the rim (Croupier's angle), so every title start is clear.
            #expect(covered(1, breakpoint) == (breakpoint == 0 ? Array(repeating: true, count: 7) + [false] : Array(repeating: false, count: 8)))
            #expect(covered(2, breakpoint) == Array(repeating: true, count: 7) + [false])
            #expect(covered(3, breakpoint) == Array(repeating: false, count: 8))
            #expect(covered(4, breakpoint).first == false)
        }
        let style = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
        // The deck's top card carries its title over the picture, the others none.
        #expect(style.css.contains(".g:has(#ga2:checked) .card{") && style.cardStyles[7].contains("--lhc0:-44"))
        #expect(!style.cardStyles[0].contains("--lhc0:-44"))
    }

    @Test func everyArrangementBreakpointAndFilterHasAState() throws {
        let model = try model()
        // gin (3), sour (2), tiki (2): most used first, then by name.
        #expect(model.filters.map(\.name) == ["gin", "sour", "tiki"])
        #expect(model.states.count == 2 * 2 * 4)
        let state = model.state(arrangement: 1, breakpoint: 1, filter: 2)
        #expect((state.arrangement, state.breakpoint, state.filter) == (1, 1, 2))
    }

    @Test func filteredStatesPlaceOnlyTheMembersAsIfAlone() throws {
        let model = try model()
        let filtered = model.state(arrangement: 0, breakpoint: 0, filter: 2)  // sour: a and d
        #expect(filtered.cards.map { $0 != nil } == [true, false, false, true])
        // d takes the second slot of the grid, where b sits unfiltered.
        let all = model.state(arrangement: 0, breakpoint: 0, filter: 0)
        #expect(filtered.cards[3]?.centre == all.cards[1]?.centre)
    }

    @Test func placementKeepsTheVisualCentreOfATransformAroundTheAnchor() {
        // A 100×200 box at the origin turned 90° clockwise about its bottom-centre anchor.
        var attributes = LayoutAttributes(indexPath: IndexPath(item: 0, section: 0),
                                          frame: Rect(x: 0, y: 0, width: 100, height: 200))
        attributes.anchorPoint = Point(x: 0.5, y: 1)
        attributes.transform = .rotation(.pi / 2)
        let placement = Placement(attributes)
        // The centre (50, 100) is 100 above the anchor (50, 200); turned clockwise (y grows
        // downwards) "up" becomes "right", so it ends 100 right of the anchor.
        #expect(abs(placement.centre.x - 150) < 1e-9)
        #expect(abs(placement.centre.y - 200) < 1e-9)
        #expect(abs(placement.rotation - 90) < 1e-9)
    }

    @Test func placementKeepsATurnInDepthAboutTheCentre() {
        var attributes = LayoutAttributes(indexPath: IndexPath(item: 0, section: 0),
                                          frame: Rect(x: 100, y: 0, width: 120, height: 200))
        attributes.transform = Transform3D(translationX: 50, translationZ: -100, rotationY: -.pi / 3, perspective: 500)
        let placement = Placement(attributes)
        // The move stays inside the perspective with the turn; the box itself does not move.
        #expect(placement.isTurned)
        #expect(placement.centre == Point(x: 160, y: 100))
        #expect((placement.translationX, placement.translationZ, placement.perspective) == (50, -100, 500))
        #expect(abs(placement.rotationY + 60) < 1e-9)
        #expect(placement.rotation == 0 && placement.scale == 1)
        // A flat move is still folded into the position.
        attributes.transform = .translation(x: 50, y: 0)
        #expect(!Placement(attributes).isTurned)
        #expect(Placement(attributes).centre == Point(x: 210, y: 100))
    }

    @Test func sectionsGroupByFieldWithOthersLast() throws {
        let model = try model(sectionBy: "glass")
        #expect(model.sections.map(\.title) == ["Coupe", "Rocks", "Other"])
        #expect(model.cards.map(\.slug) == ["a", "d", "b", "c"])
        #expect(model.sections.map(\.cards) == [0..<2, 2..<3, 3..<4])
        // The grid draws a header per section; the fan draws none.
        let grid = model.state(arrangement: 0, breakpoint: 0, filter: 0)
        #expect(grid.headers.allSatisfy { $0 != nil })
        #expect(model.state(arrangement: 1, breakpoint: 0, filter: 0).headers.allSatisfy { $0 == nil })
    }

    @Test func aStackArrangementWithSectionsHasAnOpenedStatePerSectionAndBreakpoint() throws {
        let model = try model(arrangements: ["grid", "stack"], sectionBy: "glass")
        // 2 arrangements × 4 filters × 2 breakpoints, then the stack's 3 sections × 2 breakpoints.
        #expect(model.states.count == 16 + 6)
        #expect(model.openingArrangements.map(\.arrangement) == [1])
        #expect(model.openingArrangements.map(\.firstState) == [16])
        #expect(model.openedStateIndex(arrangement: 1, section: 1, breakpoint: 0) == 18)
        #expect(model.openedStateIndex(arrangement: 0, section: 1, breakpoint: 0) == nil)
        let opened = model.states[18]
        #expect((opened.arrangement, opened.breakpoint, opened.filter, opened.openedSection) == (1, 0, 0, 1))
        // Rocks (card 2) opened: Coupe stays the same stack, Rocks' card is straight and shown,
        // Other's stack (card 3) moves down under it.
        let closed = model.state(arrangement: 1, breakpoint: 0, filter: 0)
        #expect(opened.cards[0] == closed.cards[0] && opened.cards[1] == closed.cards[1])
        #expect(opened.cards[2]?.rotation == 0 && opened.cards[2]?.isHidden == false)
        let other = try #require(opened.cards[3]), rocks = try #require(opened.cards[2])
        #expect(other.y > rocks.y)
        #expect(opened.headers.allSatisfy { $0 != nil })
        #expect(model.states.prefix(16).allSatisfy { $0.openedSection == nil })
    }

    @Test func withoutSectionsOrWithoutAStackNoStateOpens() throws {
        let unsectioned = try model(arrangements: ["grid", "stack"])
        #expect(unsectioned.states.count == 16 && unsectioned.openingArrangements.isEmpty)
        let noStack = try model(arrangements: ["grid", "fan"], sectionBy: "glass")
        #expect(noStack.states.count == 16 && noStack.openingArrangements.isEmpty)
        #expect(noStack.openedStateIndex(arrangement: 0, section: 0, breakpoint: 0) == nil)
        // Stacks without titles have no header to tap: they stay closed.
        var settings = GallerySettings()
        settings.arrangements = [ArrangementSetting(engine: "stack")]
        settings.sectionBy = "glass"
        var untitled = StackLayout()
        untitled.headerHeight = 0
        let closed = GalleryModel(recipes: Self.sample, images: [:], settings: settings, layouts: [[untitled]],
                                  breakpoints: [SiteConfig.Breakpoint(name: "phone", width: 375)])
        #expect(closed.openingArrangements.isEmpty && closed.states.count == 4)
    }

    @Test func filtersAreTagsOfTwoCardsOrMoreUpToTheLimit() throws {
        // 30 tags of two cards each ("t00"…"t29"), one of three ("all3"), and one card's own tag.
        var cards: [(String, [String], String?)] = (0..<30).flatMap { index in
            [("p\(index)", [String(format: "t%02d", index)], nil), ("q\(index)", [String(format: "t%02d", index)], nil)]
        }
        cards[0].1.append("all3"); cards[1].1.append("all3"); cards[2].1.append("all3")
        cards[3].1.append("solo")
        let recipes = Self.recipes(cards)
        let filters = GalleryModel.filters(for: recipes, limit: GallerySettings.defaultFilterLimit)
        #expect(filters.count == 24)
        #expect(filters.first?.name == "all3" && filters.first?.members == [0, 1, 2])
        #expect(filters.dropFirst().map(\.name) == (0..<23).map { String(format: "t%02d", $0) })
        #expect(!filters.contains { $0.name == "solo" })
        #expect(GalleryModel.filters(for: recipes, limit: 0).isEmpty)
        #expect(GalleryModel.filters(for: recipes, limit: 100).count == 31)
    }

    @Test func emptyAndSingleRecipeGalleriesWork() throws {
        #expect(try model([]).states.allSatisfy { $0.cards.isEmpty })
        let one = try model(Self.recipes([("x", [], nil)]))
        #expect(one.filters.isEmpty)
        #expect(one.states.allSatisfy { $0.cards.count == 1 && $0.cards[0] != nil })
    }
}

@Suite struct GalleryStyleTests {
    @Test func cardsCarryOnlyValuesThatDifferFromTheirFallback() throws {
        let model = try GalleryModelTests().model()
        let style = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
        #expect(style.cardStyles.count == 4)
        #expect(style.cardStyles[0].hasPrefix("--i:0;"))
        // Grid cells share their size, so width and height live in the rule, not on each card.
        #expect(!style.cardStyles.joined().contains("--wa0:"))
        #expect(style.css.contains(".g .card{"))
        #expect(style.css.contains(".g:has(#ga1:checked) .card{"))
        #expect(style.css.contains(".g:has(#gf1:checked) :is(.card,.gh):not(.t1){--o:0;--s:.001;--v:hidden}"))
        #expect(style.css.contains("@container gallery (min-width: 1228px)"))
        let classes = GalleryStyle.filterClasses(model: model)
        #expect(classes[0] == "t1 t2")
        #expect(classes == model.cards.indices.map { card in
            model.filters.indices.filter { model.filters[$0].members.contains(card) }.map { "t\($0 + 1)" }.joined(separator: " ")
        })
    }

    @Test func everyVariableARuleUsesIsSetOnTheCardsThatNeedIt() throws {
        // A rule's `var(--xa0)` without a fallback must find the variable on every card it matches.
        let model = try GalleryModelTests().model()
        let style = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
        let pattern = /var\((--[a-z]+[a-z][0-9]+(?:-[0-9]+)?)\)/
        for match in style.css.matches(of: pattern) {
            let name = String(match.output.1)
            let filter = name.split(separator: "-", omittingEmptySubsequences: true).count > 1
                ? Int(name.split(separator: "-").last!) : nil
            for (index, card) in style.cardStyles.enumerated() {
                if let filter, !model.filters[filter - 1].members.contains(index) { continue }
                #expect(card.contains(name + ":"), "card \(index) lacks \(name)")
            }
        }
    }

    @Test func aChipWithEveryCardGetsItsOwnRuleInEveryArrangement() throws {
        // "house" holds every card: the fan's filtered positions equal its unfiltered ones, yet
        // the grid's `.g:has(#gf1:checked) .card.t1` outranks `.g:has(#ga1:checked) .card`, so the
        // fan must say its own values for the chip.
        let recipes = GalleryModelTests.sample.map { recipe in
            var recipe = recipe
            recipe.tags.append("house")
            return recipe
        }
        let model = try GalleryModelTests().model(recipes)
        #expect(model.filters.first?.name == "house")
        let style = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
        let rule = try #require(style.css.split(separator: "\n").flatMap { $0.split(separator: "}") }
            .first { $0.hasPrefix(".g:has(#ga1:checked):has(#gf1:checked) .card.t1{") })
        for property in ["x", "y", "w", "h", "r", "s", "z", "o", "v"] {
            #expect(rule.contains("--\(property):"), "the fan's rule for the chip lacks --\(property)")
        }
    }

    @Test func aFlatGalleryWritesNoTurnInDepth() throws {
        let style = GalleryStyle(model: try GalleryModelTests().model(arrangements: ["grid", "fan", "spread"]),
                                 transition: TransitionSettings(), labelHeight: 44)
        for text in ["--ry", "--tz", "--p:", "transform", "animation", "@property"] {
            #expect(!style.css.contains(text), "\(text) in a flat gallery's CSS")
            #expect(!style.cardStyles.joined().contains(text))
        }
    }

    @Test func aCoverFlowTurnsItsCardsInCSSAndFollowsTheScroll() throws {
        let model = try GalleryModelTests().model(arrangements: ["grid", "coverflow"])
        let style = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
        #expect(style.css.contains(".gc :is(.card,.gh){transform:scale(calc(var(--p) / (var(--p) - var(--tz))))"
                                   + " perspective(calc((var(--p) - var(--tz)) * var(--u)))"
                                   + " translate(calc(var(--tx) * var(--u)),calc(var(--ty) * var(--u)))"
                                   + " rotateX(calc(var(--rx) * 1deg)) rotateY(calc(var(--ry) * 1deg));"
                                   + "transition-property:translate,rotate,scale,opacity,visibility,transform}"))
        // The grid (first, so everywhere) is flat with the cover flow's perspective; the cover
        // flow's first card faces the viewer and the other three are turned alike.
        let grid = try #require(style.css.split(separator: "}").first { $0.hasPrefix(".g .card{") })
        #expect(grid.contains("--tx:0;--ty:0;--tz:0;--rx:0;--ry:0;--p:500;"))
        let coverflow = try #require(style.css.split(separator: "}").first { $0.hasPrefix(".g:has(#ga1:checked) .card{--x:") })
        #expect(coverflow.contains("--ry:var(--ryb0);"))
        #expect(style.cardStyles[0].contains("--ryb0:0;"))
        #expect(style.cardStyles[1...].allSatisfy { $0.contains("--ryb0:-60;") && $0.contains("--txb0:50;") && $0.contains("--tzb0:-100;") })
        // The scroll-driven turn, per breakpoint, only where the browser has it and motion is welcome.
        #expect(style.css.contains("@supports (animation-timeline:scroll(inline)){@media (prefers-reduced-motion:no-preference){"))
        #expect(style.css.contains(".g:has(#ga1:checked) .card{animation:gt1 linear both,gz linear both;"
                                   + "animation-timeline:scroll(inline nearest),scroll(inline nearest);"
                                   + "animation-range:calc((var(--x) + var(--w) / 2 - 187.5 - 40) * var(--u)) calc((var(--x) + var(--w) / 2 - 187.5 + 40) * var(--u)),"))
        #expect(style.css.contains("@container gallery (min-width: 1228px){.g:has(#ga1:checked) .card{animation:gt1 "))
        #expect(style.css.contains("@keyframes gt1{from{--tx:50;--tz:-100;--ry:-60}50%{--tx:0;--tz:0;--ry:0}to{--tx:-50;--tz:-100;--ry:60}}"))
        #expect(style.css.contains("@keyframes gz{from{--depth:0}50%{--depth:4}to{--depth:0}}"))
        #expect(style.css.contains("--z:calc(var(--depth)) !important}"))
        #expect(style.css.contains("@property --ry{syntax:\"<number>\";inherits:true;initial-value:0}"))
    }

    @Test func aRightToLeftCoverFlowScrollsFromTheRight() throws {
        var settings = GallerySettings()
        settings.arrangements = [ArrangementSetting(engine: "coverflow")]
        let breakpoints = [SiteConfig.Breakpoint(name: "phone", width: 375)]
        let model = GalleryModel(recipes: GalleryModelTests.sample, images: [:], settings: settings,
                                 layouts: [[try LayoutRegistry.makeLayout(name: "coverflow")]], breakpoints: breakpoints,
                                 layoutDirection: .rightToLeft)
        let style = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
        #expect(style.css.contains("animation-range:calc((var(--cw) - var(--x) - var(--w) / 2 - 187.5 - 40) * var(--u))"))
        // Ahead in reading order is the left: a card there faces right.
        #expect(style.css.contains("@keyframes gt1{from{--tx:-50;--tz:-100;--ry:60}"))
        #expect(style.cardStyles[1].contains("--rya0:60;"))
    }

    @Test func theReportCarriesATurnedCardsTurn() throws {
        let report = LayoutReport.json(try GalleryModelTests().model(arrangements: ["grid", "coverflow"]))
        #expect(report.contains(#""hidden","translationX","translationY","translationZ","rotationX","rotationY","perspective"]"#))
        // The grid's cards stop at `hidden`; the cover flow's turned cards go on.
        #expect(report.contains("[187.5,100,120,200,0,1,false],[227.5,100,120,200,0,1,false,50,0,-100,0,-60,500]"))
        #expect(report.contains(",false,50,0,-100,0,-60,500]"))
    }

    @Test func springyScrollTrailsCardsAtTheEdgesOfFlatStripsOnly() throws {
        let model = try GalleryModelTests().model(GalleryModelTests.sample + GalleryModelTests.recipes(
            (0..<12).map { ("s\($0)", [], nil) }), arrangements: ["grid", "spread", "coverflow"])
        var transition = TransitionSettings()
        #expect(!GalleryStyle(model: model, transition: transition, labelHeight: 44).css.contains("gsf"))
        transition.springyScroll = 40
        let css = GalleryStyle(model: model, transition: transition, labelHeight: 44).css
        // The spread strip scrolls and is flat; the grid fits the page; the cover flow turns.
        let spring = SpringEasing()
        let far = "calc((var(--x) - var(--sw)) * var(--u)) calc((var(--x) + var(--w) - var(--sw)) * var(--u))"
        let near = "calc((var(--x)) * var(--u)) calc((var(--x) + var(--w)) * var(--u))"
        var rule: String = "@supports (animation-timeline:scroll(inline)){@media (prefers-reduced-motion:no-preference){\n"
        rule += ".gc{--sw:375}\n@container gallery (min-width: 1228px){.gc{--sw:1280}}\n"
        rule += ".g:is(:has(#ga1:checked)) .card{animation-name:gsf,gsn;"
        rule += "animation-timing-function:\(spring.linearFunction()),\(spring.reversedLinearFunction());"
        rule += "animation-timeline:scroll(inline nearest),scroll(inline nearest);"
        rule += "animation-range:\(far),\(near)}\n}}\n"
        #expect(css.contains(rule))
        #expect(css.contains("@keyframes gsf{from{transform:translateX(calc(40 * var(--u)))}to{transform:translateX(0)}}"))
        #expect(css.contains("@keyframes gsn{from{transform:translateX(0)}to{transform:translateX(calc(-40 * var(--u)))}}"))
        #expect(css.components(separatedBy: "animation-name:gsf,gsn;").count == 2)
    }

    @Test func aRightToLeftStripTrailsTowardsItsOwnEdges() throws {
        var settings = GallerySettings()
        settings.arrangements = [ArrangementSetting(engine: "spread")]
        let breakpoints = [SiteConfig.Breakpoint(name: "phone", width: 375)]
        let model = GalleryModel(recipes: GalleryModelTests.sample, images: [:], settings: settings,
                                 layouts: [[try LayoutRegistry.makeLayout(name: "spread")]], breakpoints: breakpoints,
                                 layoutDirection: .rightToLeft)
        var transition = TransitionSettings()
        transition.springyScroll = 25
        let css = GalleryStyle(model: model, transition: transition, labelHeight: 44).css
        #expect(css.contains("animation-range:calc((var(--cw) - var(--x) - var(--w) - var(--sw)) * var(--u)) "))
        // The far edge is on the left: a card coming in there trails to the left.
        #expect(css.contains("@keyframes gsf{from{transform:translateX(calc(-25 * var(--u)))}"))
        #expect(css.contains("@keyframes gsn{from{transform:translateX(0)}to{transform:translateX(calc(25 * var(--u)))}}"))
    }

    @Test func anOpenedStackHasItsOwnRulesThatOutrankTheClosedOnes() throws {
        let model = try GalleryModelTests().model(arrangements: ["grid", "stack"], sectionBy: "glass")
        let style = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
        let rules = style.css.split(separator: "\n").flatMap { $0.split(separator: "}") }
        // Scoped by the stack's arrangement, its radio and "All": a chip closes the stacks.
        let scope = ".g:has(#ga1:checked):has(#gs2:checked):has(#gf0:checked)"
        let cards = try #require(rules.first { $0.hasPrefix(scope + " .card{") })
        // Every opened rule says every property, even those the cards keep from the closed stacks
        // at its breakpoint (its fallback): its own rules at smaller breakpoints outrank those and
        // match too, and their values would show through.
        let opened = rules.map { $0.replacingOccurrences(of: "@container gallery (min-width: 1228px){", with: "") }
            .filter { $0.hasPrefix(".g:has(#ga1:checked):has(#gs") && !$0.contains(" .gc{") }
        #expect(opened.count == 3 * 2 * 2)
        for rule in opened {
            for property in ["x", "y", "w", "h", "r", "s", "z", "o", "v", "lh"] {
                #expect(rule.contains("{--\(property):") || rule.contains(";--\(property):"), "\(rule) lacks --\(property)")
            }
        }
        #expect(cards.contains("--w:120;"))
        #expect(rules.contains { $0.hasPrefix(scope + " .gh{") })
        #expect(rules.contains { $0.hasPrefix(scope + " .gc{--cw:") })
        #expect(style.css.contains("@container gallery (min-width: 1228px){" + scope))
        // Only the cards that move carry the opened state's values: Coupe's first card stays.
        #expect(style.cardStyles[2].contains("--yb0s2:"))
        #expect(!style.cardStyles[0].contains("--yb0s2:"))
        // Every opened variable a rule reads without a fallback is on every card.
        for match in style.css.matches(of: /var\((--[a-z]+[a-z][0-9]+s[0-9]+)\)/) {
            for (index, card) in style.cardStyles.enumerated() {
                #expect(card.contains(match.output.1 + ":"), "card \(index) lacks \(match.output.1)")
            }
        }
        // The report names the opened states and the sections.
        let report = LayoutReport.json(model)
        #expect(report.contains("\"filter\":0,\"opened\":1,"))
        #expect(report.contains("\"sections\":[\"Coupe\",\"Rocks\",\"Other\"]"))
        // The contact sheet draws a row per opened stack.
        #expect(LayoutPreview.svg(model).contains("Stack · Rocks open · phone 375px"))
    }

    @Test func aSingleStackArrangementWithoutChipsScopesByItsRadioAlone() throws {
        let recipes = GalleryModelTests.recipes([("a", [], "Coupe"), ("b", [], "Rocks")])
        let model = try GalleryModelTests().model(recipes, arrangements: ["stack"], sectionBy: "glass")
        let style = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
        // The opened card is taller by its title (200 + 44) below its picture; a closed stack's
        // cards carry theirs over the picture (-44), where only the top card's shows.
        #expect(style.css.contains(".g:has(#gs1:checked) .gc{--cw:375;--ch:632}.g:has(#gs1:checked) .card{--x:47.5;"))
        #expect(style.css.contains("--h:var(--ha0s1,200);") && style.css.contains("--lh:var(--lha0s1,-44);"))
        #expect(style.cardStyles[0].contains("--ha0s1:244;--lha0s1:44;"))
        #expect(!style.cardStyles[1].contains("--lha0s1"))
        #expect(!style.css.contains("#ga0") && !style.css.contains("#gf0"))
    }

    @Test func aGalleryWhoseStacksDoNotOpenWritesNothingOfThem() throws {
        for model in [try GalleryModelTests().model(arrangements: ["grid", "stack"]),
                      try GalleryModelTests().model(arrangements: ["grid", "fan"], sectionBy: "glass")] {
            let style = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
            #expect(!style.css.contains("#gs"))
            #expect(!LayoutReport.json(model).contains("opened"))
            #expect(!LayoutReport.json(model).contains("\"sections\""))
        }
    }

    @Test func theStaggerIsBakedIntoEachCardsEasing() throws {
        let model = try GalleryModelTests().model()
        let style = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
        let wave = try #require(StaggerWave(cards: model.cards.count, transition: TransitionSettings()))
        #expect(style.css.contains(";--stagger:0.012s;" + wave.declarations + "}\n"))
        for card in model.cards.indices {
            #expect(style.cardStyles[card].hasPrefix("--i:\(card);" + wave.cardStyle(card: card) + "--"))
        }
        #expect(!style.css.contains(".gh{--e:"))
        let grouped = GalleryStyle(model: try GalleryModelTests().model(arrangements: ["grid", "stack"], sectionBy: "glass"),
                                   transition: TransitionSettings(), labelHeight: 44)
        #expect(grouped.css.contains("\n.g .gh{--e:var(--e0);--ef:var(--f0)}\n"))
        // Without a stagger the cards keep the plain easing and no delay to bake.
        var transition = TransitionSettings()
        transition.stagger = 0
        let plain = GalleryStyle(model: model, transition: transition, labelHeight: 44)
        #expect(!plain.css.contains("--move-dur") && !plain.cardStyles[1].contains("--e:"))
    }

    @Test func sameModelGivesSameCSS() throws {
        let first = GalleryStyle(model: try GalleryModelTests().model(), transition: TransitionSettings(), labelHeight: 44)
        let second = GalleryStyle(model: try GalleryModelTests().model(), transition: TransitionSettings(), labelHeight: 44)
        #expect(first.css == second.css)
        #expect(first.cardStyles == second.cardStyles)
    }
}

