import GalleryContent
import GalleryPlan
import Synchronization

/// The frame of a gallery page's style: the stagger's wave and the rules that say the scale unit
/// per breakpoint, the easing and the wave's curves (`GalleryStyle.frameRules`). They depend on the
/// site's breakpoints and transition, whether it has sections, and how many cards the page shows,
/// never on which cards: every full page of a gallery has the same frame.
struct GalleryStyleFrame: Sendable {
    let wave: StaggerWave?
    let rules: [String]
}

/// The frames of one site's gallery pages, made once per card count instead of once per page:
/// sampling the spring and writing its 32 curves was a fifth of a page's style beyond its states
/// (issue 37). A site's gallery pages have two card counts (the full pages and the last one), so
/// what it holds stays small; past `capacity` frames it makes the rest afresh.
package final class GalleryStyleFrames: Sendable {
    private struct Key: Hashable {
        var cards: Int
        var hasSectionHeaders: Bool
        var breakpoints: [Double]
        var transition: TransitionSettings
    }

    private let held = Mutex<[Key: GalleryStyleFrame]>([:])
    static let capacity = 16

    package init() {}

    /// How many frames it holds.
    package var count: Int { held.withLock { $0.count } }

    /// The frame of `model`'s style with `transition`.
    func frame(model: GalleryModel, transition: TransitionSettings) -> GalleryStyleFrame {
        let key = Key(cards: model.cards.count, hasSectionHeaders: model.hasSectionHeaders, breakpoints: model.breakpoints.map(\.width),
                      transition: transition)
        if let known = held.withLock({ $0[key] }) { return known }
        let frame = GalleryStyleFrame.make(model: model, transition: transition)
        held.withLock { held in
            if held.count < Self.capacity { held[key] = frame }
        }
        return frame
    }
}

extension GalleryStyleFrame {
    /// The frame of `model`'s style with `transition`, made afresh.
    static func make(model: GalleryModel, transition: TransitionSettings) -> GalleryStyleFrame {
        let wave = StaggerWave(cards: model.cards.count, transition: transition)
        return GalleryStyleFrame(wave: wave, rules: GalleryStyle.frameRules(model: model, transition: transition, wave: wave))
    }
}
