import Dispatch

/// Calls `transform` for every index of `0..<count` on all cores and returns the results in index
/// order, so the outcome never depends on scheduling.
package func concurrentMap<Result: Sendable>(count: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
    guard count > 1 else { return (0..<count).map(transform) }
    return [Result](unsafeUninitializedCapacity: count) { buffer, initializedCount in
        let slots = Slots(base: buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            (slots.base + index).initialize(to: transform(index))
        }
        initializedCount = count
    }
}

/// The result buffer; each iteration initializes only its own slot, so no two threads share one.
private struct Slots<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
}
