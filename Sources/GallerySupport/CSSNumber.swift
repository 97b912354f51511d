/// Short, deterministic number formatting for CSS and attributes.
package enum CSSNumber {
    /// At most `places` decimals, trailing zeros removed: 12.5, 0.33, 160.
    package static func format(_ value: Double, places: Int = 2) -> String {
        format(scaled: scaled(value, places: places), places: places)
    }

    /// Appends `format(value, places:)` to UTF-8 `output`.
    package static func write(_ value: Double, places: Int, to output: inout [UInt8]) {
        write(scaled: scaled(value, places: places), places: places, to: &output)
    }

    /// `value` × 10^`places`, rounded: two values format alike exactly when these are equal
    /// (0, which formats as "0", for a value too large or not finite).
    package static func scaled(_ value: Double, places: Int) -> Int {
        let scaled = (value * Double(power(places))).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return 0 }
        return Int(scaled)
    }

    /// Formats a `scaled(_:places:)` value.
    static func format(scaled integer: Int, places: Int) -> String {
        withText(scaled: integer, places: places) { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the text of a `scaled(_:places:)` value to UTF-8 `output`.
    package static func write(scaled integer: Int, places: Int, to output: inout [UInt8]) {
        withText(scaled: integer, places: places) { output.append(contentsOf: $0) }
    }

    /// Hands the text of a `scaled(_:places:)` value, written digit by digit into a small buffer,
    /// to `body`: the gallery's CSS formats millions of numbers.
    private static func withText<Result>(scaled integer: Int, places: Int,
                                         _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let scale = power(places)
        let magnitude = abs(integer)
        var whole = magnitude / scale
        var fraction = magnitude % scale
        var digits = places
        if fraction == 0 {
            digits = 0
        } else {
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        }
        // Filled from the end: fraction digits (zero-padded), the point, the whole part, the sign.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var end = buffer.count
            func put(_ byte: UInt8) { end -= 1; buffer[end] = byte }
            if digits > 0 {
                for _ in 0..<digits {
                    put(UInt8(ascii: "0") + UInt8(fraction % 10))
                    fraction /= 10
                }
                put(UInt8(ascii: "."))
            }
            repeat {
                put(UInt8(ascii: "0") + UInt8(whole % 10))
                whole /= 10
            } while whole > 0
            if integer < 0 { put(UInt8(ascii: "-")) }
            return body(UnsafeBufferPointer(rebasing: buffer[end...]))
        }
    }

    private static func power(_ places: Int) -> Int {
        (0..<places).reduce(1) { result, _ in result * 10 }
    }
}
