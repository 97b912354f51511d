import GalleryLayout
import Testing
@testable import GalleryContent
@testable import GalleryPlan
@testable import GalleryRender

/// The frames of a site's gallery styles (`GalleryStyleFrames`), made once per card count.
@Suite struct GalleryStyleFramesTests {
    /// Pages of one card count share a frame, and a style written with the site's frames is the
    /// style written afresh, whatever the easing, with sections and without.
    @Test func aStyleOfSharedFramesEqualsOneMadeAfresh() throws {
        var springy = TransitionSettings()
        springy.springyScroll = TransitionSettings.defaultSpringyScroll
        var eased = TransitionSettings()
        eased.easing = .css("ease-in-out")
        for transition in [TransitionSettings(), springy, eased] {
            for sectionBy in [nil, "glass"] {
                let frames = GalleryStyleFrames()
                for (page, count) in [24, 24, 7, 24].enumerated() {
                    let model = try StateGeometryTests.model(StateGeometryTests.recipes(count, from: page * 24), arrangements: ["grid", "fan", "spread"],
                                                             sectionBy: sectionBy, geometries: nil)
                    let shared = GalleryStyle(model: model, transition: transition, labelHeight: 44, frames: frames)
                    let alone = GalleryStyle(model: model, transition: transition, labelHeight: 44)
                    #expect(shared.css == alone.css)
                    #expect(shared.cardStyles == alone.cardStyles)
                    #expect(shared.headerStyles == alone.headerStyles)
                }
                #expect(frames.count == 2)
            }
        }
    }

    /// A frame belongs to a card count and a transition: a page of another count, or the same
    /// count with another stagger, gets its own wave.
    @Test func pagesOfAnotherCountOrTransitionGetTheirOwnFrame() throws {
        let frames = GalleryStyleFrames()
        var slower = TransitionSettings()
        slower.stagger = 0.05
        let model = try StateGeometryTests.model(StateGeometryTests.recipes(24), arrangements: ["grid"], geometries: nil)
        let fast = GalleryStyle(model: model, transition: TransitionSettings(), labelHeight: 44, frames: frames)
        let slow = GalleryStyle(model: model, transition: slower, labelHeight: 44, frames: frames)
        #expect(fast.css != slow.css)
        #expect(slow.css == GalleryStyle(model: model, transition: slower, labelHeight: 44).css)
        #expect(frames.count == 2)
    }
}
