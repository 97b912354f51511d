import Foundation

/// Reads the files of a site folder (recipes, site.yml, templates, pictures, an imported property
/// list) without ever blocking on one that is not a regular file: a named pipe (FIFO) would block
/// `open` until some writer came, a device could be endless. The file is opened with
/// `O_NONBLOCK`, which returns at once for a pipe, and then checked with `fstat` (no race between
/// the check and the read: both look at the same open file).
package enum SiteFile {
    package enum Failure: Error, Sendable, Equatable {
        /// Nothing at that path (or a symbolic link that leads nowhere).
        case notFound
        /// Something that is not a regular file; `kind` says what ("a named pipe (FIFO)").
        case notRegular(kind: String)
        /// The file exists but cannot be opened or read; `reason` is the system's word for it.
        case unreadable(reason: String)
        /// A symbolic link, met by a read that does not follow one (`read(atPath:upTo:followingLinks:)`).
        case symbolicLink

        /// What went wrong, to follow the file's name: "is a named pipe (FIFO), not a regular file".
        package var message: String {
            switch self {
            case .notFound: "does not exist"
            case .notRegular(let kind): "is \(kind), not a regular file"
            case .unreadable(let reason): "cannot be read (\(reason))"
            case .symbolicLink: "is a symbolic link"
            }
        }
    }

    /// The bytes of the regular file at `url`, at most `limit` of them when one is given.
    package static func read(_ url: URL, upTo limit: Int? = nil) throws(Failure) -> Data {
        try read(atPath: url.path, upTo: limit)
    }

    /// The bytes of the regular file at `path` (`read(_:upTo:)` for a path already in hand: a
    /// URL's `path` is worked out anew at each call). Not `followingLinks`, a file that is a
    /// symbolic link is not opened (`Failure.symbolicLink`), for a caller that then checks where
    /// it leads, without an `lstat` of every file that is not one.
    /// With `folder`, `path` is relative to that open folder (`openat`): walked from it, not from
    /// `/` through every folder above it again (issue 37).
    package static func read(atPath path: String, in folder: FolderDescriptor? = nil, upTo limit: Int? = nil,
                             followingLinks: Bool = true) throws(Failure) -> Data {
        let (descriptor, expected) = try open(path, in: folder, followingLinks: followingLinks)
        defer { close(descriptor) }
        let wanted = limit.map { min($0, max(expected, 0)) } ?? max(expected, 0)
        var data = Data(capacity: wanted)
        // Read through an uninitialised buffer the size of the file (and one byte more, to see
        // the end in one read), at most 64 KB: a zero-filled 64 KB buffer per file cost more than
        // reading a recipe (issue 37).
        let size = min(64 * 1024, max(wanted + 1, 256))
        try withUnsafeTemporaryAllocation(byteCount: size, alignment: 16) { (buffer) throws(Failure) -> Void in
            while limit.map({ data.count < $0 }) ?? true {
                let chunk = limit.map { min(size, $0 - data.count) } ?? size
                let count = Glibc.read(descriptor, buffer.baseAddress, chunk)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .unreadable(reason: String(cString: strerror(errno)))
                }
                if count == 0 { break }
                data.append(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
                // Short of what was asked with the size `fstat` gave: the end of a regular file,
                // which a read past it would only confirm (a `read` a file, 10,000 calls at 10,000
                // recipes; issue 37). A file that grew since gives more and is read on.
                if count < chunk && data.count == expected { break }
            }
        }
        return data
    }

    /// Checks, without reading it, that `url` is a regular file that can be opened for reading.
    package static func checkRegularFile(_ url: URL) throws(Failure) {
        close(try open(url.path).descriptor)
    }

    /// Opens a regular file for reading, refusing anything else before a read could block, and
    /// gives its size as it was opened. The file stays non-blocking, which changes nothing for a
    /// regular file: clearing the flag cost two `fcntl` calls a file (issue 37). `path` is relative
    /// to `folder` when one is given.
    private static func open(_ path: String, in folder: FolderDescriptor? = nil,
                             followingLinks: Bool = true) throws(Failure) -> (descriptor: Int32, size: Int) {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        let descriptor = folder.map { openat($0.descriptor, path, flags) } ?? Glibc.open(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound }
            if code == ELOOP, !followingLinks { throw .symbolicLink }
            // A socket cannot be opened at all (ENXIO): say what it is rather than why open failed.
            var info = stat()
            if fstatat(folder?.descriptor ?? AT_FDCWD, path, &info, 0) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw .notRegular(kind: kindName(info.st_mode & S_IFMT))
            }
            throw .unreadable(reason: String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(reason: reason)
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(descriptor)
            throw .notRegular(kind: kindName(type))
        }
        return (descriptor, max(Int(info.st_size), 0))
    }

    private static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        default: "a special file"
        }
    }
}
