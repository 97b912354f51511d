import GalleryLayout
import Testing
@testable import GalleryContent
@testable import GalleryPlan
@testable import GalleryRender

@Suite struct StateGeometryTests {
    static let breakpoints = [SiteConfig.Breakpoint(name: "phone", width: 375), SiteConfig.Breakpoint(name: "tablet", width: 768),
                              SiteConfig.Breakpoint(name: "desktop", width: 1280)]

    /// `count` recipes from `first` on, with pictures of several shapes, glasses and tags, so
    /// chips of one size show different cards.
    static func recipes(_ count: Int, from first: Int = 0) -> (recipes: [Recipe], images: [String: ImageInfo]) {
        var images: [String: ImageInfo] = [:]
        let tags = ["gin", "sour", "tiki", "rum", "fizz", "bitter"], glasses = ["Coupe", "Rocks", "Highball"]
        let recipes = (first..<first + count).map { number in
            let path = "images/r\(number).jpg"
            images[path] = ImageInfo(width: 400 + 97 * (number % 7), height: 500 + 61 * (number % 5), format: .jpeg)
            return Recipe(slug: "r\(number)", title: "R\(number)", sourcePath: "recipes/r\(number).md", image: .local(path),
                          tags: tags.indices.filter { (number + $0) % ($0 + 2) == 0 }.map { tags[$0] },
                          glass: glasses[number % 3])
        }
        return (recipes, images)
    }

    static func model(_ recipes: (recipes: [Recipe], images: [String: ImageInfo]), arrangements: [String], sectionBy: String? = nil,
                      direction: LayoutDirection = .leftToRight, geometries: StateGeometryCache?) throws -> GalleryModel {
        var settings = GallerySettings()
        settings.arrangements = arrangements.map { ArrangementSetting(engine: $0) }
        settings.sectionBy = sectionBy
        let layouts = try arrangements.map { name in try breakpoints.map { _ in try LayoutRegistry.makeLayout(name: name) } }
        return GalleryModel(recipes: recipes.recipes, images: recipes.images, settings: settings, layouts: layouts,
                            breakpoints: breakpoints, layoutDirection: direction, geometries: geometries)
    }

    /// The recipes with no picture to measure: every card then has the same shape (4:5).
    static func unpictured(_ recipes: (recipes: [Recipe], images: [String: ImageInfo])) -> (recipes: [Recipe], images: [String: ImageInfo]) {
        (recipes.recipes, [:])
    }

    /// One arrangement as site.yml may give it: its engine, whether its cards show titles, and
    /// its parameters at each breakpoint (a breakpoint's own overrides on top of the shared ones).
    struct Arrangement {
        var engine: String
        var showsTitles: Bool
        var parameters: [String: LayoutParameterValue] = [:]
        var byBreakpoint: [[String: LayoutParameterValue]] = [[:], [:], [:]]
    }

    static func model(_ recipes: (recipes: [Recipe], images: [String: ImageInfo]), arrangements: [Arrangement], sectionBy: String?,
                      direction: LayoutDirection, geometries: StateGeometryCache?) throws -> GalleryModel {
        var settings = GallerySettings()
        settings.arrangements = arrangements.map { ArrangementSetting(engine: $0.engine, showsTitles: $0.showsTitles) }
        settings.sectionBy = sectionBy
        let layouts = try arrangements.map { arrangement in
            try arrangement.byBreakpoint.map { own in
                try LayoutRegistry.makeLayout(name: arrangement.engine, parameters: arrangement.parameters.merging(own) { _, own in own })
            }
        }
        return GalleryModel(recipes: recipes.recipes, images: recipes.images, settings: settings, layouts: layouts,
                            breakpoints: breakpoints, layoutDirection: direction, geometries: geometries)
    }

    static func expectEqual(_ first: GalleryModel, _ second: GalleryModel) {
        #expect(first.states.count == second.states.count)
        for (a, b) in zip(first.states, second.states) {
            let state = "state \(a.arrangement) \(a.breakpoint) \(a.filter)"
            #expect(a.cards == b.cards, "\(state)")
            #expect(a.headers == b.headers, "\(state)")
            #expect(a.contentSize == b.contentSize && a.scrollDrivenTurn == b.scrollDrivenTurn, "\(state)")
            #expect(a.hasTurnedPlacement == b.hasTurnedPlacement && a.largestPerspective == b.largestPerspective, "\(state)")
            #expect(a.openedSection == b.openedSection, "\(state)")
        }
    }

