import GallerySupport

/// A CSS easing function the build can evaluate, so it can be sampled into `linear()` stops:
/// `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out` and `cubic-bezier(x1, y1, x2, y2)`.
/// Other easings (`steps()`, a hand-written `linear()`) are passed through to the browser as text.
package struct EasingCurve: Sendable, Hashable {
    /// The control points of a cubic Bézier from (0, 0) to (1, 1).
    package let x1, y1, x2, y2: Double

    package init(x1: Double, y1: Double, x2: Double, y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// CSS's `ease`, which the theme's fades use.
    package static let ease = EasingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// The curve of CSS easing text, or nil when it is not one of the forms above.
    package init?(css text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch trimmed {
        case "linear": self.init(x1: 0, y1: 0, x2: 1, y2: 1)
        case "ease": self = .ease
        case "ease-in": self.init(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case "ease-out": self.init(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case "ease-in-out": self.init(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        default:
            guard trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") else { return nil }
            let numbers = trimmed.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",")
                .map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
                  (0...1).contains(x1), (0...1).contains(x2), y1.isFinite, y2.isFinite else { return nil }
            self.init(x1: x1, y1: y1, x2: x2, y2: y2)
        }
    }

    /// The output progress at input progress `x` (0…1): the curve's y where its x is `x`, found by
    /// bisection (x grows monotonically along the curve when both control x lie in 0…1).
    package func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if bezier(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return bezier((low + high) / 2, y1, y2)
    }

    /// The progress at `samples + 1` evenly spaced inputs, from 0 to 1.
    package func progress(samples: Int) -> [Double] {
        (0...samples).map { value(at: Double($0) / Double(samples)) }
    }
}
