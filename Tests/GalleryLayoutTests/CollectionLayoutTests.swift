import GalleryLayout
import Testing

@Suite struct CollectionLayoutTests {
    /// Two contexts of the same shape (sections, their sizes, headers), their items measured
    /// differently: the second's pictures are wide where the first's are tall, and its labels differ.
    static func contexts(width: Double, viewportHeight: Double?) -> (LayoutContext, LayoutContext) {
        let counts = [5, 1, 12]
        func sections(_ measure: (Int) -> ItemMetrics) -> [LayoutSection] {
            var position = 0
            return counts.map { count in
                defer { position += count }
                return LayoutSection(items: (0..<count).map { measure(position + $0) }, hasHeader: true, hasFooter: true)
            }
        }
        let tall = sections { ItemMetrics(aspectRatio: 0.5 + Double($0 % 3) * 0.1, labelHeight: 44) }
        let wide = sections { ItemMetrics(aspectRatio: 1.9 - Double($0 % 5) * 0.2, labelHeight: Double($0 % 2) * 30) }
        return (LayoutContext(containerWidth: width, viewportHeight: viewportHeight, sections: tall),
                LayoutContext(containerWidth: width, viewportHeight: viewportHeight, sections: wide))
    }

    /// An engine that says it reads only how many items there are lays out any items of the same
    /// shape alike, which lets a gallery lay out every chip of that shape once.
    @Test func anEngineIndependentOfItemMetricsPreparesAnyItemsOfOneShapeAlike() throws {
        var independent: [String] = []
        for engine in LayoutRegistry.engines {
            let layout = try LayoutRegistry.makeLayout(name: engine.name)
            guard !layout.dependsOnItemMetrics else { continue }
            independent.append(engine.name)
            for width in [375.0, 1280] {
                for viewportHeight in [nil, 800.0] {
                    let (tall, wide) = Self.contexts(width: width, viewportHeight: viewportHeight)
                    let first = layout.prepare(tall), second = layout.prepare(wide)
                    #expect(first.attributes == second.attributes, "\(engine.name) at \(width)")
                    #expect(first.contentSize == second.contentSize, "\(engine.name) at \(width)")
                    #expect(first.scrollDrivenTurn == second.scrollDrivenTurn, "\(engine.name) at \(width)")
                }
            }
        }
        #expect(independent == ["grid", "fan", "scatter", "deck", "spread", "coverflow", "circle"])
    }

    /// The engines that size a card by its picture or its label say so, and so does a layout
    /// kept unmirrored, whatever its engine says.
    @Test func anEngineThatMeasuresItsItemsSaysItDependsOnThem() throws {
        for name in ["flow", "stack", "masonry", "justified"] {
            #expect(try LayoutRegistry.makeLayout(name: name).dependsOnItemMetrics, "\(name)")
            #expect(try LayoutRegistry.makeLayout(name: name, parameters: ["flips_horizontally": .bool(false)]).dependsOnItemMetrics)
        }
        #expect(try !LayoutRegistry.makeLayout(name: "fan", parameters: ["flips_horizontally": .bool(false)]).dependsOnItemMetrics)
        let (tall, wide) = Self.contexts(width: 768, viewportHeight: nil)
        let masonry = try LayoutRegistry.makeLayout(name: "masonry")
        #expect(masonry.prepare(tall).attributes != masonry.prepare(wide).attributes)
    }
}
