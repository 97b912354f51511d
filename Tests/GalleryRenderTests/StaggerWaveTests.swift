import Foundation
import Testing
@testable import GalleryContent
@testable import GalleryRender

/// The stagger baked into each card's easing (issue 17): every card's transitions start and end
/// together, and each card's curve still moves it as the per-card delay did.
@Suite struct StaggerWaveTests {
    /// A CSS `linear()` easing evaluated as CSS Easing 2 says: stops with up to two positions,
    /// positions left out spread evenly between their neighbours, first 0 % and last 100 %.
    static func evaluate(_ function: String, at input: Double) throws -> Double {
        let body = try #require(function.hasPrefix("linear(") && function.hasSuffix(")") ? function.dropFirst(7).dropLast() : nil)
        var stops: [(value: Double, position: Double?)] = []
        for part in body.split(separator: ",") {
            let words = part.split(separator: " ")
            let value = try #require(Double(words[0]))
            let positions = try words.dropFirst().map { try #require(Double($0.dropLast())) / 100 }
            if positions.isEmpty { stops.append((value, nil)) }
            for position in positions { stops.append((value, position)) }
        }
        if stops[0].position == nil { stops[0].position = 0 }
        if stops[stops.count - 1].position == nil { stops[stops.count - 1].position = 1 }
        var index = 0
        while index < stops.count {
            guard stops[index].position == nil else { index += 1; continue }
            let before = index - 1
            var after = index
            while stops[after].position == nil { after += 1 }
            let low = stops[before].position!, high = stops[after].position!
            for missing in index..<after {
                stops[missing].position = low + (high - low) * Double(missing - before) / Double(after - before)
            }
            index = after
        }
        for (left, right) in zip(stops, stops.dropFirst()) where input <= right.position! {
            guard right.position! > left.position! else { continue }
            return left.value + (right.value - left.value) * (input - left.position!) / (right.position! - left.position!)
        }
        return stops.last!.value
    }

    @Test func eachCardMovesAsItsDelayWouldHaveMovedIt() throws {
        let spring = SpringEasing()
        let wave = try #require(StaggerWave(cards: 10, stagger: 0.05, duration: spring.settlingTime, stops: spring.progress(samples: 40)))
        #expect(wave.groups == 10)
        #expect(abs(wave.movementDuration - (spring.settlingTime + 0.45)) < 1e-9)
        for card in [0, 4, 9] {
            let curve = StaggerWave.curve(stops: wave.movementStops, delay: 0.05 * Double(card), length: wave.movement,
                                          total: wave.movementDuration)
            #expect(wave.declarations.contains("--e\(card):\(curve)"))
            for time in stride(from: 0.0, through: wave.movementDuration, by: 0.02) {
                let progress = try Self.evaluate(curve, at: time / wave.movementDuration)
                let own = time - 0.05 * Double(card)
                // Between the samples the spring is drawn straight, as its linear() always was.
                let expected = own <= 0 ? 0 : own >= wave.movement ? 1 : spring.value(at: own)
                #expect(abs(progress - expected) < 0.012, "card \(card) at \(time) s: \(progress), not \(expected)")
            }
        }
    }

    @Test func aLargePageTakesItsCardsInGroupsThatStartTogether() throws {
        let wave = try #require(StaggerWave(cards: 60, transition: TransitionSettings()))
        #expect(wave.groups == StaggerWave.maximumGroups)
        #expect((0..<60).map(wave.group(card:)) == (0..<60).map { $0 * 16 / 60 })
        #expect(wave.group(card: 59) == 15)
        // The spread stays what 60 cards' delays gave: the last group starts within one group's
        // step of the 59th card's delay.
        #expect(abs(wave.spread - 0.012 * 59) <= 0.012 * 60 / 16)
        #expect(wave.cardStyle(card: 30) == "--e:var(--e8);--ef:var(--f8);")
        #expect(wave.declarations.hasPrefix("--move-dur:"))
        #expect(wave.declarations.contains(";--delay-step:0s;--e0:linear(0,"))
        #expect(wave.declarations.components(separatedBy: ":linear(").count == 2 * 16 + 1)
    }

    @Test func nothingStaggeredOrAnEasingTheBuildCannotSampleKeepsDelays() {
        var transition = TransitionSettings()
        #expect(StaggerWave(cards: 1, transition: transition) == nil)
        transition.stagger = 0
        #expect(StaggerWave(cards: 12, transition: transition) == nil)
        transition.stagger = 0.02
        transition.easing = .css("steps(4, end)")
        #expect(StaggerWave(cards: 12, transition: transition) == nil)
        transition.easing = .css("cubic-bezier(.2, .8, .2, 1)")
        #expect(StaggerWave(cards: 12, transition: transition)?.movementDuration == 0.6 + 0.22)
    }

    @Test func cssEasingsAreTheirCubicBeziers() {
        let ease = EasingCurve(css: "ease")
        #expect(ease == .ease)
        #expect(EasingCurve(css: "Ease-In-Out") == EasingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(EasingCurve(css: "cubic-bezier(1.5, 0, 0, 1)") == nil)
        #expect(EasingCurve(css: "linear(0, 1)") == nil)
        let linear = EasingCurve(css: "linear")!
        #expect(abs(linear.value(at: 0.3) - 0.3) < 1e-9)
        // ease-in-out is symmetric about the middle; ease at half time is about 80 % there.
        let inOut = EasingCurve(css: "ease-in-out")!
        #expect(abs(inOut.value(at: 0.5) - 0.5) < 1e-6)
        #expect(abs(inOut.value(at: 0.2) + inOut.value(at: 0.8) - 1) < 1e-6)
        #expect(abs(EasingCurve.ease.value(at: 0.5) - 0.8024) < 0.001)
    }
}
