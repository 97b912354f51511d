/// Short, deterministic number formatting for CSS and attributes. Public (the rest of the module
/// is `package`) only so that `scaled` is inlined into the gallery's style: the compiler left an
/// `@inlinable package` function a call, half a million of them per 1,000 recipes (issue 37).
public enum CSSNumber {
    /// At most `places` decimals, trailing zeros removed: 12.5, 0.33, 160.
    package static func format(_ value: Double, places: Int = 2) -> String {
        format(scaled: scaled(value, places: places), places: places)
    }

    /// Appends `format(value, places:)` to UTF-8 `output`.
    package static func write(_ value: Double, places: Int, to output: inout [UInt8]) {
        write(scaled: scaled(value, places: places), places: places, to: &output)
    }

    /// `value` × 10^`places`, rounded: two values format alike exactly when these are equal
    /// (0, which formats as "0", for a value too large or not finite). Inlined: the gallery's
    /// style compares half a million values by these per 1,000 recipes, `places` a constant at
    /// each call (issue 37).
    @inlinable @inline(__always)
    public static func scaled(_ value: Double, places: Int) -> Int {
        let scaled = (value * Double(power(places))).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return 0 }
        return Int(scaled)
    }

    /// Formats a `scaled(_:places:)` value.
    static func format(scaled integer: Int, places: Int) -> String {
        var text: [UInt8] = []
        write(scaled: integer, places: places, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the text of a `scaled(_:places:)` value to UTF-8 `output` (`write(scaled:places:into:)`
    /// into a buffer on the stack, then one copy).
    package static func write(scaled integer: Int, places: Int, to output: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestText(places: places)) { buffer in
            let count = write(scaled: integer, places: places, into: buffer.baseAddress!)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The most bytes `write(scaled:places:into:)` writes: a sign, nineteen digits, the point and
    /// `places` decimals.
    @inlinable
    public static func longestText(places: Int) -> Int {
        21 + max(places, 0)
    }

    /// Writes the text of a `scaled(_:places:)` value at `output`, which has room for
    /// `longestText(places:)` bytes, and returns how many it wrote: digit by digit from the first,
    /// the sign, the whole part, then the point and the fraction (zero-padded, trailing zeros
    /// dropped). The gallery's CSS writes hundreds of thousands of numbers straight into its
    /// buffer this way, with no buffer of their own to copy from (issue 37).
    @inlinable
    public static func write(scaled integer: Int, places: Int, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let scale = UInt(power(places))
        let magnitude = integer.magnitude
        var whole = magnitude / scale
        var fraction = magnitude % scale
        var digits = places
        if fraction == 0 {
            digits = 0
        } else {
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        }
        var count = 0
        if integer < 0 { output[count] = UInt8(ascii: "-"); count += 1 }
        var divisor: UInt = 1
        while divisor <= whole / 10 { divisor *= 10 }
        while true {
            output[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole / divisor)
            count += 1
            whole %= divisor
            if divisor == 1 { break }
            divisor /= 10
        }
        guard digits > 0 else { return count }
        output[count] = UInt8(ascii: ".")
        count += 1
        divisor = UInt(power(digits - 1))
        while true {
            output[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / divisor)
            count += 1
            fraction %= divisor
            if divisor == 1 { break }
            divisor /= 10
        }
        return count
    }

    @inlinable
    public static func power(_ places: Int) -> Int {
        var result = 1
        for _ in 0..<max(places, 0) { result *= 10 }
        return result
    }
}
