import GallerySupport

/// A growable run of UTF-8 bytes that one writer appends to: the gallery's style writes millions
/// of small pieces (a byte, a property name, a number), and an `[UInt8]` checks on every append
/// that its storage is unshared, and grows by copying when full. This buffer is never shared
/// (a reference, not a value: `[ByteBuffer]` keeps one per element without copying it), so an
/// append only checks the capacity, and a number is written straight into its storage (issue 37).
///
/// Not `Sendable`: a buffer lives inside one build of one page's style.
final class ByteBuffer {
    /// The bytes so far are `start[0..<count]`; there is room for `capacity`.
    private(set) var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The bytes so far, valid until the next append.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    var isEmpty: Bool { count == 0 }

    /// The bytes as text.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if capacity &- count < extra { grow(extra) }
    }

    /// Doubles the room (at least), copying the bytes once; rare, so kept out of the appends.
    @inline(never)
    private func grow(_ extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count &+= 1
    }

    /// Appends a literal's UTF-8 bytes; a short one (a CSS name) byte by byte, not through a copy call.
    @inline(__always)
    func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends `count` bytes from `source`, which must not point into this buffer.
    @inline(__always)
    func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        let end = start + count
        if length <= 8 {
            for offset in 0..<length { end[offset] = source[offset] }
        } else {
            end.initialize(from: source, count: length)
        }
        count &+= length
    }

    /// Appends bytes `range` of `other` (which may be this buffer).
    @inline(__always)
    func append(_ other: ByteBuffer, range: Range<Int>) {
        // Room first: growing this buffer moves its bytes, which `other` may be.
        reserve(range.count)
        append(other.start + range.lowerBound, count: range.count)
    }

    /// Appends all of `other`'s bytes.
    @inline(__always)
    func append(_ other: ByteBuffer) {
        append(other, range: 0..<other.count)
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { if let base = $0.baseAddress { append(base, count: $0.count) } }
    }

    /// Appends a String's UTF-8 bytes. Labelled, so that a literal (`append("--")`) takes the
    /// `StaticString` path, which Swift's preference for `String` literals would otherwise pass by.
    func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { if let base = $0.baseAddress { append(base, count: $0.count) } }
    }

    /// Appends `CSSNumber.format(value, places:)`.
    func append(_ value: Double, places: Int) {
        append(scaled: CSSNumber.scaled(value, places: places), places: places)
    }

    /// Appends the first `length` (at most 8) bytes of `word`, whose first byte is its lowest:
    /// one store, not a copy byte by byte.
    @inline(__always)
    func append(word: UInt64, count length: Int) {
        reserve(8)
        UnsafeMutableRawPointer(start + count).storeBytes(of: word.littleEndian, as: UInt64.self)
        count &+= length
    }

    /// Forgets the bytes, keeping the room for the next ones.
    func removeAll() { count = 0 }

    /// Appends the text of a `CSSNumber.scaled(_:places:)` value, written in place.
    @inline(__always)
    func append(scaled number: Int, places: Int) {
        reserve(CSSNumber.longestText(places: places))
        count &+= CSSNumber.write(scaled: number, places: places, into: start + count)
    }
}
