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
        // A header covers its whole stack, the title at the bottom (200 + 10 + 44), above the cards.
        #expect(layout.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 0))?.frame
            == Rect(x: 47.5, y: 20, width: 120, height: 254))
        #expect(layout.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 1))?.frame
            == Rect(x: 207.5, y: 20, width: 120, height: 254))
        #expect(layout.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 0))?.zIndex == 5)
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

    /// Four sections of 2, 3, 1 and 1 cards with titles at 375 px: two columns of stacks, left
    /// edges 47.5 and 207.5, a stack with its title 254 high, rows 294 apart.
    let four = [2, 3, 1, 1].map { uniformSection($0, hasHeader: true) }

    @Test func anOpenedSectionIsAGridInPlaceBetweenTheStacks() {
        let closed = StackLayout().prepare(LayoutContext(containerWidth: 375, sections: four))
        var stack = StackLayout()
        stack.openedSection = 1
        let opened = stack.prepare(LayoutContext(containerWidth: 375, sections: four))
        func cells(_ layout: PreparedLayout, _ section: Int) -> [LayoutAttributes] {
            layout.attributes.filter { $0.category == .cell && $0.indexPath.section == section }
        }
        // The stack before it keeps its place, turns and hidden cards.
        #expect(cells(opened, 0) == cells(closed, 0))
        // The opened section ends the first row: its title spans the block (2 × 120 + 40) on the
        // next row, and its cards follow in the stacks' columns, straight, every one shown.
        #expect(opened.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 1))?.frame
            == Rect(x: 47.5, y: 314, width: 280, height: 44))
        #expect(cells(opened, 1).map(\.frame) == [Rect(x: 47.5, y: 368, width: 120, height: 200),
                                                   Rect(x: 207.5, y: 368, width: 120, height: 200),
                                                   Rect(x: 47.5, y: 608, width: 120, height: 200)])
        #expect(cells(opened, 1).allSatisfy { $0.transform == .identity && !$0.isHidden })
        // The stacks after it start a new row under the grid (808 + 40), still stacked.
        #expect(cells(opened, 2).map(\.center) == [Point(x: 107.5, y: 948)])
        #expect(cells(opened, 3).map(\.center) == [Point(x: 267.5, y: 948)])
        #expect(opened.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 3))?.frame
            == Rect(x: 207.5, y: 848, width: 120, height: 254))
        // Closed, the third stack sat on the second row's left.
        #expect(cells(closed, 2).map(\.center) == [Point(x: 107.5, y: 414)])
        #expect(opened.contentSize == Size(width: 375, height: 848 + 254 + 20))
        expectInsideContent(opened)
    }

    @Test func theLastOrFirstSectionOpensAndAnUnknownOneOpensNothing() {
        var stack = StackLayout()
        stack.openedSection = 3
        let last = stack.prepare(LayoutContext(containerWidth: 375, sections: four))
        // Three stacks take a row and a half; the last section's single card opens under them.
        #expect(last.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 3))?.frame
            == Rect(x: 47.5, y: 608, width: 280, height: 44))
        #expect(last.attributes(at: IndexPath(item: 0, section: 3))?.frame == Rect(x: 47.5, y: 662, width: 120, height: 200))
        #expect(last.contentSize.height == 862 + 20)
        stack.openedSection = 0
        let first = stack.prepare(LayoutContext(containerWidth: 375, sections: four))
        #expect(first.attributes(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 207.5, y: 74, width: 120, height: 200))
        #expect(first.attributes(at: IndexPath(item: 0, section: 1))?.center == Point(x: 107.5, y: 414))
        stack.openedSection = 9
        let none = stack.prepare(LayoutContext(containerWidth: 375, sections: four))
        #expect(none.attributes == StackLayout().prepare(LayoutContext(containerWidth: 375, sections: four)).attributes)
    }

    @Test func anOpenedSectionMirrorsRightToLeft() {
        let opened = StackLayout().opening(section: 1)
        let ltr = opened.prepareInLayoutDirection(LayoutContext(containerWidth: 375, sections: four))
        let rtl = opened.prepareInLayoutDirection(LayoutContext(containerWidth: 375, sections: four, layoutDirection: .rightToLeft))
        #expect(rtl.contentSize == ltr.contentSize)
        // The first card of the grid starts at the right: 375 − 47.5 − 120.
        #expect(rtl.attributes(at: IndexPath(item: 0, section: 1))?.frame == Rect(x: 207.5, y: 368, width: 120, height: 200))
        #expect(rtl.attributes(at: IndexPath(item: 2, section: 1))?.frame == Rect(x: 207.5, y: 608, width: 120, height: 200))
        #expect(rtl.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 1))?.frame
            == Rect(x: 47.5, y: 314, width: 280, height: 44))
        // A stack before it mirrors too, its turns the other way.
        let second = rtl.attributes(at: IndexPath(item: 1, section: 0))
        #expect(second?.center == Point(x: 267.5, y: 120))
        #expect(second?.transform.rotationZ == -five)
    }

    @Test func anOpenedCardMakesRoomForItsTitle() {
        let titled = [LayoutSection(items: [ItemMetrics(aspectRatio: 1, labelHeight: 44), ItemMetrics(aspectRatio: 1, labelHeight: 30),
                                            ItemMetrics(aspectRatio: 1, labelHeight: 44)], hasHeader: true),
                      uniformSection(1, labelHeight: 44, hasHeader: true)]
        let opened = StackLayout().opening(section: 0).prepare(LayoutContext(containerWidth: 375, sections: titled))
        // Rows as tall as the tallest title allows (200 + 44), each card its own label taller.
        #expect(opened.attributes(at: IndexPath(item: 0, section: 0))?.frame == Rect(x: 47.5, y: 74, width: 120, height: 244))
        #expect(opened.attributes(at: IndexPath(item: 1, section: 0))?.frame == Rect(x: 207.5, y: 74, width: 120, height: 230))
        #expect(opened.attributes(at: IndexPath(item: 2, section: 0))?.frame == Rect(x: 47.5, y: 358, width: 120, height: 244))
        // The stack after it ignores titles: 74 + 244 + 40 + 244 + 40.
        #expect(opened.attributes(at: IndexPath(item: 0, section: 1))?.frame == Rect(x: 47.5, y: 642, width: 120, height: 200))
    }
}
