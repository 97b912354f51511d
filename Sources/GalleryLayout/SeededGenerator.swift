/// A small, fast, seeded pseudo-random generator (SplitMix64). The same seed gives the same
/// sequence on every platform and Swift version, which is what deterministic output needs; use
/// `nextUnit()` and `next(in:)` rather than the standard library's `random(in:using:)`, whose
/// mapping from bits to values is not promised to stay the same.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in 0 ..< 1 with 53 random bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform value in `range` (lower bound included, upper bound excluded).
    public mutating func next(in range: Range<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// A uniform value in `range`; the upper bound is reachable only through rounding.
    public mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// A uniform integer in `range`, without modulo bias worth measuring for small ranges.
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }
}
