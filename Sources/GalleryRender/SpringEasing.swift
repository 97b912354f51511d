import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Synchronization

/// A damped spring, as UIKit Dynamics' attachment behaviours describe one (damping ratio and
/// frequency in hertz), sampled into a CSS `linear()` easing at build time.
package struct SpringEasing: Sendable, Hashable {
    package var damping: Double
    package var frequency: Double

    package init(damping: Double = 0.8, frequency: Double = 1.0) {
        self.damping = damping
        self.frequency = frequency
    }

    private var angularFrequency: Double { 2 * .pi * frequency }

    /// Progress from 0 to 1 at `time` seconds: the step response of a damped oscillator.
    package func value(at time: Double) -> Double {
        let omega = angularFrequency
        let zeta = damping
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * time) * (cos(damped * time) + zeta * omega / damped * sin(damped * time))
        }
        if zeta == 1 {
            return 1 - exp(-omega * time) * (1 + omega * time)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let fast = -omega * (zeta - root)
        let slow = -omega * (zeta + root)
        return 1 - (slow * exp(fast * time) - fast * exp(slow * time)) / (slow - fast)
    }

    /// Seconds until the spring stays within 0.1 % of its rest position. Found by stepping through
    /// ten seconds of the curve, once per spring in the process (`settlingTimes`): every gallery
    /// page asks three times for the same site.yml spring (issue 37).
    package var settlingTime: Double {
        guard damping.isFinite, frequency.isFinite else { return searchedSettlingTime }
        if let known = Self.settlingTimes.withLock({ $0[self] }) { return known }
        let time = searchedSettlingTime
        Self.settlingTimes.withLock { $0[self] = time }
        return time
    }

    /// The settling times found so far, by spring: as many as the springs site.yml has named
    /// (only finite ones, which equal themselves and so are found again).
    private static let settlingTimes = Mutex<[SpringEasing: Double]>([:])

    private var searchedSettlingTime: Double {
        let step = 0.005
        var lastOutside = 0.0
        var time = 0.0
        while time < 10 {
            if abs(1 - value(at: time)) > 0.001 { lastOutside = time }
            time += step
        }
        return min(max(lastOutside + step, 0.1), 10)
    }

    /// `linear(0, 0.047, …, 1)`: evenly spaced samples over the settling time.
    package func linearFunction(samples: Int = 40) -> String {
        Self.linear(progress(samples: samples))
    }

    /// The spring played backwards, `1 − f(1 − t)`: it leaves its start as the spring arrives, so
    /// a value that moves away along it comes back along the spring when the progress runs the
    /// other way (a scroll-driven animation scrolled back).
    package func reversedLinearFunction(samples: Int = 40) -> String {
        Self.linear(progress(samples: samples).reversed().map { 1 - $0 })
    }

    /// The spring's progress at `samples + 1` evenly spaced times over its settling time, ending at 1.
    package func progress(samples: Int) -> [Double] {
        let total = settlingTime
        return (0...samples).map { index in index == samples ? 1 : value(at: total * Double(index) / Double(samples)) }
    }

    package static func linear(_ points: [Double]) -> String {
        "linear(" + points.map { CSSNumber.format($0, places: 3) }.joined(separator: ",") + ")"
    }
}

extension TransitionSettings {
    /// Seconds one card moves: the duration set, else the spring's settling time, or 0.6 s for a
    /// CSS easing. The gallery's `--dur` and the stagger's wave (`StaggerWave`) both take it.
    var cardDuration: Double {
        switch easing {
        case .spring(let damping, let frequency): duration ?? SpringEasing(damping: damping, frequency: frequency).settlingTime
        case .css: duration ?? 0.6
        }
    }
}
