import Testing
@testable import GalleryRender
@testable import GallerySupport

/// The gallery style's remembered number texts (`NumberTexts`): whatever it remembers or
/// overwrites, it writes what `CSSNumber` writes.
@Suite struct NumberTextsTests {
    /// Values written again and again, colliding in its table, of every length (longer than the
    /// eight bytes it keeps, negative, zero) and decimal places, come out as `CSSNumber` writes them.
    @Test func writesWhatCSSNumberWrites() {
        let numbers = NumberTexts()
        let output = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        let values = [0, 1, -1, 5, 10, 275, -798, 12_345, 1_000_000, -99_999_999, 123_456_789_012, Int(9e15) - 1, -Int(9e15) + 1]
            + (0..<3_000).map { ($0 &* 7_919) % 20_011 - 10_000 }
        for round in 0..<3 {
            for (index, value) in values.enumerated() {
                let places = (index + round) % 4
                numbers.write(scaled: value, places: places, to: output)
                CSSNumber.write(scaled: value, places: places, to: &expected)
                output.append(UInt8(ascii: ";"))
                expected.append(UInt8(ascii: ";"))
            }
        }
        #expect(Array(output.bytes) == expected)
    }

    /// A whole word's store at the end writes only the text's bytes: what follows overwrites the rest.
    @Test func aWordAppendKeepsOnlyItsCount() {
        let output = ByteBuffer(capacity: 2)
        output.append(word: 0x4847_4645_4443_4241, count: 3)
        output.append("z")
        #expect(output.string == "ABCz")
    }
}
