import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GalleryRender
import GallerySupport

/// The marker `.gallerygen-output`: which files of the output folder gallerygen wrote, one
/// relative path per line, sorted, after a comment header. Everything else is the user's.
enum OutputManifest {
    static let header = "# gallerygen output"

    /// What gallerygen owns in an output folder.
    enum Ownership: Sendable, Equatable {
        /// The files the manifest lists.
        case files(OwnedFiles)
        /// A marker from before manifests: every entry except dot-entries (`.git`) and `CNAME`.
        case legacy

        /// Whether the top-level entry `name` belongs to gallerygen's previous build.
        func owns(topLevel name: String) -> Bool {
            if name == OutputWriter.markerName { return true }
            switch self {
            case .legacy: return !name.hasPrefix(".") && name != "CNAME"
            case .files(let paths): return paths.hasTopLevel(name)
            }
        }
    }

    /// The marker's text for these paths (sorted).
    static func text(_ paths: [String]) -> String {
        String(decoding: pieces(lines: lines(paths)).joined, as: UTF8.self)
    }

    /// Bytes per piece of the marker's list.
    static let pieceSize = 256 * 1024

    /// Paths, each ended by a line feed, as the marker lists them.
    static func lines(_ paths: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for path in paths {
            bytes += path.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// Whether path `a` sorts before `b` as `String` sorts them (a marker lists its paths in that
    /// order), comparing bytes when both are ASCII, where the two orders agree.
    static func pathOrder(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.allSatisfy({ $0 < 0x80 }) && b.allSatisfy({ $0 < 0x80 }) {
            let common = min(a.count, b.count)
            let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
            return order != 0 ? order < 0 : a.count < b.count
        }
        return String(decoding: a, as: UTF8.self) < String(decoding: b, as: UTF8.self)
    }

    /// The marker's text for the sorted paths `lines` (each ended by a line feed), then `trailer`,
    /// written piece by piece: a large site's list of files is never one string.
    static func pieces(lines: [UInt8], trailer: String = "") -> OutputFile.Pieces {
        let size = pieceSize
        let chunks = (lines.count + size - 1) / size
        return OutputFile.Pieces(count: chunks + 2) { piece in
            if piece == 0 {
                return Data("""
                    \(header): written by gallerygen, which owns the files listed below (one path per line,
                    # relative to this folder) and replaces them on every build. Anything else in this folder
                    # (.git, CNAME, your own files) is left alone.

                    """.utf8)
            }
            if piece == chunks + 1 { return Data(trailer.utf8) }
            return Data(lines[(piece - 1) * size..<min(piece * size, lines.count)])
        }
    }

    /// The ownership the folder's marker records, or nil without a marker.
    static func read(in folder: URL) -> Ownership? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(OutputWriter.markerName).path) else { return nil }
        // The list ends where an incremental build's fingerprints begin (`OutputFingerprints`).
        let list = data.range(of: Data(("\n" + OutputFingerprints.header).utf8)).map { data[..<$0.lowerBound] } ?? data[...]
        let text = String(decoding: list, as: UTF8.self)
        guard text.hasPrefix(header) else { return .legacy }
        return .files(OwnedFiles(text.split(separator: "\n").filter { !$0.hasPrefix("#") }))
    }
}

/// The files a manifest lists, held as 128-bit fingerprints of their paths beside the top-level
/// entries they sit in: the build keeps them from the start to the swap, and at 100,000 recipes
/// the paths themselves held 13 MB all that time, the fingerprints 3 MB.
struct OwnedFiles: Sendable, Equatable {
    private var paths: Set<Fingerprint> = []
    private var topLevel: Set<String> = []

    init(_ list: some Sequence<some StringProtocol>) {
        for path in list {
            paths.insert(Fingerprint(of: path))
            topLevel.insert(String(path.prefix { $0 != "/" }))
        }
    }

    /// How many different paths the manifest lists.
    var count: Int { paths.count }

    func contains(_ path: some StringProtocol) -> Bool { paths.contains(Fingerprint(of: path)) }

    /// Whether a listed file is the top-level entry `name` or sits in it.
    func hasTopLevel(_ name: String) -> Bool { topLevel.contains(name) }

    /// Whether `other`, paths each listed once (a dictionary's keys), are the listed paths.
    func isSame(as other: some Collection<String>) -> Bool {
        other.count == count && other.allSatisfy(contains)
    }
}

/// The swap's journal, `.gallerygen-swap` in the output folder: which top-level entries come in
/// from the staging folder and which owned entries go to the trash. It is written once the
/// staging folder is complete, so a build that finds it can always finish the swap. An
/// incremental build's journal names files instead: each staged file that replaces its namesake
/// (`put`, by an atomic rename) and each file of the previous build that goes (`drop`).
struct SwapJournal: Equatable {
    static let fileName = ".gallerygen-swap"
    static let stagingName = ".gallerygen-staging"
    static let trashName = ".gallerygen-trash"

    var incoming: [String]
    var outgoing: [String]
    /// Paths staged by an incremental build, put in place in this order (the marker last).
    var puts: [String] = []
    /// Paths of the previous build that the new one no longer has.
    var drops: [String] = []

