import GalleryLayout
import Testing

/// Right to left: every engine's frames are the mirror image of its left-to-right frames, turns go
/// the other way, and `flips_horizontally: false` keeps an engine as it is.
@Suite struct LayoutDirectionTests {
    static let names = LayoutRegistry.engines.map(\.name)

    func rightToLeft(_ context: LayoutContext) -> LayoutContext {
        var mirrored = context
        mirrored.layoutDirection = .rightToLeft
        return mirrored
    }

    @Test(arguments: names)
    func rightToLeftFramesMirrorLeftToRightFrames(name: String) throws {
        let engine = try LayoutRegistry.makeLayout(name: name)
        var random = SeededGenerator(seed: 15)
        for _ in 0..<20 {
            let context = randomContext(&random, maximumItems: 30)
            let ltr = engine.prepareInLayoutDirection(context)
            let rtl = engine.prepareInLayoutDirection(rightToLeft(context))
            #expect(ltr.attributes == engine.prepare(context).attributes, "left to right is the engine's own layout")
            #expect(rtl.contentSize == ltr.contentSize)
            #expect(rtl.attributes.count == ltr.attributes.count)
            let width = max(ltr.contentSize.width, context.usableContainerWidth)
            for (mirrored, original) in zip(rtl.attributes, ltr.attributes) {
                #expect(mirrored.indexPath == original.indexPath && mirrored.category == original.category)
                // The box a visitor sees, every corner after the transform, lands on its mirror.
                let box = mirrored.boundingBox, source = original.boundingBox
                #expect(abs(box.minX - (width - source.maxX)) < 1e-6, "\(name) \(original.indexPath)")
                #expect(abs(box.minY - source.minY) < 1e-6 && abs(box.height - source.height) < 1e-6)
                #expect(abs(box.width - source.width) < 1e-6)
                #expect(abs(mirrored.frame.minX - (width - original.frame.maxX)) < 1e-6)
                #expect(mirrored.transform.rotationZ == -original.transform.rotationZ)
                #expect(mirrored.transform.rotationX == original.transform.rotationX)
                #expect(mirrored.zIndex == original.zIndex && mirrored.isHidden == original.isHidden && mirrored.alpha == original.alpha)
            }
            expectInsideContent(rtl)
        }
    }

    @Test func aFlowFillsFromTheRight() throws {
        let flow = try LayoutRegistry.makeLayout(name: "flow", parameters: ["item_width": .number(100), "item_height": .number(100)])
        let layout = flow.prepareInLayoutDirection(rightToLeft(context(width: 375, items: 5)))
        let frames = cellFrames(layout)
        // Three to a line, justified edge to edge: the first card at the right edge, then leftwards.
        #expect(frames[0].maxX == 375 && frames[0].minY == frames[1].minY)
        #expect(frames[0].minX > frames[1].minX && frames[1].minX > frames[2].minX)
        #expect(frames[2].minX == 0)
        #expect(frames[3].minX > frames[4].minX && frames[3].minY > frames[0].minY)
    }

    @Test func aFanOpensTheOtherWay() throws {
        let fan = try LayoutRegistry.makeLayout(name: "fan")
        let items = context(width: 1280, items: 7)
        let ltr = fan.prepareInLayoutDirection(items).cells.map(\.transform.rotationZ)
        let rtl = fan.prepareInLayoutDirection(rightToLeft(items)).cells.map(\.transform.rotationZ)
        #expect(ltr.first! < 0 && ltr.last! > 0)
        #expect(rtl == ltr.map { -$0 })
        #expect(rtl.first! > 0 && rtl.last! < 0)
    }

    @Test func aSpreadStartsAtTheRightOfItsStrip() throws {
        let spread = try LayoutRegistry.makeLayout(name: "spread")
        let items = context(width: 375, items: 12)
        let ltr = spread.prepareInLayoutDirection(items)
        let rtl = spread.prepareInLayoutDirection(rightToLeft(items))
        #expect(ltr.contentSize.width > 375, "the strip scrolls")
        let cells = cellFrames(rtl)
        #expect(cells[0].maxX > cells[1].maxX && cells.last!.minX < cells[0].minX)
        #expect(abs(cells[0].maxX - (ltr.contentSize.width - cellFrames(ltr)[0].minX)) < 1e-9)
    }

    @Test(arguments: names)
    func flipsHorizontallyFalseKeepsTheLeftToRightLayout(name: String) throws {
        let engine = try LayoutRegistry.makeLayout(name: name, parameters: ["flips_horizontally": .bool(false)])
        #expect(!engine.flipsHorizontallyInOppositeLayoutDirection)
        #expect(try LayoutRegistry.makeLayout(name: name).flipsHorizontallyInOppositeLayoutDirection)
        var random = SeededGenerator(seed: 2)
        let context = randomContext(&random, maximumItems: 20)
        #expect(engine.prepareInLayoutDirection(rightToLeft(context)).attributes == engine.prepare(context).attributes)
        #expect(LayoutRegistry.engine(named: name)!.parameters.last?.name == "flips_horizontally")
    }

    @Test func anAnchorPointAndTranslationMirrorWithTheFrame() {
        let original = LayoutAttributes(
            indexPath: IndexPath(item: 0, section: 0), frame: Rect(x: 10, y: 20, width: 100, height: 50),
            transform: Transform3D(translationX: 7, rotationY: 0.3, rotationZ: 0.2),
            anchorPoint: Point(x: 0.2, y: 3))
        let mirrored = original.flippedHorizontally(width: 400)
        #expect(mirrored.frame == Rect(x: 290, y: 20, width: 100, height: 50))
        #expect(abs(mirrored.anchorPoint.x - 0.8) < 1e-12 && mirrored.anchorPoint.y == 3)
        #expect(mirrored.transform.translationX == -7 && mirrored.transform.rotationY == -0.3)
        let box = mirrored.boundingBox, source = original.boundingBox
        #expect(abs(box.minX - (400 - source.maxX)) < 1e-9 && abs(box.minY - source.minY) < 1e-9)
    }
}
