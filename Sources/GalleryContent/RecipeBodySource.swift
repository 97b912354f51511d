import Foundation
import GallerySupport

/// Where a recipe's Markdown body lies in its file, as the load step read it: the bytes from
/// `start` to the file's end (`count` of them), which had `checksum` (`RecipeBody.checksum`).
/// The file's own bytes, not its decoded text: a body is read back with one `pread` and no
/// decoding of the front matter before it.
package struct RecipeBodyPlace: Sendable, Hashable {
    package var start: UInt32
    package var count: UInt32
    package var checksum: UInt64

    package init(start: UInt32, count: UInt32, checksum: UInt64) {
        self.start = start
        self.count = count
        self.checksum = checksum
    }

    /// The place of `body`, the last `body.utf8.count` bytes of `text`, in `data`, the file's
    /// bytes that `SourceText.decode` made `text` of (a byte-order mark dropped, CRLF made LF);
    /// nil for a file too large to describe in 32 bits, whose body is then held.
    package init?(body: String, in text: String, of data: Data) {
        let decodedStart = text.utf8.count - body.utf8.count
        let fileStart = data.withUnsafeBytes { Self.fileOffset(ofDecoded: decodedStart, in: $0) }
        guard let start = UInt32(exactly: fileStart), let count = UInt32(exactly: data.count - fileStart) else { return nil }
        self.start = start
        self.count = count
        checksum = data.withUnsafeBytes { file in
            file.withMemoryRebound(to: UInt8.self) { RecipeBody.checksum(UnsafeBufferPointer(rebasing: $0[fileStart...])) }
        }
    }

    /// The byte of `file` that `SourceText.decode` turned into byte `offset` of its text: past a
    /// byte-order mark, each CRLF counted as the one LF it became.
    static func fileOffset(ofDecoded offset: Int, in file: UnsafeRawBufferPointer) -> Int {
        let mark = file.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // Most files have no CR: their text is their bytes.
        guard let base = file.baseAddress, memchr(base, 0x0D, file.count) != nil else {
            return mark + offset
        }
        var position = mark
        var decoded = 0
        while decoded < offset, position < file.count {
            position += file[position] == 0x0D && position + 1 < file.count && file[position + 1] == 0x0A ? 2 : 1
            decoded += 1
        }
        return position
    }
}

/// The load step's reader of the recipe bodies it did not hold (`HeldRecipeBodies`): each is read
/// back from its place in its file (`RecipeBodyPlace`) with one `pread`, its checksum proving it
/// is the text that was validated, by the steps that need it (the search index, the recipe's page,
/// its books, the feed). It knows the site folder and how diagnostics name it, nothing more: no
/// later step reads the folder through the loader again.
package struct RecipeBodySource: Sendable {
    /// The site folder's path, ending in `/`.
    let directory: String
    /// How diagnostics name the site folder (`ContentLoader.displayRoot`).
    let displayRoot: String
    /// The site folder opened for one build (`openingFolder()`), which bodies are read from;
    /// nil: by their whole path.
    private(set) var folder: FolderDescriptor?

    package init(siteDirectory: URL, displayRoot: String) {
        directory = siteDirectory.path.endingInSlash
        self.displayRoot = displayRoot
    }

    /// This source reading each body relative to the site folder, opened now (or by its whole
    /// path, as before, when the folder cannot be opened): `recipes/x.md` is walked from the
    /// folder, not from `/` again, 27,000 times at 10,000 recipes (issue 37). For one build:
    /// `serve` keeps its site without it, so a folder renamed or replaced between rebuilds is
    /// opened anew.
    package func openingFolder() -> RecipeBodySource {
        var source = self
        source.folder = FolderDescriptor(path: directory)
        return source
    }

    /// How diagnostics name the site file at `relative`.
    package func displayPath(_ relative: String) -> String {
        ContentLoader.displayPath(relative, root: displayRoot)
    }

    /// `recipe`'s body: held, or read back from `place` in the file. A file changed or removed
    /// since the site was read is an error at the file, never another text. The file was inside
    /// the site folder when it was read; a link changed since cannot bring in other text, whose
    /// checksum would differ.
    package func text(of recipe: Recipe) throws(Diagnostic) -> String {
        switch recipe.body {
        case .text(let text):
            return text
        case .file(let place):
            return try read(place, of: recipe.sourcePath)
        }
    }

    /// The body at `place` in the site file `relative`.
    func read(_ place: RecipeBodyPlace, of relative: String) throws(Diagnostic) -> String {
        let path = displayPath(relative)
        let changed = Diagnostic.error("the recipe changed while the site was being built; build again", path: path)
        // Non-blocking: whatever the path names now (a pipe, say), opening it does not wait.
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        let descriptor = folder.map { openat($0.descriptor, relative, flags) } ?? open(directory + relative, flags)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw .error("the recipe was removed while the site was being built; build again", path: path)
            }
            throw .error("the recipe cannot be read again (\(String(cString: strerror(code))))", path: path)
        }
        defer { close(descriptor) }
        // No `fstat`: one byte more than the body is asked for, so a longer file shows itself,
        // and a shorter one reads short; the checksum below tells other text of the same length.
        // Anything that is no longer a regular file fails the read (a folder: EISDIR; a pipe:
        // ESPIPE). One `open`, one `pread`, one `close` a body: the `fstat` was a quarter of
        // the system calls of a body read again, 27,000 of them at 10,000 recipes (issue 37).
        let count = Int(place.count)
        var failure: Int32 = 0
        var longer = false
        let text = String(unsafeUninitializedCapacity: count + 1) { buffer in
            var initialized = 0
            // At least once: an empty body asks for its one byte more too.
            while true {
                let read = pread(descriptor, buffer.baseAddress! + initialized, count + 1 - initialized, off_t(Int(place.start) + initialized))
                if read < 0 && errno == EINTR { continue }
                if read <= 0 {
                    failure = read < 0 ? errno : 0
                    break
                }
                initialized += read
                if initialized >= count { break }
            }
            longer = initialized > count
            return min(initialized, count)
        }
        if failure == EISDIR || failure == ESPIPE || failure == EINVAL || longer { throw changed }
        if failure != 0 { throw .error("the recipe cannot be read again (\(String(cString: strerror(failure))))", path: path) }
        // The bytes were validated as UTF-8 when the site was read: the same bytes are the same text.
        guard text.utf8.count == count, RecipeBody.checksum(text.utf8) == place.checksum else { throw changed }
        // Line ends become "\n" as `SourceText.decode` makes them.
        return !text.containsByte(0x0D)
            ? text : text.replacingOccurrences(of: "\r\n", with: "\n")
    }
}
