import GallerySupport

/// The text of the numbers a gallery's style wrote lately, by value (`CSSNumber.scaled`), in a
/// table that a newer number overwrites. A page's values repeat from state to state (a grid's
/// columns in every chip: seven of ten on the benchmark's gallery), and storing eight remembered
/// bytes at once costs a fraction of writing the digits again (issue 37).
///
/// Not `Sendable`: one lives inside one build of one page's style.
final class NumberTexts {
    private struct Entry {
        var value: Int
        /// -1 in an empty entry, which no number matches.
        var places: Int
        /// The text's bytes, the first one lowest; only texts of at most 8 bytes are kept.
        var text: UInt64
        var count: Int
    }

    private static let size = 1024
    private let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: Self.size)
        entries.initialize(repeating: Entry(value: 0, places: -1, text: 0, count: 0), count: Self.size)
    }

    deinit { entries.deallocate() }

    /// Appends the text of `value` with `places` decimals (`CSSNumber.write(scaled:places:into:)`)
    /// to `output`.
    @inline(__always)
    func write(scaled value: Int, places: Int, to output: ByteBuffer) {
        let hash = (UInt(bitPattern: value) &* 8 &+ UInt(places)) &* 0x9E37_79B9_7F4A_7C15
        let entry = entries + Int(truncatingIfNeeded: hash >> 54)
        if entry.pointee.value == value, entry.pointee.places == places {
            output.append(word: entry.pointee.text, count: entry.pointee.count)
            return
        }
        let start = output.count
        output.append(scaled: value, places: places)
        let count = output.count - start
        guard count <= 8 else { return }
        var text: UInt64 = 0
        for offset in 0..<count { text |= UInt64(output.start[start + offset]) << (8 * UInt64(offset)) }
        entry.pointee = Entry(value: value, places: places, text: text, count: count)
    }
}
