import Synchronization

/// What worker threads hand over, each value at its position in the input, read back in input
/// order once the work is done: rendered pages, per-file failures, per-image messages. Reading by
/// position, never by arrival, keeps output and messages independent of scheduling.
package final class ResultsByPosition<Value: Sendable>: Sendable {
    private let values = Mutex<[Int: Value]>([:])

    package init() {}

    /// Records `value` for `position` (from any thread; a later value for the same position wins).
    package func set(_ value: Value, at position: Int) {
        values.withLock { $0[position] = value }
    }

    /// The values in position order.
    package var inOrder: [Value] {
        values.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// The value at the lowest position, if any: the failure to report when several threads failed.
    package var first: Value? {
        values.withLock { $0.min { $0.key < $1.key }?.value }
    }

    /// The value for each position in `0..<count`, nil where none was set.
    package func slots(_ count: Int) -> [Value?] {
        values.withLock { values in (0..<count).map { values[$0] } }
    }

    var count: Int { values.withLock { $0.count } }
}
