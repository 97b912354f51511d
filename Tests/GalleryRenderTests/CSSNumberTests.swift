import Testing
@testable import GallerySupport

/// The numbers of the gallery's CSS (`CSSNumber`), written digit by digit into the output bytes
/// (issue 37): the same text as the decimal notation of the scaled integer, point put in, zeros
/// at the end of the fraction dropped.
@Suite struct CSSNumberTests {
    /// The text of `scaled` with `places` decimals, worked out from `String(Int)` alone.
    static func expected(scaled: Int, places: Int) -> String {
        var digits = String(scaled.magnitude)
        if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
        var whole = String(digits.dropLast(places))
        var fraction = String(digits.suffix(places))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if whole.isEmpty { whole = "0" }
        return (scaled < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    @Test func writesNumbersAsTheirDecimalText() {
        #expect(CSSNumber.format(12.5) == "12.5")
        #expect(CSSNumber.format(0.33) == "0.33")
        #expect(CSSNumber.format(160) == "160")
        #expect(CSSNumber.format(-0.05) == "-0.05")
        #expect(CSSNumber.format(0.001, places: 3) == "0.001")
        #expect(CSSNumber.format(-12.30, places: 1) == "-12.3")
        #expect(CSSNumber.format(1_000_000, places: 0) == "1000000")
        #expect(CSSNumber.format(0) == "0")
        // Rounded to nothing: no sign; too large or not finite: 0.
        #expect(CSSNumber.format(-0.004) == "0")
        #expect(CSSNumber.format(1e300) == "0")
        #expect(CSSNumber.format(.nan) == "0")
        #expect(CSSNumber.format(-.infinity) == "0")
    }

    @Test func writesEveryScaledValueLikeItsIntegerText() {
        let samples = [0, 1, -1, 9, 10, 99, 100, 101, 1005, -1050, 9_000_000_000_000_000, -9_000_000_000_000_000]
            + Array(stride(from: -10_000_000, through: 10_000_000, by: 9_973)) + Array(-1_200...1_200)
        for places in 0...4 {
            for scaled in samples {
                var bytes: [UInt8] = Array("x".utf8)
                CSSNumber.write(scaled: scaled, places: places, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == "x" + Self.expected(scaled: scaled, places: places),
                        "\(scaled) with \(places) places")
            }
        }
    }
}
