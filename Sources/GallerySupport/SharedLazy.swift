import Synchronization

/// A value made on first use by whichever thread asks first, then shared by every copy of the
/// value type that holds it (a `PageRenderer` is copied per language and per build step, and its
/// page kinds ask from every core at once).
package final class SharedLazy<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    package init() {}

    /// The value, made by `make` the first time.
    package func get(_ make: () -> Value) -> Value {
        value.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }
}
