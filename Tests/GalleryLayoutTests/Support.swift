import GalleryLayout
import Testing

/// One section of `count` items, all with the same metrics.
func uniformSection(
    _ count: Int, aspectRatio: Double = 1, labelHeight: Double = 0,
    hasHeader: Bool = false, hasFooter: Bool = false
) -> LayoutSection {
    LayoutSection(
        items: Array(repeating: ItemMetrics(aspectRatio: aspectRatio, labelHeight: labelHeight), count: count),
        hasHeader: hasHeader, hasFooter: hasFooter)
}

/// A context with one section of `count` square items.
func context(width: Double, height: Double? = nil, items count: Int) -> LayoutContext {
    LayoutContext(containerWidth: width, viewportHeight: height, sections: [uniformSection(count)])
}

func cellFrames(_ layout: PreparedLayout) -> [Rect] {
    layout.attributes.filter { $0.category == .cell }.map(\.frame)
}

/// Random sections for property tests: 1–3 sections, 0–60 items in all, varied aspect ratios.
func randomContext(_ random: inout SeededGenerator, maximumItems: Int = 60) -> LayoutContext {
    let sectionCount = random.nextInt(in: 1...3)
    var sections: [LayoutSection] = []
    for _ in 0..<sectionCount {
        let count = random.nextInt(in: 0...(maximumItems / sectionCount))
        let items = (0..<count).map { _ in
            ItemMetrics(aspectRatio: random.next(in: 0.4...2.5), labelHeight: random.next(in: 0...48))
        }
        sections.append(LayoutSection(
            items: items, hasHeader: random.nextInt(in: 0...1) == 1, hasFooter: random.nextInt(in: 0...2) == 0))
    }
    return LayoutContext(
        containerWidth: random.next(in: 200...1600),
        viewportHeight: random.nextInt(in: 0...1) == 1 ? random.next(in: 300...1200) : nil,
        sections: sections)
}

/// Asserts that no two elements' bounding boxes share area (a hair of rounding is forgiven).
func expectNoOverlap(_ layout: PreparedLayout, sourceLocation: SourceLocation = #_sourceLocation) {
    let boxes = layout.attributes.filter { !$0.isHidden }.map(\.boundingBox)
    let epsilon = 1e-6
    for i in boxes.indices {
        for j in boxes.indices where j > i {
            let a = boxes[i], b = boxes[j]
            let overlaps = a.minX < b.maxX - epsilon && b.minX < a.maxX - epsilon
                && a.minY < b.maxY - epsilon && b.minY < a.maxY - epsilon
            if overlaps {
                Issue.record("elements \(i) and \(j) overlap: \(a) \(b)", sourceLocation: sourceLocation)
                return
            }
        }
    }
}

/// Asserts that every element lies inside the content frame (a hair of rounding is forgiven).
func expectInsideContent(_ layout: PreparedLayout, sourceLocation: SourceLocation = #_sourceLocation) {
    let epsilon = 1e-6
    let content = Rect(
        x: -epsilon, y: -epsilon,
        width: layout.contentSize.width + 2 * epsilon, height: layout.contentSize.height + 2 * epsilon)
    for element in layout.attributes where !content.contains(element.boundingBox) {
        Issue.record(
            "\(element.indexPath) \(element.category) at \(element.boundingBox) leaves \(layout.contentSize)",
            sourceLocation: sourceLocation)
        return
    }
}

/// Asserts that `attributes(in:)` equals the brute-force filter for a few random rectangles.
func expectQueriesMatchScan(
    _ layout: PreparedLayout, _ random: inout SeededGenerator, sourceLocation: SourceLocation = #_sourceLocation
) {
    let width = max(layout.contentSize.width, 1), height = max(layout.contentSize.height, 1)
    for _ in 0..<8 {
        let rect = Rect(
            x: random.next(in: -0.2 * width...width), y: random.next(in: -0.2 * height...height),
            width: random.next(in: 0...width / 2), height: random.next(in: 0...height / 2))
        let expected = layout.attributes.filter { $0.boundingBox.intersects(rect) }
        #expect(layout.attributes(in: rect) == expected, "query \(rect)", sourceLocation: sourceLocation)
    }
    let everything = Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)
    #expect(layout.attributes(in: everything) == layout.attributes, sourceLocation: sourceLocation)
}

func expectFramesEqual(
    _ actual: [Rect], _ expected: [Rect], accuracy: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.count == expected.count, "count", sourceLocation: sourceLocation)
    for (index, (a, e)) in zip(actual, expected).enumerated() {
        let close = abs(a.minX - e.minX) <= accuracy && abs(a.minY - e.minY) <= accuracy
            && abs(a.width - e.width) <= accuracy && abs(a.height - e.height) <= accuracy
        #expect(close, "frame \(index): \(a) != \(e)", sourceLocation: sourceLocation)
    }
}
