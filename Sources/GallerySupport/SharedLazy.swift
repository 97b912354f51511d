import Synchronization

/// A value made on first use by whichever thread asks first, then shared by every copy of the
/// value type that holds it (a `PageRenderer` is copied per language and per build step, and its
/// page kinds ask from every core at once).
public final class SharedLazy<Value: Sendable>: Sendable {
    @usableFromInline let value = Mutex<Value?>(nil)

    package init() {}

    /// The value, made by `make` the first time. Public and inlinable (the class is public for
    /// this alone), so that each caller's copy is made for its own `Value`: called across the
    /// module boundary, a generic `get` looked up the metadata of `Value?` and of its mutex on
    /// every call, some 1,400 instructions, twelve thousand times in the render of 1,000 recipes
    /// (issue 37). The compiler kept an `@inlinable package` function a call.
    @inlinable
    public func get(_ make: () -> Value) -> Value {
        value.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }
}
