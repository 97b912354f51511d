import GalleryLayout
import Testing

@Suite struct DeckLayoutTests {
    @Test func cardsStepByPaddingAndTheHalfOfIt() {
        // The pile is 120 + 2 × 5 = 130 wide and 200 + 2 × 2.5 = 205 tall, centred in 375.
        let layout = DeckLayout().prepare(context(width: 375, items: 3))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 122.5, y: 0, width: 120, height: 200),
            Rect(x: 127.5, y: 2.5, width: 120, height: 200),
            Rect(x: 132.5, y: 5, width: 120, height: 200),
        ])
        #expect(layout.attributes.map(\.zIndex) == [0, 1, 2])
        #expect(layout.contentSize == Size(width: 375, height: 205))
    }

    @Test func pileIsCentredInTheViewport() {
        let layout = DeckLayout().prepare(context(width: 375, height: 800, items: 3))
        #expect(cellFrames(layout)[0] == Rect(x: 122.5, y: 297.5, width: 120, height: 200))
        #expect(layout.contentSize == Size(width: 375, height: 800))
    }

    @Test func aLongPileWidensTheContent() {
        let layout = DeckLayout().prepare(context(width: 375, items: 100))
        #expect(layout.contentSize == Size(width: 120 + 99 * 5, height: 200 + 99 * 2.5))
        expectInsideContent(layout)
    }
}
