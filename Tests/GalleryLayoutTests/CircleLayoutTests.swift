import GalleryLayout
import Testing

@Suite struct CircleLayoutTests {
    @Test func cardsSitEvenlyOnTheCircle() {
        // r = min(400, 300) / 2.5 = 120 around (200, 150).
        let layout = CircleLayout().prepare(context(width: 400, height: 300, items: 4))
        let expected = [Point(x: 320, y: 150), Point(x: 200, y: 270), Point(x: 80, y: 150), Point(x: 200, y: 30)]
        for (card, point) in zip(layout.attributes, expected) {
            #expect(abs(card.center.x - point.x) < 1e-9 && abs(card.center.y - point.y) < 1e-9)
            #expect(card.size == Size(width: 70, height: 70))
        }
        #expect(layout.contentSize == Size(width: 400, height: 300))
    }

    @Test func withoutViewportTheFrameIsSquare() {
        let layout = CircleLayout().prepare(context(width: 400, items: 1))
        #expect(layout.attributes[0].center == Point(x: 200 + 160, y: 200))
        #expect(layout.contentSize == Size(width: 400, height: 400))
    }

    @Test func aLargeRadiusGrowsTheContent() {
        let layout = CircleLayout(radius: 300).prepare(context(width: 400, height: 300, items: 8))
        expectInsideContent(layout)
    }
}
