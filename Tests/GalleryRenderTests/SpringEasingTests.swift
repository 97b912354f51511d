import Testing
import GalleryTestSupport
@testable import GalleryRender
@testable import GallerySupport

@Suite struct SpringEasingTests {
    @Test func startsAtZeroAndSettlesAtOne() {
        let spring = SpringEasing(damping: 0.8, frequency: 1.0)
        #expect(spring.value(at: 0) == 0)
        #expect(abs(spring.value(at: spring.settlingTime) - 1) <= 0.001)
    }

    @Test func underdampedSpringOvershootsOnce() {
        // ζ = 0.8 overshoots by e^(−πζ/√(1−ζ²)) ≈ 1.5 %.
        let spring = SpringEasing(damping: 0.8, frequency: 1.0)
        let peak = stride(from: 0.0, to: 2.0, by: 0.001).map(spring.value(at:)).max()!
        #expect(abs(peak - (1 + 0.01516)) < 0.001)
    }

    @Test func settlingTimeMatchesTheEnvelope() {
        // The envelope e^(−ζωt) reaches 0.1 % near t = ln(1000) / (ζω) ≈ 1.37 s for ζ 0.8, 1 Hz.
        let spring = SpringEasing(damping: 0.8, frequency: 1.0)
        #expect(spring.settlingTime > 1.0 && spring.settlingTime < 1.45)
        #expect(SpringEasing(damping: 0.8, frequency: 2.0).settlingTime < spring.settlingTime)
    }

    @Test func criticallyAndOverdampedSpringsNeverOvershoot() {
        for damping in [1.0, 1.5] {
            let spring = SpringEasing(damping: damping, frequency: 1.0)
            let values = stride(from: 0.0, to: 3.0, by: 0.01).map(spring.value(at:))
            #expect(values.allSatisfy { $0 <= 1 + 1e-9 })
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 })
        }
    }

    @Test func linearFunctionHasEvenSamplesFromZeroToOne() {
        let css = SpringEasing().linearFunction(samples: 10)
        #expect(css.hasPrefix("linear(0,"))
        #expect(css.hasSuffix(",1)"))
        #expect(css.split(separator: ",").count == 11)
    }

    @Test func theReversedSpringIsTheSpringPlayedBackwards() {
        let spring = SpringEasing(damping: 0.5, frequency: 1.5)
        let forward = spring.linearFunction(samples: 20).dropFirst(7).dropLast().split(separator: ",").map { Double($0)! }
        let backward = spring.reversedLinearFunction(samples: 20).dropFirst(7).dropLast().split(separator: ",").map { Double($0)! }
        #expect(forward.count == 21 && backward.count == 21)
        #expect(backward.first == 0 && backward.last == 1)
        for index in forward.indices {
            #expect(abs(backward[index] - (1 - forward[20 - index])) < 0.0015)
        }
        // It leaves fast where the spring arrives slowly, and overshoots below 0 as the spring above 1.
        #expect(backward.min()! < 0)
    }
}

@Suite struct TypographyTests {
    @Test func quotesDashesAndEllipses() {
        #expect(Typography.smarten("Stirred -- \"bitter\" & bright...") == "Stirred – “bitter” & bright…")
        #expect(Typography.smarten("Dark 'n' Stormy --- it's 'the' one") == "Dark ‘n’ Stormy — it’s ‘the’ one")
        #expect(Typography.smarten("plain") == "plain")
    }

    @Test func asciiTextGetsTheRulesItsCharactersWould() {
        // Text with a non-ASCII character goes character by character; the rest byte by byte.
        let samples = ["'a' \"b\"", "x\u{B}'y'", "x\u{C}\"y\"", "x\u{1C}'y", "(\"a\") [-'b'] {'c'}", "a--b---c....d", "-'x", ""]
        for sample in samples {
            #expect(Typography.smarten(sample + "é") == Typography.smarten(sample) + "é", "\(sample.debugDescription)")
        }
    }
}
