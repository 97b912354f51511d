import GalleryLayout
import Testing

@Suite struct StackLayoutTests {
    let five = Double.pi / 36

    @Test func topThreeTurnZeroPlusFiveMinusFiveAndTheRestHide() {
        let sections = [uniformSection(4, hasHeader: true), uniformSection(1, hasHeader: true)]
        let layout = StackLayout().prepare(LayoutContext(containerWidth: 375, sections: sections))
        // Inset width 335 holds 2 stacks (2 × 120 + 40 = 280), centred: left edges 47.5 and 207.5.
        let first = layout.attributes.filter { $0.category == .cell && $0.indexPath.section == 0 }
        #expect(first.allSatisfy { $0.center == Point(x: 107.5, y: 120) })
        #expect(first.map(\.transform.rotationZ) == [0, five, -five, 0])
        #expect(first.map(\.isHidden) == [false, false, false, true])
        #expect(first.map(\.zIndex) == [4, 3, 2, 1])
        #expect(layout.attributes(at: IndexPath(item: 0, section: 1))?.center == Point(x: 267.5, y: 120))
        #expect(layout.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 0))?.frame
            == Rect(x: 47.5, y: 230, width: 120, height: 44))
        #expect(layout.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 1))?.frame
            == Rect(x: 207.5, y: 230, width: 120, height: 44))
        // 20 + 200 + 10 + 44 + 20
        #expect(layout.contentSize == Size(width: 375, height: 294))
        expectInsideContent(layout)
    }

    @Test func rotationsAlternateOutwards() {
        let stack = StackLayout()
        #expect((0..<5).map(stack.rotation(ofItem:)) == [0, five, -five, 2 * five, -2 * five])
    }

    @Test func stacksWrapIntoRows() {
        let sections = (0..<3).map { _ in uniformSection(2) }
        let layout = StackLayout().prepare(LayoutContext(containerWidth: 375, sections: sections))
        #expect(layout.attributes(at: IndexPath(item: 0, section: 2))?.center == Point(x: 107.5, y: 360))
        #expect(layout.contentSize.height == 20 + 200 + 40 + 200 + 20)
    }
}
