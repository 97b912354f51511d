import GalleryLayout
import Testing

@Suite struct ScatterLayoutTests {
    @Test func singleCardComesFromTheSeededSequence() {
        // No rotation draws; one candidate draws x then y. The table is one card tall (200), so y
        // has no room to move; x spans 60 ... 375 − 60.
        let layout = ScatterLayout(seed: 42, maximumRotation: 0, candidateCount: 1)
            .prepare(context(width: 375, items: 1))
        var random = SeededGenerator(seed: 42)
        let x = 60 + 255 * random.nextUnit()
        #expect(layout.attributes[0].center.x == x)
        #expect(layout.attributes[0].center.y == 100)
        #expect(layout.contentSize == Size(width: 375, height: 200))
    }

    @Test func sameSeedSameTableOtherSeedOtherTable() {
        let context = context(width: 768, items: 40)
        let first = ScatterLayout(seed: 7).prepare(context)
        #expect(ScatterLayout(seed: 7).prepare(context).attributes == first.attributes)
        #expect(ScatterLayout(seed: 8).prepare(context).attributes != first.attributes)
    }

    @Test func rotationsStayWithinTheMaximum() {
        let maximum = 0.3
        let layout = ScatterLayout(maximumRotation: maximum).prepare(context(width: 768, items: 100))
        #expect(layout.attributes.allSatisfy { abs($0.transform.rotationZ) <= maximum })
        #expect(Set(layout.attributes.map(\.transform.rotationZ)).count > 90)
        expectInsideContent(layout)
    }

    @Test func viewportHeightIsTheTable() {
        let layout = ScatterLayout().prepare(context(width: 1280, height: 800, items: 30))
        #expect(layout.contentSize == Size(width: 1280, height: 800))
        expectInsideContent(layout)
    }

    @Test func bestCandidateSpreadsCardsApart() {
        func meanNearestDistance(_ layout: PreparedLayout) -> Double {
            let centres = layout.attributes.map(\.center)
            var total = 0.0
            for (i, a) in centres.enumerated() {
                var nearest = Double.infinity
                for (j, b) in centres.enumerated() where i != j {
                    nearest = min(nearest, ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot())
                }
                total += nearest
            }
            return total / Double(centres.count)
        }
        var plain = 0.0, spread = 0.0
        for seed in 0..<10 {
            let context = context(width: 768, items: 40)
            plain += meanNearestDistance(ScatterLayout(seed: UInt64(seed), candidateCount: 1).prepare(context))
            spread += meanNearestDistance(ScatterLayout(seed: UInt64(seed), candidateCount: 8).prepare(context))
        }
        #expect(spread > plain * 1.2)
    }
}
