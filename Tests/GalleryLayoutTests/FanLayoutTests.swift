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
        let layout = FanLayout(angle: 0.1, anglePerItem: 0.2).prepare(context(width: 1280, items: 2))
        #expect(layout.attributes.map(\.transform.rotationZ) == [0.1, 0.1 + 0.2])
    }

    @Test func aHandWiderThanItsContainerIsHeldTighterToFitIt() {
        // 300 cards a step apart would go round the turning point several times; on a 768 px page
        // every turn shrinks by one factor until the hand is 768 px wide, centred and upright.
        var random = SeededGenerator(seed: 3)
        let layout = FanLayout().prepare(context(width: 768, height: 900, items: 300))
        expectInsideContent(layout)
        expectQueriesMatchScan(layout, &random)
        let turns = layout.attributes.map(\.transform.rotationZ)
        let tighter = turns[1] - turns[0]
        #expect(tighter > 0 && tighter < step)
        #expect(zip(turns, turns.dropFirst()).allSatisfy { abs($1 - $0 - tighter) < 1e-12 })
        #expect(abs(turns[0] + turns[299]) < 1e-12)
        var left = Double.infinity, right = -Double.infinity
        for card in layout.attributes {
            left = min(left, card.boundingBox.minX)
            right = max(right, card.boundingBox.maxX)
        }
        #expect(layout.contentSize.width == 768)
        #expect(right - left <= 768 && right - left > 767)
    }

    @Test func theSampleFanOnAPhoneShowsItsTopCardWhole() {
        // The sample site's fan (150 × 232, radius 700, 2.1° a card) with 45 cards is 1,282 px
        // wide as set; on a 375 px phone it fits, so the top card is on the page.
        let fan = FanLayout(itemSize: Size(width: 150, height: 232), radius: 700, anglePerItem: 2.1 * .pi / 180)
        let layout = fan.prepare(context(width: 375, items: 45))
        let top = layout.attributes[44].boundingBox
        #expect(layout.contentSize.width == 375)
        #expect(top.minX >= 0 && top.maxX <= 375 && top.minY >= 0 && top.maxY <= layout.contentSize.height)
        #expect(layout.contentSize.height < 300)
    }
}
