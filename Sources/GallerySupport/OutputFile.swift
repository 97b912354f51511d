import Foundation
import Synchronization

/// One file of the built site, held in memory until the writer puts it in place.
package struct OutputFile: Sendable, Hashable {
    package enum Contents: Sendable, Hashable {
        case data(Data)
        /// A large generated file made and written piece by piece, in order, so that it is never
        /// whole in memory.
        case pieces(Pieces)
        /// A large page rendered as it is written, handed on a piece at a time (`Stream`), so
        /// that it is never whole in memory.
        case stream(Stream)
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
        case .pieces(let pieces): pieces.joined
        case .stream(let stream): stream.joined
        case .copy, .link: nil
        }
    }

    /// Whether the file is made as it is written (`Stream`).
    package var isStreamed: Bool {
        if case .stream = contents { true } else { false }
    }

    /// The file with a stream's bytes made and held (`Stream.joined`): what a caller keeping
    /// the files in memory takes, so that it makes each stream once.
    package var inMemory: OutputFile {
        guard case .stream(let stream) = contents else { return self }
        return OutputFile(path: path, contents: .data(stream.joined))
    }

    /// The bytes of a file held in memory; 0 for one made piece by piece or copied.
    package var byteCount: Int {
        if case .data(let data) = contents { data.count } else { 0 }
    }

    package init(path: String, text: String) {
        self.init(path: path, contents: .data(Data(text.utf8)))
    }
}

extension OutputFile {
    /// A file's bytes as `count` pieces, each made when the writer asks for it: a site's search
    /// index or sitemap grows with its recipes, and only one piece of it is ever held.
    package struct Pieces: Sendable, Hashable {
        package let count: Int
        private let make: @Sendable (Int) -> Data

        /// Pieces `make(0)`, `make(1)`, … `make(count - 1)`, in that order.
        package init(count: Int, make: @escaping @Sendable (Int) -> Data) {
            self.count = count
            self.make = make
        }

        package init(_ pieces: [Data]) {
            self.init(count: pieces.count) { pieces[$0] }
        }

        /// Piece `index`, made now.
        package func piece(_ index: Int) -> Data {
            make(index)
        }

        /// Every piece in one buffer (tests and small files).
        package var joined: Data {
            (0..<count).reduce(into: Data()) { $0.append(make($1)) }
        }

        package static func == (a: Pieces, b: Pieces) -> Bool {
            a.joined == b.joined
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(joined)
        }
    }
}

extension OutputFile {
    /// A file's bytes made while they are written: `make` hands them to its sink in order, a
    /// piece at a time. Making them may fail (a template error in the middle of a page): the
    /// writer then has a part of the file, and the failure is kept here for the maker's caller
    /// to report (`failure`) as it would a file that could not be made at all.
    ///
    /// A stream is the making of a file, not its bytes: two are equal only when they are the same
    /// stream, and nothing but writing it (or `joined`, asked for by name) makes its bytes. Equal
    /// bytes would mean rendering a whole book twice to compare or hash it; what a streamed page
    /// is made from is fingerprinted by its maker (`PageKind.fingerprint`), never by its bytes.
    package final class Stream: Sendable, Hashable {
        private let make: @Sendable ((UnsafeBufferPointer<UInt8>) -> Void) throws -> Void
        private let failed = Mutex<(any Error)?>(nil)

        package init(_ make: @escaping @Sendable (_ sink: (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void) {
            self.make = make
        }

        /// Makes the bytes, handing each piece to `sink` as it is made; a failure to make them
        /// ends the stream and is kept in `failure`.
        package func write(to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
            do {
                try make(sink)
            } catch {
                failed.withLock { if $0 == nil { $0 = error } }
            }
        }

        /// Why making the bytes failed, if it did.
        package var failure: (any Error)? { failed.withLock { $0 } }

        /// Every byte in one buffer (tests and callers keeping the files in memory).
        package var joined: Data {
            var data = Data()
            write { data.append($0) }
            return data
        }

        package static func == (a: Stream, b: Stream) -> Bool {
            a === b
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(self))
        }
    }
}

extension OutputFile.Contents {
    /// What the file will hold, for an incremental build to tell whether to write it again: the
    /// bytes, or for a copied file its path, size, modification time and inode (reading every
    /// picture again on each save would cost more than copying the few that changed). A stream
    /// has none: its bytes are known only once it is written, and its maker fingerprints what it
    /// is made from (`PageKind.fingerprint`); asking for one is a programming error.
    package var fingerprint: Fingerprint {
        var hasher = FingerprintHasher("contents")
        switch self {
        case .data(let data):
            hasher.combine(data)
        case .pieces(let pieces):
            for index in 0..<pieces.count { hasher.combine(pieces.piece(index)) }
        case .stream:
            preconditionFailure("a streamed file is fingerprinted by its maker (PageKind.fingerprint), not by making its bytes")
        case .copy(let url):
            hasher.combine("copy")
            Self.combineIdentity(of: url, into: &hasher)
        case .link(let url):
            hasher.combine("link")
            Self.combineIdentity(of: url, into: &hasher)
        }
        return hasher.finalize()
    }

    private static func combineIdentity(of url: URL, into hasher: inout FingerprintHasher) {
        hasher.combine(url.path)
        var info = stat()
        guard stat(url.path, &info) == 0 else { return }
        hasher.combine(Int(info.st_size))
        hasher.combine(Int(info.st_mtim.tv_sec))
        hasher.combine(Int(info.st_mtim.tv_nsec))
        hasher.combine(Int(info.st_ino))
        hasher.combine(Int(info.st_dev))
    }
}
