import GalleryLayout
import Testing

@Suite struct GridLayoutTests {
    @Test func columnsAreWhatFitsAndCentred() {
        // (375 − 25) / (120 + 25) → 2 columns, 265 wide, centred: left edge 55.
        let layout = GridLayout().prepare(context(width: 375, items: 3))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 55, y: 25, width: 120, height: 200),
            Rect(x: 200, y: 25, width: 120, height: 200),
            Rect(x: 55, y: 250, width: 120, height: 200),
        ])
        #expect(layout.contentSize == Size(width: 375, height: 475))
    }

    @Test func wideContainersGetMoreColumns() {
        // (1280 − 25) / 145 → 8 columns, 8 × 120 + 7 × 25 = 1135 wide, left edge 72.5.
        #expect(GridLayout().columnCount(forWidth: 1280) == 8)
        let frames = cellFrames(GridLayout().prepare(context(width: 1280, items: 9)))
        #expect(frames[0].minX == 72.5)
        #expect(frames[7].minX == 72.5 + 7 * 145)
        #expect(frames[8] == Rect(x: 72.5, y: 250, width: 120, height: 200))
    }

    @Test func widthAloneGivesCroupierProportion() {
        #expect(GridLayout.itemSize(width: 150) == Size(width: 150, height: 150 * 1.6666))
    }

    @Test func sectionsStartNewRowsUnderTheirHeaders() {
        let sections = [uniformSection(1, hasHeader: true), uniformSection(1, hasHeader: true, hasFooter: true)]
        let layout = GridLayout(footerHeight: 20).prepare(LayoutContext(containerWidth: 375, sections: sections))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 55, y: 69, width: 120, height: 200),
            Rect(x: 55, y: 363, width: 120, height: 200),
        ])
        #expect(layout.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 1))?.frame
            == Rect(x: 0, y: 294, width: 375, height: 44))
        #expect(layout.supplementaryAttributes(kind: "footer", at: IndexPath(item: 0, section: 1))?.frame
            == Rect(x: 0, y: 588, width: 375, height: 20))
        #expect(layout.contentSize.height == 608)
    }

    @Test func narrowContainerStillHasOneColumnInside() {
        let layout = GridLayout().prepare(context(width: 100, items: 2))
        #expect(cellFrames(layout) == [
            Rect(x: 25, y: 25, width: 120, height: 200), Rect(x: 25, y: 250, width: 120, height: 200),
        ])
        #expect(layout.contentSize == Size(width: 170, height: 475))
    }

    @Test func randomGridsNeverOverlapAndStayInside() {
        var random = SeededGenerator(seed: 2)
        for _ in 0..<200 {
            let context = randomContext(&random)
            let grid = GridLayout(
                itemSize: Size(width: random.next(in: 20...300), height: random.next(in: 20...400)),
                padding: random.next(in: 0...40), headerHeight: random.next(in: 0...60),
                footerHeight: random.next(in: 0...30))
            let layout = grid.prepare(context)
            expectNoOverlap(layout)
            expectInsideContent(layout)
        }
    }
}
