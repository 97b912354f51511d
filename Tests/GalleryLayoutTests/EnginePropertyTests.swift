import GalleryLayout
import Testing

/// Properties every engine keeps, over seeded random inputs.
@Suite struct EnginePropertyTests {
    static let names = LayoutRegistry.engines.map(\.name)

    @Test(arguments: names)
    func deterministicInsideAndQueryable(name: String) throws {
        let engine = try LayoutRegistry.makeLayout(name: name)
        var random = SeededGenerator(seed: 6)
        for _ in 0..<25 {
            let context = randomContext(&random)
            let layout = engine.prepare(context)
            #expect(engine.prepare(context).attributes == layout.attributes)
            #expect(engine.prepare(context).contentSize == layout.contentSize)
            #expect(layout.cells.count == context.itemCount)
            expectInsideContent(layout)
            expectQueriesMatchScan(layout, &random)
            for cell in layout.cells {
                #expect(layout.attributes(at: cell.indexPath) == cell)
            }
        }
    }

    @Test(arguments: names)
    func zeroAndOneItemsWork(name: String) throws {
        let engine = try LayoutRegistry.makeLayout(name: name)
        for width in [0.0, 1, 375] {
            for height in [nil, 0, 600] as [Double?] {
                let empty = engine.prepare(LayoutContext(containerWidth: width, viewportHeight: height, sections: []))
                #expect(empty.attributes.isEmpty)
                #expect(empty.contentSize.width >= 0 && empty.contentSize.height >= 0)
                let emptySection = engine.prepare(context(width: width, height: height, items: 0))
                #expect(emptySection.cells.isEmpty)
                let one = engine.prepare(context(width: width, height: height, items: 1))
                #expect(one.cells.count == 1)
                #expect(one.attributes(at: IndexPath(item: 0, section: 0)) != nil)
                expectInsideContent(one)
                let all = [one.contentSize.width, one.contentSize.height] + one.attributes.flatMap {
                    [$0.center.x, $0.center.y, $0.size.width, $0.size.height]
                }
                #expect(all.allSatisfy { $0.isFinite })
            }
        }
    }

    @Test(arguments: names)
    func badMetricsNeverProduceNonFiniteFrames(name: String) throws {
        let engine = try LayoutRegistry.makeLayout(name: name)
        let items = [0, -1, Double.nan, Double.infinity, 1].map { ItemMetrics(aspectRatio: $0, labelHeight: $0) }
        let layout = engine.prepare(LayoutContext(
            containerWidth: 375, viewportHeight: .nan, sections: [LayoutSection(items: items, hasHeader: true)]))
        let values = layout.attributes.flatMap { [$0.center.x, $0.center.y, $0.size.width, $0.size.height] }
        #expect(values.allSatisfy { $0.isFinite })
        #expect(layout.contentSize.width.isFinite && layout.contentSize.height.isFinite)
    }
}
