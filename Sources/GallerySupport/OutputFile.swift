import Foundation

/// One file of the built site, held in memory until the writer puts it in place.
package struct OutputFile: Sendable, Hashable {
    package enum Contents: Sendable, Hashable {
        case data(Data)
        /// A large generated file written from pieces in order, so it is never joined in memory.
        case pieces([Data])
        /// A file copied byte for byte from the site or theme folder.
        case copy(URL)
        /// A file from gallerygen's own cache, reflinked when the file system allows, else copied;
        /// never hard-linked, so editing the published file cannot change the cache.
        case link(URL)
    }

    /// Path relative to the output folder, with `/` separators.
    package var path: String
    package var contents: Contents

    package init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }

    /// The bytes, joined (for tests and small files).
    package var data: Data? {
        switch contents {
        case .data(let data): data
        case .pieces(let pieces): pieces.reduce(into: Data()) { $0.append($1) }
        case .copy, .link: nil
        }
    }

    package init(path: String, text: String) {
        self.init(path: path, contents: .data(Data(text.utf8)))
    }
}

extension OutputFile.Contents {
    /// What the file will hold, for an incremental build to tell whether to write it again: the
    /// bytes, or for a copied file its path, size, modification time and inode (reading every
    /// picture again on each save would cost more than copying the few that changed).
    package var fingerprint: Fingerprint {
        var hasher = FingerprintHasher("contents")
        switch self {
        case .data(let data):
            hasher.combine(data)
        case .pieces(let pieces):
            for piece in pieces { hasher.combine(piece) }
        case .copy(let url), .link(let url):
            hasher.combine(self == .copy(url) ? "copy" : "link")
            hasher.combine(url.path)
            var info = stat()
            if stat(url.path, &info) == 0 {
                hasher.combine(Int(info.st_size))
                hasher.combine(Int(info.st_mtim.tv_sec))
                hasher.combine(Int(info.st_mtim.tv_nsec))
                hasher.combine(Int(info.st_ino))
                hasher.combine(Int(info.st_dev))
            }
        }
        return hasher.finalize()
    }
}
