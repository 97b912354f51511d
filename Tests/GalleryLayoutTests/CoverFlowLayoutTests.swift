import GalleryLayout
import Testing

@Suite struct CoverFlowLayoutTests {
    static let degree = Double.pi / 180

    @Test func firstCardFacesTheViewerAtTheMiddleAndTheRestTurnTowardsIt() {
        // 375 wide: the first centre at 187.5, then every 40; the content reaches 187.5 past the last.
        let layout = CoverFlowLayout().prepare(context(width: 375, height: 600, items: 5))
        #expect(layout.attributes.map(\.center.x) == [187.5, 227.5, 267.5, 307.5, 347.5])
        #expect(layout.attributes.allSatisfy { $0.center.y == 300 && $0.size == Size(width: 120, height: 200) })
        #expect(layout.contentSize == Size(width: 535, height: 600))
        #expect(layout.attributes[0].transform == Transform3D(perspective: 500))
        // Beside the middle: turned 60° to face left (outer edge forward), moved out, pulled back.
        for card in layout.attributes.dropFirst() {
            #expect(abs(card.transform.rotationY + 60 * Self.degree) < 1e-12)
            #expect(card.transform.translationX == 50)
            #expect(card.transform.translationZ == -100)
            #expect(card.transform.perspective == 500)
        }
        // The middle card on top, each further card under the one before.
        #expect(layout.attributes.map(\.zIndex) == [5, 4, 3, 2, 1])
    }

    @Test func aCardTurnsInProportionWithinTheTurnDistance() {
        let turn = CoverFlowLayout(turnDistance: 80).scrollDrivenTurn
        let half = turn.transform(atOffset: -40)
        #expect(abs(half.rotationY - 30 * Self.degree) < 1e-12)
        #expect(half.translationX == -25)
        #expect(half.translationZ == -50)
        #expect(turn.transform(atOffset: 0) == Transform3D(perspective: 500))
        #expect(turn.transform(atOffset: 500) == turn.rightTransform)
    }

    @Test func theOuterEdgeOfARightCardComesForwardAndTheProjectionShrinks() {
        let card = CoverFlowLayout().prepare(context(width: 375, items: 2)).attributes[1]
        // Relative to the centre: the right edge (x = 60) comes towards the viewer, the left one
        // recedes, so the right edge's projection is the taller; both are behind the z = 0 plane.
        let right = card.transform.apply(x: 60, y: -100), left = card.transform.apply(x: -60, y: -100)
        #expect(-right.y > -left.y)
        #expect(-right.y < 100)
        let box = card.boundingBox
        #expect(box.width < 120 && box.height < 200)
        #expect(box.midX > card.center.x)
    }

    @Test func scrollingOneSpacingBringsTheNextCardToTheMiddle() {
        // What the page does with the rule: at a scroll offset of k × spacing, card k faces the viewer.
        let layout = CoverFlowLayout(spacing: 60).prepare(context(width: 768, items: 6))
        let turn = try! #require(layout.scrollDrivenTurn)
        for k in 0..<6 {
            let offset = Double(k) * turn.spacing
            let facing = layout.attributes.filter { turn.transform(atOffset: $0.center.x - 384 - offset).rotationY == 0 }
            #expect(facing.map(\.indexPath.item) == [k])
        }
        // Scrolling ends with the last card at the middle.
        #expect(layout.contentSize.width - 768 == 5 * 60)
    }

    @Test func mirroredOnARightToLeftPage() {
        let layout = CoverFlowLayout().prepareInLayoutDirection(
            LayoutContext(containerWidth: 375, sections: [uniformSection(3)], layoutDirection: .rightToLeft))
        // Mirrored in the 455-wide content: the first card is at the middle of the strip's right
        // end, where a right-to-left page's scrolling starts.
        #expect(layout.attributes.map(\.center.x) == [267.5, 227.5, 187.5])
        // Left of the first card now: turned to face right.
        #expect(layout.attributes[1].transform.rotationY > 0)
        #expect(layout.attributes[1].transform.translationX == -50)
        #expect(layout.scrollDrivenTurn == CoverFlowLayout().scrollDrivenTurn)
    }

    @Test func everyCardStaysInsideTheContentAndTheEmptyStripIsOneScreen() {
        expectInsideContent(CoverFlowLayout(depth: 0, perspective: 200).prepare(context(width: 320, items: 30)))
        expectInsideContent(CoverFlowLayout().prepare(context(width: 100, items: 3)))
        let empty = CoverFlowLayout().prepare(context(width: 375, items: 0))
        #expect(empty.attributes.isEmpty)
        #expect(empty.contentSize == Size(width: 375, height: 200))
    }

    @Test func registryReadsEveryParameter() throws {
        let layout = try LayoutRegistry.makeLayout(name: "coverflow", parameters: [
            "item_width": .number(150), "spacing": .number(50), "rotation_degrees": .number(45),
            "turn_distance": .number(70), "side_offset": .number(60), "depth": .number(120), "perspective": .number(600),
        ]) as? CoverFlowLayout
        #expect(layout == CoverFlowLayout(itemSize: Size(width: 150, height: 150 * 1.6666), spacing: 50, turnDistance: 70,
                                          rotation: 45 * Self.degree, sideOffset: 60, depth: 120, perspective: 600))
        #expect(throws: LayoutConfigurationError.self) {
            try LayoutRegistry.makeLayout(name: "coverflow", parameters: ["rotation_degrees": .number(120)])
        }
        #expect(throws: LayoutConfigurationError.self) {
            try LayoutRegistry.makeLayout(name: "coverflow", parameters: ["perspective": .number(0)])
        }
    }
}
