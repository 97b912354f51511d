/// The bytes one render writes, in memory of its own that it grows by doubling: appending a
/// piece is a bounds check and a copy. A render appends a few thousand short pieces per page
/// (text between tags, each value, each escaped run), and `Array.append(contentsOf:)` spent about
/// thirty instructions on each besides the copy, checking that its buffer was not shared
/// (issue 37). Not copyable: one owner frees the memory, once.
struct RenderOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are held (written and not yet drained).
    private(set) var count = 0
    /// Where a streamed render's bytes go once `drainSize` of them are held (`drainIfFull`); nil:
    /// everything is held until the render ends.
    var drain: ((UnsafeBufferPointer<UInt8>) -> Void)?
    /// The bytes handed to `drain` so far.
    private(set) var drained = 0
    /// How many bytes have been written in all, drained or held.
    var written: Int { drained + count }
    /// A streamed render holds about this much before handing it on: a printed cookbook of
    /// thousands of recipes is megabytes, and held whole (with its copy for the file) on each
    /// rendering thread it was most of the books' share of a build's peak memory (issue 37).
    static var drainSize: Int { 64 * 1024 }

    init(capacity: Int) {
        self.capacity = max(capacity, 256)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    /// Appends `text`'s UTF-8.
    @inline(__always)
    mutating func append(_ text: String) {
        // Read in place where the string is one buffer (a native or small string): a mutable copy
        // for `withUTF8` retained and released it for each of a page's values (issue 37).
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends `text`'s UTF-8 with `&<>"'` escaped for HTML, as `escapeHTML` writes them.
    mutating func appendEscapingHTML(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes in escapingHTML(bytes) { append($0) } }) != nil { return }
        var text = text
        text.withUTF8 { bytes in
            escapingHTML(bytes) { append($0) }
        }
    }

    /// Appends everything written to `output`.
    func copy(to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    /// Gives up everything written: the caller owns it now and deallocates it
    /// (`UnsafeMutableBufferPointer.deallocate()`), or hands it to an owner that will. The output
    /// is left empty, with room of its own.
    mutating func takeBytes() -> UnsafeMutableBufferPointer<UInt8> {
        let taken = UnsafeMutableBufferPointer(start: base, count: count)
        capacity = 256
        base = .allocate(capacity: capacity)
        count = 0
        return taken
    }

    /// Appends `bytes[range]` (a piece of a recorded pass, `PassRecording`).
    mutating func append(_ bytes: [UInt8], _ range: Range<Int>) {
        bytes.withUnsafeBufferPointer { all in append(UnsafeBufferPointer(rebasing: all[range])) }
    }

    /// The bytes written from `start` on (a recorded pass, `PassRecording`).
    func bytes(from start: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    /// Hands what is held to `drain`, if there is one and it holds `drainSize` bytes. Called
    /// only where nothing written may still be taken back (`truncate`): between passes, never
    /// inside a pass being recorded.
    @inline(__always)
    mutating func drainIfFull() {
        guard count >= Self.drainSize, drain != nil else { return }
        drainAll()
    }

    /// Hands everything held to `drain` (the end of a streamed render).
    mutating func drainAll() {
        guard let drain, count > 0 else { return }
        drain(UnsafeBufferPointer(start: base, count: count))
        drained += count
        count = 0
    }

    /// Forgets the bytes written from `start` on.
    mutating func truncate(to start: Int) {
        count = min(count, start)
    }

    private mutating func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
