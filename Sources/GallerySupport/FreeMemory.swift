import CAllocator

/// Gives the allocator's free pages back to the system. A large build frees far more than it
/// keeps (every recipe file's parse, every page's text), and glibc holds freed memory between
/// live allocations; without this the resident size keeps the high-water mark of everything
/// ever freed. Cheap next to the work between calls: a few milliseconds for a heap of 100 MB.
package enum FreeMemory {
    package static func release() {
        gg_release_free_memory()
    }
}
