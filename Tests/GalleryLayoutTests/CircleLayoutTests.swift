import GalleryLayout
import Testing

@Suite struct CircleLayoutTests {
    @Test func cardsSitEvenlyOnTheCircle() {
        // r = min(400, 500) / 2.5 = 160 around (200, 250).
        let layout = CircleLayout().prepare(context(width: 400, height: 500, items: 4))
        let expected = [Point(x: 360, y: 250), Point(x: 200, y: 410), Point(x: 40, y: 250), Point(x: 200, y: 90)]
        for (card, point) in zip(layout.attributes, expected) {
            #expect(abs(card.center.x - point.x) < 1e-9 && abs(card.center.y - point.y) < 1e-9)
            #expect(card.size == Size(width: 70, height: 70))
        }
        #expect(layout.contentSize == Size(width: 400, height: 500))
    }

    @Test func cardsOverhangingAShortViewportGrowTheContent() {
        // r = 120 around (200, 150): the top card reaches y = −5 and the bottom one 305.
        let layout = CircleLayout().prepare(context(width: 400, height: 300, items: 4))
        #expect(layout.contentSize == Size(width: 400, height: 310))
        #expect(cellFrames(layout)[3].minY == 0)
    }

    @Test func withoutViewportTheFrameIsSquare() {
        let layout = CircleLayout().prepare(context(width: 400, items: 1))
        #expect(layout.attributes[0].center == Point(x: 200 + 160, y: 200))
        #expect(layout.contentSize == Size(width: 400, height: 400))
    }

    @Test func largeCardsStayInsideAPhonesWidth() {
        // min(375, 812) / 2.5 = 150 would put the right card's edge at 187.5 + 150 + 80 = 417.5.
        let layout = CircleLayout(itemSize: Size(width: 160, height: 160)).prepare(context(width: 375, height: 812, items: 12))
        #expect(layout.contentSize.width == 375)
        let frames = cellFrames(layout)
        #expect(frames.map(\.minX).min() == 0 && frames.map(\.maxX).max() == 375)
    }

    @Test func aLargeRadiusGrowsTheContent() {
        let layout = CircleLayout(radius: 300).prepare(context(width: 400, height: 300, items: 8))
        expectInsideContent(layout)
    }
}
