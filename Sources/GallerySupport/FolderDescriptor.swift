import Foundation

/// A folder held open for the files a build reads or writes in it (`openat`, `mkdirat`): a path
/// relative to it is walked from the folder, not from `/` through every folder above it again
/// (issue 37: walking the paths was 3% of a 10,000-recipe build). Closed when the last holder
/// lets it go. Held for one build at most: a folder renamed or replaced since would still be the
/// one it names.
package final class FolderDescriptor: Sendable {
    /// The open folder, for the `*at` calls.
    package let descriptor: Int32

    /// Opens the folder at `path`; nil when it cannot be opened as a folder. A symbolic link is
    /// followed unless `followingLinks` is false, as a path through it would be.
    package init?(path: String, followingLinks: Bool = true) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