    /// Pages laid out through one shared cache get exactly the states each gets alone, in every
    /// engine, with and without sections (and stacks that open), left to right and right to left.
    @Test func aCachedStateEqualsOneLaidOutAfresh() throws {
        let arrangements = ["grid", "fan", "scatter", "deck", "spread", "coverflow", "circle", "masonry", "justified", "flow", "stack"]
        for sectionBy in [nil, "glass"] {
            for direction in LayoutDirection.allCases {
                let cache = StateGeometryCache()
                for page in 0..<3 {
                    let recipes = Self.recipes(page == 2 ? 7 : 24, from: page * 24)
                    let cached = try Self.model(recipes, arrangements: arrangements, sectionBy: sectionBy, direction: direction, geometries: cache)
                    let fresh = try Self.model(recipes, arrangements: arrangements, sectionBy: sectionBy, direction: direction, geometries: nil)
                    Self.expectEqual(cached, fresh)
                }
                #expect(cache.count > 0)
            }
        }
    }

    /// Chips with different cards but as many of them share one layout per arrangement and
    /// breakpoint, and so do two pages; a layout that measures cards of several shapes keeps none.
    @Test func chipsOfOneSizeShareOneLayout() throws {
        let cache = StateGeometryCache()
        let recipes = Self.recipes(24)
        let model = try Self.model(recipes, arrangements: ["grid", "masonry"], geometries: cache)
        let sizes = Set([model.cards.count] + model.filters.map(\.members.count))
        #expect(sizes.count < model.filters.count + 1)
        #expect(cache.count == sizes.count * Self.breakpoints.count)
        // Another page of 24 cards with chips of the same sizes lays out nothing new.
        let next = try Self.model(Self.recipes(24, from: 24 * 5), arrangements: ["grid", "masonry"], geometries: cache)
        #expect(Set([next.cards.count] + next.filters.map(\.members.count)) == sizes)
        #expect(cache.count == sizes.count * Self.breakpoints.count)
    }

