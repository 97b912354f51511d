import Foundation

/// One file of the built site, held in memory until the writer puts it in place.
package struct OutputFile: Sendable, Hashable {
    package enum Contents: Sendable, Hashable {
        case data(Data)
        /// A large generated file made and written piece by piece, in order, so that it is never
        /// whole in memory.
        case pieces(Pieces)
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
        case .copy, .link: nil
        }
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
            for index in 0..<pieces.count { hasher.combine(pieces.piece(index)) }
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
