#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GalleryLayout
import Testing

@Suite struct FanLayoutTests {
    let step = atan(120.0 / 2000.0)

    @Test func anglePerItemAndAnchorPointFollowTheRadius() {
        let fan = FanLayout()
        #expect(fan.resolvedAnglePerItem == atan(120.0 / 2000.0))
        // ((200 / 2) + 2000) / 200
        #expect(fan.anchorPoint == Point(x: 0.5, y: 10.5))
    }

    @Test func singleCardStandsUprightInTheMiddle() {
        let layout = FanLayout().prepare(context(width: 375, items: 1))
        let card = layout.attributes[0]
        #expect(card.center == Point(x: 187.5, y: 100))
        #expect(card.transform.rotationZ == 0)
        #expect(layout.contentSize == Size(width: 375, height: 200))
    }

    @Test func cardsShareTheCentreAndTurnByAnglePerItem() {
        let layout = FanLayout().prepare(context(width: 375, items: 3))
        let cards = layout.attributes
        #expect(cards.map(\.transform.rotationZ) == [-step, 0, step])
        #expect(cards.map(\.zIndex) == [0, 1, 2])
        #expect(cards.allSatisfy { $0.center == cards[0].center && $0.anchorPoint == Point(x: 0.5, y: 10.5) })
        // The middle card's top is the fan's top; the outer bottom corners of the turned cards are
        // its bottom, at 1900 cos(step) − 60 sin(step) below the turning point.
        #expect(abs(cards[0].center.x - 187.5) < 1e-9)
        #expect(abs(cards[0].center.y - 100) < 1e-9)
        let height = 2100 - (1900 * cos(step) - 60 * sin(step))
        #expect(abs(layout.contentSize.height - height) < 1e-9)
        #expect(layout.contentSize.width == 375)
        expectInsideContent(layout)
    }

    @Test func explicitAnglesAreUsed() {
        let layout = FanLayout(angle: 0.1, anglePerItem: 0.2).prepare(context(width: 375, items: 2))
        #expect(layout.attributes.map(\.transform.rotationZ) == [0.1, 0.1 + 0.2])
    }

    @Test func aWholeRingStaysInsideItsContent() {
        var random = SeededGenerator(seed: 3)
        let layout = FanLayout().prepare(context(width: 768, height: 900, items: 300))
        expectInsideContent(layout)
        expectQueriesMatchScan(layout, &random)
        #expect(layout.contentSize.width > 4000)
    }
}
