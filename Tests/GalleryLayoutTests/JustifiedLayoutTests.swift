import GalleryLayout
import Testing

@Suite struct JustifiedLayoutTests {
    let noInset = JustifiedLayout(sectionInset: .zero)

    func layout(_ aspectRatios: [Double], label: Double = 0, _ justified: JustifiedLayout) -> PreparedLayout {
        let items = aspectRatios.map { ItemMetrics(aspectRatio: $0, labelHeight: label) }
        return justified.prepare(LayoutContext(containerWidth: 1000, sections: [LayoutSection(items: items)]))
    }

    @Test func roundingErrorIsSpreadSoTheRowEndsOnTheWidth() {
        // 1.6 + 1.6 = 3.2 is inside 2.34 ... 3.91, so the row is (1000 − 10) / 3.2 = 309.375 → 309
        // tall; widths 494.4 → 494 leave 2 px, one given back to each card. The widow stays at 320.
        let prepared = layout([1.6, 1.6, 1.0], noInset)
        expectFramesEqual(cellFrames(prepared), [
            Rect(x: 0, y: 0, width: 495, height: 309),
            Rect(x: 505, y: 0, width: 495, height: 309),
            Rect(x: 0, y: 319, width: 320, height: 320),
        ])
        #expect(prepared.contentSize == Size(width: 1000, height: 639))
    }

    @Test func widowRowCanBeCentredOrJustified() {
        var centred = noInset
        centred.widowLayoutStyle = .center
        #expect(cellFrames(layout([1.6, 1.6, 1.0], centred))[2] == Rect(x: 340, y: 319, width: 320, height: 320))
        var justified = noInset
        justified.widowLayoutStyle = .justify
        // 1000 / 1.0 would be 1000 tall: clamped to 2 × 320, and cropped to fill the width.
        #expect(cellFrames(layout([1.6, 1.6, 1.0], justified))[2] == Rect(x: 0, y: 319, width: 1000, height: 640))
    }

    @Test func aRowThatWouldOvershootEndsOneItemEarly() {
        // Adding 2.5 to 1 + 1 gives 4.5, further from its target (3.06) than 2 is from 3.09.
        expectFramesEqual(cellFrames(layout([1, 1, 2.5], noInset)), [
            Rect(x: 0, y: 0, width: 495, height: 495),
            Rect(x: 505, y: 0, width: 495, height: 495),
            Rect(x: 0, y: 505, width: 1000, height: 400),
        ])
    }

    @Test func labelsSitBelowTheImages() {
        let frames = cellFrames(layout([1.6, 1.6, 1.0], label: 20, noInset))
        #expect(frames[0] == Rect(x: 0, y: 0, width: 495, height: 329))
        #expect(frames[2] == Rect(x: 0, y: 339, width: 320, height: 340))
    }

    @Test func defaultInsetIsFlickrsContainerPadding() {
        let frames = cellFrames(layout([1.6, 1.6], JustifiedLayout()))
        // Row width 980: (980 − 10) / 3.2 = 303.125 → 303; 484.8 → 485 each, 10 px over: −5 each.
        #expect(frames == [Rect(x: 10, y: 10, width: 485, height: 303), Rect(x: 505, y: 10, width: 485, height: 303)])
    }

    @Test func randomRowsEndExactlyOnTheWidthAndNeverOverlap() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<200 {
            let context = randomContext(&random)
            let justified = JustifiedLayout(
                targetRowHeight: random.next(in: 80...400), targetRowHeightTolerance: random.next(in: 0...0.5),
                boxSpacing: random.next(in: 0...20).rounded(), sectionInset: EdgeInsets(all: random.next(in: 0...20)),
                widowLayoutStyle: JustifiedLayout.WidowLayoutStyle.allCases[random.nextInt(in: 0...2)])
            let layout = justified.prepare(context)
            expectNoOverlap(layout)
            expectInsideContent(layout)
            // Every row but each section's last ends on the inset edge (up to the last bit of a
            // fractional inset, since frames are stored as centre and size).
            let right = context.containerWidth - justified.sectionInset.right
            for (sectionIndex, section) in context.sections.enumerated() {
                let cells = layout.cells.filter { $0.indexPath.section == sectionIndex }
                let rows = Dictionary(grouping: cells, by: \.frame.minY).sorted { $0.key < $1.key }.dropLast()
                for (_, row) in rows {
                    let last = row.max { $0.frame.minX < $1.frame.minX }!
                    #expect(abs(last.frame.maxX - right) < 1e-9, "section \(sectionIndex) of \(section.items.count)")
                }
            }
        }
    }
}
