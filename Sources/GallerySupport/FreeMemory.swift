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
    package static func holding<Result>(_ body: () throws -> Result) rethrows -> Result {
        gg_begin_holding_free_memory()
        defer { gg_end_holding_free_memory() }
        return try body()
    }

    /// How many holds have begun in this process, and whether one is open now.
    package static var holdsBegun: Int { gg_free_memory_holds_begun() }
    package static var isHeld: Bool { gg_free_memory_holds_open() > 0 }
}
