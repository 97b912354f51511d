import Synchronization

/// The byte buffers pages are rendered into, lent to one page at a time and kept, emptied, for the
/// next: as many exist as pages are rendered at once (one per rendering thread), so a page is
/// written into room an earlier page made instead of a buffer grown from nothing by doubling
/// (each growth a copy; issue 37). A buffer grown past `largest` by an outsized page is let go
/// rather than kept, so a build's memory does not stay at its largest page's size per thread.
final class RenderBuffers: Sendable {
    private let spare = Mutex<[[UInt8]]>([])
    /// What a new buffer starts with: more than most recipe pages need.
    static let initialCapacity = 64 * 1024
    static let largest = 4 * 1024 * 1024

    /// Calls `body` with an empty buffer (`removeAll(keepingCapacity:)` since its last use).
    func withBuffer<Result>(_ body: (inout [UInt8]) throws -> Result) rethrows -> Result {
        var buffer = spare.withLock { $0.popLast() } ?? []
        if buffer.capacity == 0 { buffer.reserveCapacity(Self.initialCapacity) }
        defer {
            if buffer.capacity <= Self.largest {
                buffer.removeAll(keepingCapacity: true)
                spare.withLock { [buffer] spare in spare.append(buffer) }
            }
        }
        return try body(&buffer)
    }
}