    /// A layout that measures its cards shares the states whose cards all have one shape (here a
    /// site without pictures), and only those: chips of cards of several shapes are laid out afresh.
    @Test func aLayoutThatMeasuresItsCardsSharesOnlyStatesOfCardsOfOneShape() throws {
        let arrangements = ["masonry", "justified", "flow", "stack"]
        for sectionBy in [nil, "glass"] {
            for direction in LayoutDirection.allCases {
                let cache = StateGeometryCache()
                for page in 0..<3 {
                    let recipes = Self.unpictured(Self.recipes(page == 2 ? 7 : 24, from: page * 24))
                    let cached = try Self.model(recipes, arrangements: arrangements, sectionBy: sectionBy, direction: direction, geometries: cache)
                    let fresh = try Self.model(recipes, arrangements: arrangements, sectionBy: sectionBy, direction: direction, geometries: nil)
                    Self.expectEqual(cached, fresh)
                    // Every chip's cards have one shape: each chip size is laid out once per arrangement and breakpoint.
                    let sizes = Set([cached.cards.count] + cached.filters.map(\.members.count))
                    if page == 0, sectionBy == nil { #expect(cache.count == sizes.count * Self.breakpoints.count * arrangements.count) }
                }
                // Pictures of several shapes: no two cards of a chip alike (their numbers differ by less than 35).
                let mixed = StateGeometryCache()
                let recipes = Self.recipes(24)
                Self.expectEqual(try Self.model(recipes, arrangements: arrangements, sectionBy: sectionBy, direction: direction, geometries: mixed),
                                 try Self.model(recipes, arrangements: arrangements, sectionBy: sectionBy, direction: direction, geometries: nil))
                #expect(mixed.count == 0)
            }
        }
    }

    /// The cache tells apart what site.yml can set per arrangement and per breakpoint: two
    /// arrangements of one engine with other parameters or titles, a breakpoint's own parameters,
    /// a layout kept unmirrored on a right-to-left page, cover flow's turn. Each state equals one
    /// laid out alone, with pictures and without, with sections and without, either way round.
    @Test func aCachedStateEqualsOneLaidOutAfreshWhateverTheSettings() throws {
        let arrangements = [
            Arrangement(engine: "grid", showsTitles: true, byBreakpoint: [["item_width": .number(100)], ["item_width": .number(150)], [:]]),
            Arrangement(engine: "grid", showsTitles: false, parameters: ["padding": .number(5)]),
            Arrangement(engine: "fan", showsTitles: true, byBreakpoint: [["radius": .number(400)], [:], [:]]),
            Arrangement(engine: "fan", showsTitles: false, parameters: ["flips_horizontally": .bool(false)]),
            Arrangement(engine: "deck", showsTitles: true, parameters: ["padding": .number(30)]),
            Arrangement(engine: "coverflow", showsTitles: false, byBreakpoint: [["spacing": .number(20)], [:], ["perspective": .number(900)]]),
            Arrangement(engine: "masonry", showsTitles: true, byBreakpoint: [["column_width": .number(120)], [:], [:]]),
            Arrangement(engine: "justified", showsTitles: false, byBreakpoint: [["target_row_height": .number(150)], [:], [:]]),
            Arrangement(engine: "stack", showsTitles: true, parameters: ["flips_horizontally": .bool(false)]),
        ]
        for pictured in [true, false] {
            for sectionBy in [nil, "glass"] {
                for direction in LayoutDirection.allCases {
                    let cache = StateGeometryCache()
                    for page in 0..<3 {
                        let all = Self.recipes(page == 2 ? 7 : 24, from: page * 24)
                        let recipes = pictured ? all : Self.unpictured(all)
                        let cached = try Self.model(recipes, arrangements: arrangements, sectionBy: sectionBy, direction: direction, geometries: cache)
                        let fresh = try Self.model(recipes, arrangements: arrangements, sectionBy: sectionBy, direction: direction, geometries: nil)
                        Self.expectEqual(cached, fresh)
                    }
                    #expect(cache.count > 0)
                }
            }
        }
    }

    /// A full cache lays out afresh and keeps what it holds, so its memory stays bounded.
    @Test func aFullCacheHoldsNoMoreThanItsCapacity() throws {
        let cache = StateGeometryCache(capacity: 30)
        let recipes = Self.recipes(24)
        let cached = try Self.model(recipes, arrangements: ["grid", "fan"], geometries: cache)
        // All 24 cards of the grid at the phone's width, then the small chips that still fit.
        #expect(cache.count > 1 && cache.size <= 30)
        Self.expectEqual(cached, try Self.model(recipes, arrangements: ["grid", "fan"], geometries: nil))
    }

    /// The style reads a shared geometry's values once for all its states; it writes the same
    /// CSS and inline styles as from states that each have their own geometry.
    @Test func aStyleOfSharedGeometriesEqualsOneOfStatesLaidOutAlone() throws {
        let arrangements = ["grid", "fan", "deck", "spread", "coverflow", "masonry", "justified", "stack"]
        for (sectionBy, pictured) in [(nil, true), ("glass", true), (nil, false), ("glass", false)] {
            let cache = StateGeometryCache()
            for page in 0..<2 {
                let recipes = pictured ? Self.recipes(30, from: page * 30) : Self.unpictured(Self.recipes(30, from: page * 30))
                let shared = try Self.model(recipes, arrangements: arrangements, sectionBy: sectionBy, geometries: cache)
                let alone = try Self.model(recipes, arrangements: arrangements, sectionBy: sectionBy, geometries: nil)
                let first = GalleryStyle(model: shared, transition: TransitionSettings(), labelHeight: 44)
                let second = GalleryStyle(model: alone, transition: TransitionSettings(), labelHeight: 44)
                #expect(first.css == second.css)
                #expect(first.cardStyles == second.cardStyles)
                #expect(first.headerStyles == second.headerStyles)
            }
        }
    }
}
