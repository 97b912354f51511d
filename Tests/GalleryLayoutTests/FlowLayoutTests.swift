import GalleryLayout
import Testing

@Suite struct FlowLayoutTests {
    let square100x150 = FlowLayout(itemSize: Size(width: 100, height: 150))

    @Test func linesAreJustifiedAndLoneItemIsCentred() {
        // 3 × 100 + 2 × 10 = 320 ≤ 375, so three per line; the 55 left over widens each gap by 27.5.
        let layout = square100x150.prepare(context(width: 375, items: 7))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 0, y: 0, width: 100, height: 150),
            Rect(x: 137.5, y: 0, width: 100, height: 150),
            Rect(x: 275, y: 0, width: 100, height: 150),
            Rect(x: 0, y: 160, width: 100, height: 150),
            Rect(x: 137.5, y: 160, width: 100, height: 150),
            Rect(x: 275, y: 160, width: 100, height: 150),
            Rect(x: 137.5, y: 320, width: 100, height: 150),
        ])
        #expect(layout.contentSize == Size(width: 375, height: 470))
    }

    @Test func singleItemLineIsCentred() {
        let layout = square100x150.prepare(context(width: 375, items: 1))
        expectFramesEqual(cellFrames(layout), [Rect(x: 137.5, y: 0, width: 100, height: 150)])
        #expect(layout.contentSize == Size(width: 375, height: 150))
    }

    @Test func spacingIsAdjustedUpwardsNeverDownwards() {
        // Exactly two fit at the minimum spacing (210); a third would need 320.
        let layout = FlowLayout(itemSize: Size(width: 100, height: 100)).prepare(context(width: 210, items: 2))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 0, y: 0, width: 100, height: 100),
            Rect(x: 110, y: 0, width: 100, height: 100),
        ])
    }

    @Test func itemsOfDifferentHeightsAreCentredInTheirLine() {
        // Width 100: square image + 20 label = 120 tall; 2:1 image + 20 label = 70 tall.
        let flow = FlowLayout(estimatedItemWidth: 100)
        let section = LayoutSection(items: [
            ItemMetrics(aspectRatio: 1, labelHeight: 20), ItemMetrics(aspectRatio: 2, labelHeight: 20),
        ])
        let layout = flow.prepare(LayoutContext(containerWidth: 210, sections: [section]))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 0, y: 0, width: 100, height: 120),
            Rect(x: 110, y: 25, width: 100, height: 70),
        ])
        #expect(layout.contentSize == Size(width: 210, height: 120))
    }

    @Test func headersAndFootersSpanTheWidthOutsideTheInsets() {
        let flow = FlowLayout(
            itemSize: Size(width: 100, height: 100),
            sectionInset: EdgeInsets(top: 5, left: 10, bottom: 15, right: 10),
            headerReferenceSize: Size(width: 0, height: 40), footerReferenceSize: Size(width: 0, height: 30))
        let sections = [
            uniformSection(4, hasHeader: true, hasFooter: true),
            uniformSection(1, hasHeader: true, hasFooter: true),
        ]
        let layout = flow.prepare(LayoutContext(containerWidth: 320, sections: sections))
        // Inset width 300: two per line (three would need 320), gap 100.
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 10, y: 45, width: 100, height: 100),
            Rect(x: 210, y: 45, width: 100, height: 100),
            Rect(x: 10, y: 155, width: 100, height: 100),
            Rect(x: 210, y: 155, width: 100, height: 100),
            Rect(x: 110, y: 345, width: 100, height: 100),
        ])
        let header = { (section: Int) in
            layout.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: section))?.frame
        }
        let footer = { (section: Int) in
            layout.supplementaryAttributes(kind: "footer", at: IndexPath(item: 0, section: section))?.frame
        }
        #expect(header(0) == Rect(x: 0, y: 0, width: 320, height: 40))
        #expect(footer(0) == Rect(x: 0, y: 270, width: 320, height: 30))
        #expect(header(1) == Rect(x: 0, y: 300, width: 320, height: 40))
        #expect(footer(1) == Rect(x: 0, y: 460, width: 320, height: 30))
        #expect(layout.contentSize == Size(width: 320, height: 490))
        #expect(layout.attributes.count == 9)
        #expect(layout.attributes.prefix(5).allSatisfy { $0.category == .cell })
    }

    @Test func horizontalScrollingFillsColumnsTopToBottom() {
        let flow = FlowLayout(itemSize: Size(width: 100, height: 100), scrollDirection: .horizontal)
        // Height 340: three per column (320), 20 left over per gap; the second column has two.
        let layout = flow.prepare(context(width: 375, height: 340, items: 5))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 0, y: 0, width: 100, height: 100),
            Rect(x: 0, y: 120, width: 100, height: 100),
            Rect(x: 0, y: 240, width: 100, height: 100),
            Rect(x: 110, y: 0, width: 100, height: 100),
            Rect(x: 110, y: 240, width: 100, height: 100),
        ])
        #expect(layout.contentSize == Size(width: 210, height: 340))
    }

    @Test func horizontalScrollingWithoutViewportIsOneRow() {
        let flow = FlowLayout(
            itemSize: Size(width: 100, height: 80), sectionInset: EdgeInsets(all: 8),
            scrollDirection: .horizontal, headerReferenceSize: Size(width: 30, height: 0))
        let sections = [uniformSection(3, hasHeader: true)]
        let layout = flow.prepare(LayoutContext(containerWidth: 375, sections: sections))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 38, y: 8, width: 100, height: 80),
            Rect(x: 148, y: 8, width: 100, height: 80),
            Rect(x: 258, y: 8, width: 100, height: 80),
        ])
        #expect(layout.supplementaryAttributes(kind: "header", at: IndexPath(item: 0, section: 0))?.frame
            == Rect(x: 0, y: 0, width: 30, height: 96))
        #expect(layout.contentSize == Size(width: 366, height: 96))
    }

    @Test func emptyCollectionsHaveOnlyInsets() {
        let flow = FlowLayout(sectionInset: EdgeInsets(top: 5, left: 0, bottom: 7, right: 0))
        #expect(flow.prepare(LayoutContext(containerWidth: 375, sections: [])).contentSize
            == Size(width: 375, height: 0))
        let layout = flow.prepare(context(width: 375, items: 0))
        #expect(layout.contentSize == Size(width: 375, height: 12))
        #expect(layout.attributes.isEmpty)
        #expect(layout.attributes(in: Rect(x: 0, y: 0, width: 375, height: 12)).isEmpty)
        #expect(layout.attributes(at: IndexPath(item: 0, section: 0)) == nil)
    }

    @Test func anItemWiderThanTheContainerWidensTheContent() {
        let layout = FlowLayout(itemSize: Size(width: 400, height: 50)).prepare(context(width: 300, items: 2))
        expectFramesEqual(cellFrames(layout), [
            Rect(x: 0, y: 0, width: 400, height: 50), Rect(x: 0, y: 60, width: 400, height: 50),
        ])
        #expect(layout.contentSize == Size(width: 400, height: 110))
    }

    @Test func randomFlowsNeverOverlapAndStayInside() {
        var random = SeededGenerator(seed: 1)
        for _ in 0..<200 {
            let context = randomContext(&random)
            let fixed = random.nextInt(in: 0...1) == 1
            let flow = FlowLayout(
                itemSize: fixed ? Size(width: random.next(in: 40...300), height: random.next(in: 40...300)) : nil,
                estimatedItemWidth: random.next(in: 40...300),
                minimumInteritemSpacing: random.next(in: 0...30), minimumLineSpacing: random.next(in: 0...30),
                sectionInset: EdgeInsets(
                    top: random.next(in: 0...20), left: random.next(in: 0...20),
                    bottom: random.next(in: 0...20), right: random.next(in: 0...20)),
                scrollDirection: random.nextInt(in: 0...1) == 1 ? .horizontal : .vertical,
                headerReferenceSize: Size(width: random.next(in: 0...60), height: random.next(in: 0...60)),
                footerReferenceSize: Size(width: random.next(in: 0...60), height: random.next(in: 0...60)))
            let layout = flow.prepare(context)
            #expect(cellFrames(layout).count == context.itemCount)
            expectNoOverlap(layout)
            expectInsideContent(layout)
            expectQueriesMatchScan(layout, &random)
            #expect(flow.prepare(context).attributes == layout.attributes)
        }
    }
}