    /// gallerygen's own working entries, never part of a site.
    static func isReserved(_ name: String) -> Bool {
        [fileName, fileName + ".tmp", stagingName, trashName, OutputLock.fileName].contains(name)
    }

    /// Writes the journal atomically (a temporary file, then a rename).
    func write(in folder: URL) throws {
        let text = incoming.sorted().map { "in \($0)\n" }.joined() + outgoing.sorted().map { "out \($0)\n" }.joined()
            + drops.map { "drop \($0)\n" }.joined() + puts.map { "put \($0)\n" }.joined()
        let temporary = folder.appendingPathComponent(Self.fileName + ".tmp").path
        try OutputWriter.writeWithoutSync([Data(text.utf8)], to: temporary)
        guard rename(temporary, folder.appendingPathComponent(Self.fileName).path) == 0 else {
            throw OutputWriter.WriteError(path: temporary, code: errno)
        }
    }

    static func read(in folder: URL) -> SwapJournal? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(fileName).path) else { return nil }
        var journal = SwapJournal(incoming: [], outgoing: [])
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("in ") { journal.incoming.append(String(line.dropFirst(3))) }
            if line.hasPrefix("out ") { journal.outgoing.append(String(line.dropFirst(4))) }
            if line.hasPrefix("put ") { journal.puts.append(String(line.dropFirst(4))) }
            if line.hasPrefix("drop ") { journal.drops.append(String(line.dropFirst(5))) }
        }
        return journal
    }

    /// Moves every entry still to move; safe to run again after a kill at any point. An entry
    /// still in the staging folder has not come in yet, so what the output holds under its name
    /// is the old one. The marker moves last.
    func finish(in folder: URL, checkpoint: (OutputWriter.SwapPhase) -> Void) throws {
        let fileManager = FileManager.default
        let staging = folder.appendingPathComponent(Self.stagingName)
        let trash = folder.appendingPathComponent(Self.trashName)
        try fileManager.createDirectory(at: trash, withIntermediateDirectories: true)
        let marker = OutputWriter.markerName
        let names = Set(incoming).union(outgoing).sorted { ($0 == marker ? 1 : 0, $0) < ($1 == marker ? 1 : 0, $1) }
        let incomingNames = Set(incoming)
        for (index, name) in names.enumerated() {
            if index == names.count / 2 { checkpoint(.midSwap) }
            let target = folder.appendingPathComponent(name)
            let new = staging.appendingPathComponent(name)
            let stillStaged = fileManager.fileExists(atPath: new.path)
            if incomingNames.contains(name), !stillStaged { continue }
            if exists(target.path) {
                let retired = trash.appendingPathComponent(name)
                if exists(retired.path) { try fileManager.removeItem(at: retired) }
                try fileManager.moveItem(at: target, to: retired)
            }
            if incomingNames.contains(name) { try fileManager.moveItem(at: new, to: target) }
        }
        try finishFiles(in: folder, staging: staging, checkpoint: checkpoint)
        checkpoint(.beforeCleanup)
        unlink(folder.appendingPathComponent(Self.fileName).path)
        try? fileManager.removeItem(at: trash)
        try? fileManager.removeItem(at: staging)
    }

    /// An incremental build's part: removes the dropped files (and the folders that leaves empty),
    /// then renames each staged file over its namesake. Each step can run again after a kill: a
    /// file already dropped or put is skipped.
    private func finishFiles(in folder: URL, staging: URL, checkpoint: (OutputWriter.SwapPhase) -> Void) throws {
        let root = folder.path
        for path in drops {
            // Not a folder: a dropped file's path may since have become one that a put fills.
            guard unlink(root + "/" + path) == 0 || errno == ENOENT || errno == EISDIR else {
                throw OutputWriter.WriteError(path: root + "/" + path, code: errno)
            }
            for parent in path.parentFolders {
                guard rmdir(root + "/" + parent) == 0 else { break }
            }
        }
        for (index, path) in puts.enumerated() {
            if index == puts.count / 2 { checkpoint(.midSwap) }
            let staged = staging.path + "/" + path
            guard exists(staged) else { continue }
            for subfolder in path.parentFolders.reversed() where mkdir(root + "/" + subfolder, 0o755) != 0 && errno != EEXIST {
                throw OutputWriter.WriteError(path: root + "/" + subfolder, code: errno)
            }
            guard rename(staged, root + "/" + path) == 0 else { throw OutputWriter.WriteError(path: root + "/" + path, code: errno) }
        }
    }

    /// Whether anything (even a dangling symbolic link) is at `path`.
    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Finishes the swap an interrupted build left half done, saying so in one line.
    static func recover(in folder: URL, displayPath: String, notice: (String) -> Void) throws(Diagnostic) {
        guard let journal = read(in: folder) else { return }
        do {
            try journal.finish(in: folder, checkpoint: { _ in })
        } catch {
            throw .error("cannot finish the swap an interrupted build left half done: \(error.localizedDescription)", path: displayPath)
        }
        notice("\(displayPath): finished putting in place the site an interrupted build had left half moved")
    }

    /// Removes the staging and trash folders of builds that died (the lock is held, so no live
    /// build owns them).
    static func removeLeftovers(in folder: URL) {
        for name in [stagingName, trashName, fileName + ".tmp"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
