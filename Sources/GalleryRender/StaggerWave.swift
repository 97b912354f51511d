import GalleryContent
import GallerySupport

/// The stagger baked into the easing. With `transition-delay: i × stagger` every card's
/// transitions start and end at their own times, and Chromium restyles on the main thread at
/// each start and each end: a style recalculation in about 0.6 of the frames of a switch (issue
/// 17). Here every card's transitions start together and end together, over the whole wave (the
/// movement plus the spread of the stagger), and each card's easing holds still for its delay,
/// plays the movement's curve, then holds at its end: the same motion, with main-thread work only
/// at the start and at the end. Cards are taken in at most `maximumGroups` groups, each group a
/// `linear()` easing in a custom property (`--e0`, `--f0` for the fade), so the style sheet stays
/// small; a card's inline style names its group's.
package struct StaggerWave: Sendable, Equatable {
    /// The groups of cards that start together; within a gallery of at most this many cards each
    /// card is a group of its own, as with per-card delays.
    package static let maximumGroups = 16
    /// The fade of a card a filter hides or shows, seconds (the theme's `ease` fade).
    package static let fadeLength = 0.35

    /// How many groups the cards fall in.
    package let groups: Int
    let cards: Int
    /// Seconds from one group's start to the next one's.
    let step: Double
    /// The movement's and the fade's own durations, and their curves' inner stops.
    let movement: Double
    let movementStops: [Double]
    let fadeStops: [Double]

    /// The wave of `cards` cards moving for `duration` seconds along `stops` (the easing's
    /// progress at evenly spaced times, from 0 to 1), each card `stagger` seconds after the one
    /// before; nil when nothing is staggered.
    package init?(cards: Int, stagger: Double, duration: Double, stops: [Double]) {
        guard cards > 1, stagger > 0, duration > 0, stops.count > 2 else { return nil }
        self.cards = cards
        groups = min(cards, Self.maximumGroups)
        step = stagger * Double(cards) / Double(groups)
        movement = duration
        movementStops = stops
        fadeStops = EasingCurve.ease.progress(samples: 12)
    }

    /// The wave of a gallery's transition settings: the spring sampled, or a CSS easing the build
    /// can evaluate; nil for an easing it cannot (that keeps per-card delays).
    package init?(cards: Int, transition: TransitionSettings) {
        let stops: [Double]
        switch transition.easing {
        case .spring(let damping, let frequency):
            stops = SpringEasing(damping: damping, frequency: frequency).progress(samples: 40)
        case .css(let text):
            guard let curve = EasingCurve(css: text) else { return nil }
            stops = curve.progress(samples: 24)
        }
        self.init(cards: cards, stagger: transition.stagger, duration: transition.cardDuration, stops: stops)
    }

    /// The group of the card at `index` in DOM order.
    package func group(card index: Int) -> Int {
        min(index * groups / cards, groups - 1)
    }

    /// Seconds of the spread: the last group's delay.
    var spread: Double { step * Double(groups - 1) }
    /// The whole wave of the movement and of the fade, seconds.
    package var movementDuration: Double { movement + spread }
    package var fadeDuration: Double { Self.fadeLength + spread }

    /// The custom properties on `.g`: the wave's durations, no delays, and each group's curves.
    package var declarations: String {
        let text = ByteBuffer()
        writeDeclarations(to: text)
        return text.string
    }

    /// Appends `declarations` to `output`: written number by number, with no String per
    /// number or per curve (a gallery page's wave has 32 curves of some 40 stops each; issue 37).
    func writeDeclarations(to output: ByteBuffer) {
        output.append("--move-dur:")
        output.append(movementDuration, places: 3)
        output.append("s;--fade-dur:")
        output.append(fadeDuration, places: 3)
        output.append("s;--delay-step:0s")
        for group in 0..<groups {
            let delay = step * Double(group)
            output.append(";--e")
            output.append(scaled: group, places: 0)
            output.append(UInt8(ascii: ":"))
            Self.writeCurve(stops: movementStops, delay: delay, length: movement, total: movementDuration, to: output)
            output.append(";--f")
            output.append(scaled: group, places: 0)
            output.append(UInt8(ascii: ":"))
            Self.writeCurve(stops: fadeStops, delay: delay, length: Self.fadeLength, total: fadeDuration, to: output)
        }
    }

    /// A card's inline properties naming its group's curves.
    package func cardStyle(card index: Int) -> String {
        let text = ByteBuffer()
        writeCardStyle(card: index, to: text)
        return text.string
    }

    /// Appends `cardStyle(card:)` to `output`.
    func writeCardStyle(card index: Int, to output: ByteBuffer) {
        let group = group(card: index)
        output.append("--e:var(--e")
        output.append(scaled: group, places: 0)
        output.append(");--ef:var(--f")
        output.append(scaled: group, places: 0)
        output.append(");")
    }

    /// `linear(0 0% a%, …, 1 b% 100%)`: still until `delay`, `stops` evenly over `length`, still
    /// until `total` (seconds).
    static func curve(stops: [Double], delay: Double, length: Double, total: Double) -> String {
        let text = ByteBuffer()
        writeCurve(stops: stops, delay: delay, length: length, total: total, to: text)
        return text.string
    }

    /// Appends `curve(stops:delay:length:total:)` to `output`.
    static func writeCurve(stops: [Double], delay: Double, length: Double, total: Double, to output: ByteBuffer) {
        let start = delay / total * 100
        let end = (delay + length) / total * 100
        output.append("linear(0")
        if start > 0 {
            output.append(" 0% ")
            output.append(start, places: 2)
            output.append(UInt8(ascii: "%"))
        }
        for stop in stops.dropFirst().dropLast() {
            output.append(UInt8(ascii: ","))
            output.append(stop, places: 3)
        }
        output.append(",1")
        if end < 100 {
            output.append(UInt8(ascii: " "))
            output.append(end, places: 2)
            output.append("% 100%")
        }
        output.append(UInt8(ascii: ")"))
    }
}
