import GalleryLayout
import Testing
@testable import GalleryContent
@testable import GalleryPlan
@testable import GalleryRender

/// The unfiltered states a site's gallery pages share (`GalleryStateRules`), written once.
@Suite struct GalleryStateRulesTests {
    typealias Arrangement = StateGeometryTests.Arrangement

    static func expectEqual(_ first: GalleryStyle, _ second: GalleryStyle, _ comment: Comment? = nil) {
        #expect(first.css == second.css, comment)
        #expect(first.cardStyles == second.cardStyles, comment)
        #expect(first.headerStyles == second.headerStyles, comment)
    }

    /// Pages of one card count whose states share their layouts write each unfiltered state
    /// once; every page's style equals one written afresh, in every engine (turned ones too), with
    /// sections and stacks and without, either way round, with pictures and without.
    @Test func aStyleOfSharedRulesEqualsOneWrittenAfresh() throws {
        let arrangements = ["grid", "fan", "deck", "spread", "coverflow", "masonry", "justified", "stack"]
        for pictured in [false, true] {
            for sectionBy in [nil, "glass"] {
                for direction in LayoutDirection.allCases {
                    let geometries = StateGeometryCache()
                    let rules = GalleryStateRules()
                    var counts: [Int] = []
                    for (page, size) in [30, 30, 7, 30].enumerated() {
                        let all = StateGeometryTests.recipes(size, from: page * 30)
                        let recipes = pictured ? all : StateGeometryTests.unpictured(all)
                        let model = try StateGeometryTests.model(recipes, arrangements: arrangements, sectionBy: sectionBy,
                                                                 direction: direction, geometries: geometries)
                        let shared = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44, rules: rules)
                        let alone = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44)
                        Self.expectEqual(shared, alone, "page \(page) pictured \(pictured) \(sectionBy ?? "-") \(direction)")
                        counts.append(rules.count)
                    }
                    #expect(counts[0] > 0)
                    // Without pictures every page of 30 cards lays out its unfiltered states alike:
                    // the second and the fourth write none of them again.
                    if !pictured {
                        #expect(counts[1] == counts[0])
                        #expect(counts[3] == counts[2])
                    }
                }
            }
        }
    }

    /// A state whose values, or whose fallback's, differ in one setting is written afresh: one
    /// breakpoint's parameter (the larger breakpoints keep their own values but fall back to other
    /// expressions), the label height, the arrangement's titles.
    @Test func aStateThatDiffersInOneSettingIsWrittenAfresh() throws {
        let recipes = StateGeometryTests.unpictured(StateGeometryTests.recipes(24))
        func model(_ arrangements: [Arrangement]) throws -> GalleryModel {
            try StateGeometryTests.model(recipes, arrangements: arrangements, sectionBy: nil, direction: .leftToRight, geometries: nil)
        }
        let plain = try model([Arrangement(engine: "grid", showsTitles: true), Arrangement(engine: "fan", showsTitles: true)])
        let variants = [
            try model([Arrangement(engine: "grid", showsTitles: true, byBreakpoint: [[:], ["item_width": .number(150)], [:]]),
                       Arrangement(engine: "fan", showsTitles: true)]),
            try model([Arrangement(engine: "grid", showsTitles: true),
                       Arrangement(engine: "fan", showsTitles: true, byBreakpoint: [["radius": .number(400)], [:], [:]])]),
            try model([Arrangement(engine: "grid", showsTitles: false), Arrangement(engine: "fan", showsTitles: true)]),
        ]
        for labelHeight in [44.0, 30] {
            for variant in variants {
                let rules = GalleryStateRules()
                for model in [plain, variant, plain, variant] {
                    let shared = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: labelHeight, rules: rules)
                    Self.expectEqual(shared, GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: labelHeight))
                }
                // The variant's states that differ, and those after them, have rules of their own.
                #expect(rules.count > 2 * 3)
            }
        }
        // Another label height moves the titles: every state of the second is its own.
        let rules = GalleryStateRules()
        _ = GalleryStyle(model: plain, transition: TransitionSettings(), labelHeight: 44, rules: rules)
        let first = rules.count
        let other = GalleryStyle(model: plain, transition: TransitionSettings(), labelHeight: 30, rules: rules)
        Self.expectEqual(other, GalleryStyle(model: plain, transition: TransitionSettings(), labelHeight: 30))
        #expect(rules.count == 2 * first)
    }

    /// A full store writes afresh and keeps what it holds, so its memory stays bounded.
    @Test func aFullStoreKeepsNoMoreThanItsCapacity() throws {
        let recipes = StateGeometryTests.unpictured(StateGeometryTests.recipes(24))
        let model = try StateGeometryTests.model(recipes, arrangements: ["grid", "fan"], geometries: StateGeometryCache())
        for capacity in [0, 3_000] {
            let rules = GalleryStateRules(capacity: capacity)
            for _ in 0..<2 {
                let shared = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44, rules: rules)
                Self.expectEqual(shared, GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44))
            }
            #expect(rules.size <= capacity)
            #expect(capacity == 0 ? rules.count == 0 : rules.count < 6)
        }
    }
}
