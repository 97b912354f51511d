import Testing
@testable import GalleryRender
@testable import GallerySupport

/// The gallery style's output buffer (`ByteBuffer`): the bytes appended, in order, whatever the
/// growth on the way; a number written in place is the same text as `CSSNumber` writes.
@Suite struct ByteBufferTests {
    @Test func keepsEveryByteInOrderAcrossGrowth() {
        let buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for index in 0..<5_000 {
            switch index % 4 {
            case 0:
                buffer.append(UInt8(truncatingIfNeeded: index))
                expected.append(UInt8(truncatingIfNeeded: index))
            case 1:
                buffer.append("--x")
                expected += "--x".utf8
            case 2:
                buffer.append("a literal longer than eight bytes;")
                expected += "a literal longer than eight bytes;".utf8
            default:
                buffer.append(contentsOf: "é \(index)")
                expected += "é \(index)".utf8
            }
        }
        #expect(Array(buffer.bytes) == expected)
        #expect(buffer.count == expected.count)
        buffer.removeAll()
        #expect(buffer.isEmpty)
        buffer.append("after")
        #expect(buffer.string == "after")
    }

    @Test func copiesARangeOfItselfWhileGrowing() {
        let buffer = ByteBuffer(capacity: 16)
        buffer.append("0123456789abcdef")
        // Full: the append must grow the buffer, moving the bytes it copies from.
        buffer.append(buffer, range: 4..<12)
        buffer.append(buffer)
        #expect(buffer.string == "0123456789abcdef456789ab0123456789abcdef456789ab")
    }

    @Test func writesNumbersLikeCSSNumber() {
        let samples = [0, 1, -1, 10, 105, -1_050, 123_456, Int.max, Int.min, Int.min + 1]
        for places in 0...4 {
            for scaled in samples {
                // A one-byte buffer: every number needs room made for it first.
                let buffer = ByteBuffer(capacity: 1)
                buffer.append(scaled: scaled, places: places)
                var bytes: [UInt8] = []
                CSSNumber.write(scaled: scaled, places: places, to: &bytes)
                #expect(buffer.string == String(decoding: bytes, as: UTF8.self), "\(scaled) with \(places) places")
                #expect(buffer.string == CSSNumberTests.expected(scaled: scaled, places: places), "\(scaled) with \(places) places")
            }
        }
        let buffer = ByteBuffer()
        buffer.append(12.345, places: 2)
        #expect(buffer.string == CSSNumber.format(12.345, places: 2))
    }
}
