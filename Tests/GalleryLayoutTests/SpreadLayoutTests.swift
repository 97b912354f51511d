import GalleryLayout
import Testing

@Suite struct SpreadLayoutTests {
    @Test func centresStepByWidthMinusSpreadX() {
        // Step 120 − 50 = 70; 9 steps + 2 × 100 padding = 830 wide, wider than the container.
        let layout = SpreadLayout().prepare(context(width: 375, height: 600, items: 10))
        #expect(layout.attributes.map(\.center.x) == (0..<10).map { 100 + 70 * Double($0) })
        #expect(layout.attributes.allSatisfy { $0.center.y == 300 })
        #expect(layout.attributes.map(\.zIndex) == Array(0..<10))
        #expect(layout.contentSize == Size(width: 830, height: 600))
    }

    @Test func aShortSpreadIsCentred() {
        // 2 × 70 + 200 = 340 < 375: shifted right by 17.5; no viewport, so one card tall.
        let layout = SpreadLayout().prepare(context(width: 375, items: 3))
        #expect(layout.attributes.map(\.center) == [
            Point(x: 117.5, y: 100), Point(x: 187.5, y: 100), Point(x: 257.5, y: 100),
        ])
        #expect(layout.contentSize == Size(width: 375, height: 200))
    }

    @Test func smallPaddingNeverPushesCardsOffTheLeftEdge() {
        let layout = SpreadLayout(padding: 10).prepare(context(width: 100, items: 5))
        expectInsideContent(layout)
        #expect(cellFrames(layout)[0].minX == 0)
    }
}
