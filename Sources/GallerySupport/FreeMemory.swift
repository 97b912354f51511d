import CAllocator

/// Gives the allocator's free pages back to the system. A large build frees far more than it
/// keeps (every recipe file's parse, every page's text), and glibc holds freed memory between
/// live allocations; without this the resident size keeps the high-water mark of everything
/// ever freed. Cheap next to the work between calls: a few milliseconds for a heap of 100 MB.
package enum FreeMemory {
    package static func release() {
        gg_release_free_memory()
    }

    /// Runs `body` while the allocator keeps the memory freed for reuse instead of handing it back
    /// soon after (`gg_begin_holding_free_memory`), then lets it hand back what it held: around
    /// work that frees and allocates again buffers of megabytes, such as processing pictures.
    /// When `condition` is false `body` runs without a hold.
    package static func holding<Result>(if condition: Bool = true, _ body: () throws -> Result) rethrows -> Result {
        guard condition else { return try body() }
        gg_begin_holding_free_memory()
        defer { gg_end_holding_free_memory() }
        return try body()
    }

    /// Inside `holding`, between two pieces of work of a thread: lets the allocator reuse what the
    /// calling thread freed (`gg_tidy_held_memory`) before taking more.
    package static func tidy() {
        gg_tidy_held_memory()
    }

    /// How many tidies have been asked for in this process.
    package static var tidies: Int { gg_held_memory_tidies() }

    /// How many holds have begun in this process, and whether one is open now.
    package static var holdsBegun: Int { gg_free_memory_holds_begun() }
    package static var isHeld: Bool { gg_free_memory_holds_open() > 0 }
}
