/// Relative URLs between output files, so a site works under any sub-path and from disk.
public enum URLPath {
    /// The prefix leading from the folder of `path` back to the output root: `""` for
    /// `index.html`, `"../../"` for `recipes/mojito/index.html`.
    public static func root(from path: String) -> String {
        String(repeating: "../", count: path.split(separator: "/").count - 1)
    }

    /// Percent-encodes each segment of a relative path (spaces, `#`, `?`, non-ASCII), keeping `/`.
    public static func encode(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            var encoded = ""
            for byte in segment.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                     UInt8(ascii: "."), UInt8(ascii: "~"):
                    encoded.unicodeScalars.append(UnicodeScalar(byte))
                default:
                    let hex = String(byte, radix: 16, uppercase: true)
                    encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
                }
            }
            return encoded
        }.joined(separator: "/")
    }
}

/// Short, deterministic number formatting for CSS and attributes.
public enum CSSNumber {
    /// At most `places` decimals, trailing zeros removed: 12.5, 0.33, 160.
    public static func format(_ value: Double, places: Int = 2) -> String {
        let scale = (0..<places).reduce(1) { result, _ in result * 10 }
        let scaled = (value * Double(scale)).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return "0" }
        let integer = Int(scaled)
        let sign = integer < 0 ? "-" : ""
        let magnitude = abs(integer)
        let whole = magnitude / scale
        var fraction = magnitude % scale
        guard fraction != 0 else { return sign + String(whole) }
        var digits = places
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let text = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - text.count) + text
    }
}
