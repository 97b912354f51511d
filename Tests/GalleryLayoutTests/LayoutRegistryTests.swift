import GalleryLayout
import Testing

@Suite struct LayoutRegistryTests {
    /// Every engine the registry lists is named once, found by its name and made from it with no
    /// parameters; the list itself lives in `LayoutRegistry.engines` only, so a new engine needs
    /// no change here.
    @Test func listsEveryEngineOnceByItsName() throws {
        let names = LayoutRegistry.engines.map(\.name)
        #expect(!names.isEmpty)
        #expect(Set(names).count == names.count)
        for engine in LayoutRegistry.engines {
            #expect(engine.name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }, "\(engine.name)")
            #expect(LayoutRegistry.engine(named: engine.name)?.name == engine.name)
            #expect(!engine.summary.isEmpty)
            #expect(Set(engine.parameters.map(\.name)).count == engine.parameters.count)
            _ = try LayoutRegistry.makeLayout(name: engine.name)
        }
        #expect(LayoutRegistry.engine(named: "carousel") == nil)
    }

    func make(_ name: String) throws -> any CollectionLayout {
        try LayoutRegistry.makeLayout(name: name)
    }

    @Test func noParametersGiveTheDefaults() throws {
        let flow = try make("flow") as? FlowLayout
        #expect(flow == FlowLayout())
        let grid = try make("grid") as? GridLayout
        #expect(grid == GridLayout())
        let fan = try make("fan") as? FanLayout
        #expect(fan == FanLayout())
        let scatter = try make("scatter") as? ScatterLayout
        #expect(scatter == ScatterLayout())
        let deck = try make("deck") as? DeckLayout
        #expect(deck == DeckLayout())
        let spread = try make("spread") as? SpreadLayout
        #expect(spread == SpreadLayout())
        let stack = try make("stack") as? StackLayout
        #expect(stack == StackLayout())
        let circle = try make("circle") as? CircleLayout
        #expect(circle == CircleLayout())
        let masonry = try make("masonry") as? MasonryLayout
        #expect(masonry == MasonryLayout())
        let justified = try make("justified") as? JustifiedLayout
        #expect(justified == JustifiedLayout())
    }

    @Test func parametersSetTheKnobs() throws {
        let flow = try LayoutRegistry.makeLayout(name: "flow", parameters: [
            "item_width": .number(100), "item_height": .number(150), "section_inset": .numbers([1, 2, 3, 4]),
            "scroll_direction": .string("horizontal"), "minimum_line_spacing": .number(4),
            "header_reference_size": .numbers([30, 0]),
        ])
        #expect(flow as? FlowLayout == FlowLayout(
            itemSize: Size(width: 100, height: 150), estimatedItemWidth: 100, minimumLineSpacing: 4,
            sectionInset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), scrollDirection: .horizontal,
            headerReferenceSize: Size(width: 30, height: 0)))
        let grid = try LayoutRegistry.makeLayout(name: "grid", parameters: ["item_width": .number(150)])
        #expect((grid as? GridLayout)?.itemSize == Size(width: 150, height: 150 * 1.6666))
        let fan = try LayoutRegistry.makeLayout(name: "fan", parameters: ["angle_degrees": .number(90)])
        #expect((fan as? FanLayout)?.angle == Double.pi / 2)
        let scatter = try LayoutRegistry.makeLayout(name: "scatter", parameters: ["seed": .number(99)])
        #expect((scatter as? ScatterLayout)?.seed == 99)
        let masonry = try LayoutRegistry.makeLayout(name: "masonry", parameters: ["horizontal_order": .bool(true)])
        #expect((masonry as? MasonryLayout)?.horizontalOrder == true)
        let justified = try LayoutRegistry.makeLayout(name: "justified", parameters: ["widow_layout_style": .string("center")])
        #expect((justified as? JustifiedLayout)?.widowLayoutStyle == .center)
        let circle = try LayoutRegistry.makeLayout(name: "circle", parameters: ["item_width": .number(50)])
        #expect((circle as? CircleLayout)?.itemSize == Size(width: 50, height: 50))
    }

    @Test func mistakesNameTheEngineAndParameter() {
        func message(_ name: String, _ parameters: [String: LayoutParameterValue]) -> String? {
            do {
                _ = try LayoutRegistry.makeLayout(name: name, parameters: parameters)
                return nil
            } catch {
                return String(describing: error)
            }
        }
        #expect(message("spiral", [:])?.hasPrefix("unknown layout \"spiral\"; known layouts: flow, grid") == true)
        #expect(message("fan", ["raduis": .number(3)])
            == "layout \"fan\" has no parameter \"raduis\"; its parameters: item_width, item_height, radius, angle_degrees, angle_per_item_degrees, flips_horizontally")
        #expect(message("fan", ["radius": .string("big")])
            == "layout \"fan\": parameter \"radius\" must be a number, not \"big\"")
        #expect(message("flow", ["scroll_direction": .string("diagonal")])
            == "layout \"flow\": parameter \"scroll_direction\" must be one of vertical, horizontal, not \"diagonal\"")
        #expect(message("grid", ["padding": .number(-1)])
            == "layout \"grid\": parameter \"padding\" must be at least 0, not -1")
        #expect(message("flow", ["section_inset": .numbers([1, 2, 3])])
            == "layout \"flow\": parameter \"section_inset\" must be a number or four numbers (top, left, bottom, right), not [1, 2, 3]")
        #expect(message("scatter", ["seed": .number(1.5)])
            == "layout \"scatter\": parameter \"seed\" must be a whole number, not 1.5")
        #expect(message("masonry", ["horizontal_order": .string("yes")])
            == "layout \"masonry\": parameter \"horizontal_order\" must be true or false, not \"yes\"")
    }
}

/// `overlapsCards` is what the engines' geometry does with a full page of cards.
@Suite struct EngineSelfDescriptionTests {
    func cardsOverlap(_ engine: EngineDescription, width: Double) throws -> Bool {
        let layout = try LayoutRegistry.makeLayout(name: engine.name)
        let items = (0..<60).map { ItemMetrics(aspectRatio: [0.8, 1, 1.5][$0 % 3], labelHeight: 24) }
        let prepared = layout.prepare(LayoutContext(containerWidth: width, viewportHeight: 800, sections: [LayoutSection(items: items)]))
        let frames = prepared.cells.filter { !$0.isHidden }.map { $0.frame.insetBy(1) }
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] where a.intersects(b) { return true }
        }
        return false
    }

    @Test(arguments: LayoutRegistry.engines.map(\.name))
    func overlapFlagMatchesTheGeometry(_ name: String) throws {
        let engine = try #require(LayoutRegistry.engine(named: name))
        for width in [375.0, 1280] {
            #expect(try cardsOverlap(engine, width: width) == engine.overlapsCards, "\(name) at \(width)")
        }
        if !engine.showsTitlesByDefault { #expect(engine.overlapsCards) }
    }

    @Test func defaultSwitcher() {
        #expect(LayoutRegistry.defaultEngines.map(\.name) == ["grid", "fan", "scatter", "deck", "spread", "masonry", "justified"])
    }
}

private extension Rect {
    func insetBy(_ d: Double) -> Rect {
        Rect(x: origin.x + d, y: origin.y + d, width: max(0, size.width - 2 * d), height: max(0, size.height - 2 * d))
    }
}
