import CAllocator

/// The allocator that serves malloc in this process, as the executable recorded it (`CAllocator`):
/// mimalloc in gallerygen, glibc's in a program that embeds the library and links none.
package enum Allocator {
    /// Its name and version, "mimalloc 2.0.9" or "glibc 2.36", as `gallerygen --version` prints it.
    package static var description: String {
        "\(String(cString: gg_allocator_name())) \(String(cString: gg_allocator_version()))"
    }
}
