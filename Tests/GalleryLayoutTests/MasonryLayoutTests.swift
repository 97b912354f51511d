import GalleryLayout
import Testing

@Suite struct MasonryLayoutTests {
    /// Cards 250 wide with images 1:1, 2:1, 1:1, 1:2 → heights 250, 125, 250, 500.
    let section = LayoutSection(items: [1, 2, 1, 0.5].map { ItemMetrics(aspectRatio: $0) })

    @Test func eachCardGoesToTheShortestColumn() {
        // (510 + 10) / (240 + 10) → 2 columns of (510 − 10) / 2 = 250.
        let layout = MasonryLayout().prepare(LayoutContext(containerWidth: 510, sections: [section]))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 0, y: 0, width: 250, height: 250),
            Rect(x: 260, y: 0, width: 250, height: 125),
            Rect(x: 260, y: 135, width: 250, height: 250),
            Rect(x: 0, y: 260, width: 250, height: 500),
        ])
        #expect(layout.contentSize == Size(width: 510, height: 760))
    }

    @Test func horizontalOrderDealsColumnsInTurn() {
        let layout = MasonryLayout(horizontalOrder: true).prepare(LayoutContext(containerWidth: 510, sections: [section]))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 0, y: 0, width: 250, height: 250),
            Rect(x: 260, y: 0, width: 250, height: 125),
            Rect(x: 0, y: 260, width: 250, height: 250),
            Rect(x: 260, y: 135, width: 250, height: 500),
        ])
        #expect(layout.contentSize.height == 635)
    }

    @Test func columnsWithinOnePixelCountAsShortestLeftmostFirst() {
        // Heights 100.5 and 100: the left column is half a pixel taller but still takes the third card.
        let items = [ItemMetrics(aspectRatio: 250 / 100.5), ItemMetrics(aspectRatio: 2.5), ItemMetrics(aspectRatio: 1)]
        let layout = MasonryLayout().prepare(LayoutContext(containerWidth: 510, sections: [LayoutSection(items: items)]))
        #expect(abs(cellFrames(layout)[2].minY - 110.5) < 1e-9)
        #expect(cellFrames(layout)[2].minX == 0)
    }

    @Test func labelsAddToCardHeightAndSectionsStack() {
        let items = [ItemMetrics(aspectRatio: 1, labelHeight: 40)]
        let sections = [LayoutSection(items: items, hasHeader: true), LayoutSection(items: items, hasHeader: true)]
        let masonry = MasonryLayout(columnCount: 1, sectionInset: EdgeInsets(all: 10))
        let layout = masonry.prepare(LayoutContext(containerWidth: 320, sections: sections))
        // Card 300 wide: 300 image + 40 label. Section 1 starts at 44 + 10 + 340 + 10 = 404.
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 10, y: 54, width: 300, height: 340), Rect(x: 10, y: 458, width: 300, height: 340),
        ])
        #expect(layout.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 1))?.frame
            == Rect(x: 0, y: 404, width: 320, height: 44))
        #expect(layout.contentSize.height == 808)
    }

    @Test func randomMasonryNeverOverlapsAndStaysInside() {
        var random = SeededGenerator(seed: 4)
        for _ in 0..<200 {
            let context = randomContext(&random)
            let masonry = MasonryLayout(
                columnWidth: random.next(in: 60...400),
                columnCount: random.nextInt(in: 0...3) == 0 ? random.nextInt(in: 1...6) : nil,
                minimumColumnSpacing: random.next(in: 0...30), minimumInteritemSpacing: random.next(in: 0...30),
                sectionInset: EdgeInsets(all: random.next(in: 0...20)),
                headerHeight: random.next(in: 0...60), horizontalOrder: random.nextInt(in: 0...1) == 1)
            let layout = masonry.prepare(context)
            expectNoOverlap(layout)
            expectInsideContent(layout)
        }
    }
}
