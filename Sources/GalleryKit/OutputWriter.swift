import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GalleryRender
import GallerySupport
import Synchronization

/// Puts a built site in place without ever losing the previous one or a file gallerygen did not
/// write. The new tree is staged in a hidden folder inside the output folder, then its top-level
/// entries are moved in one at a time while the entries the previous build owned (listed in the
/// marker's manifest) go to a hidden trash folder; a journal lets a later build finish a swap a
/// killed build left half done. The output folder itself is never renamed, so it may be a mount
/// point or a symbolic link (its target gets the site).
package struct OutputWriter: Sendable {
    /// The file that marks a folder as gallerygen's output and lists what gallerygen wrote there.
    package static let markerName = ".gallerygen-output"
    /// The points of a swap where a test may stop the process.
    package enum SwapPhase: String, Sendable {
        case beforeSwap = "before-swap", midSwap = "mid-swap", beforeCleanup = "before-cleanup"
    }

    package var outputDirectory: URL
    /// How the output folder is named in messages.
    package var displayPath: String
    /// One-line notices: waiting for another build, a recovered swap.
    package var notice: @Sendable (String) -> Void = { _ in }
    /// Called at each `SwapPhase` (tests pause there to kill the process).
    package var checkpoint: @Sendable (SwapPhase) -> Void = { _ in }
    /// Checked while waiting for the lock and just before the swap starts.
    package var isCancelled: @Sendable () -> Bool = { false }

    package init(outputDirectory: URL, displayPath: String) {
        self.outputDirectory = outputDirectory.standardizedFileURL
        self.displayPath = displayPath
    }

    /// The folder the files go into: the output folder, or the target of a symbolic link to it.
    var root: URL { outputDirectory.resolvingSymlinksInPath() }

    /// Refuses an output folder that is or contains the site folder, or a path that is not a folder.
    package func validate(siteDirectory: URL) throws(Diagnostic) {
        let output = root.path
        let site = siteDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        if output == site || site.hasPrefix(output == "/" ? "/" : output + "/") {
            throw .error("the output folder must not be the site folder or contain it; choose another with --output", path: displayPath)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .error("the output path exists and is not a folder", path: displayPath)
        }
    }

    /// Takes the output folder's lock (waiting for another build that holds it), finishes a swap
    /// an interrupted build left half done, removes leftovers of dead builds and refuses a folder
    /// that holds files gallerygen did not write and no marker. Close the session when done.
    package func openSession() throws(Diagnostic) -> Session {
        restoreLegacyLeftovers()
        let lock = try OutputLock.acquire(folder: root, displayPath: displayPath, notice: notice, isCancelled: isCancelled)
        do throws(Diagnostic) {
            try SwapJournal.recover(in: root, displayPath: displayPath, notice: notice)
            SwapJournal.removeLeftovers(in: root)
            let ownership = OutputManifest.read(in: root)
            if ownership == nil {
                let contents = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
                if contents.contains(where: { !SwapJournal.isReserved($0) }) {
                    throw Diagnostic.error("refusing to replace a folder that gallerygen did not create (it has no \(Self.markerName) file); choose an empty or new folder with --output", path: displayPath)
                }
            }
            return Session(writer: self, lock: lock, ownership: ownership ?? .files(OwnedFiles([String]())))
        } catch {
            lock.release()
            throw error
        }
    }

    /// Earlier versions swapped the whole folder through `.NAME.staging-PID` and `.NAME.old-PID`
    /// beside it; a build killed between the two renames left no output at all. Put the old site
    /// back and remove what dead builds left.
    private func restoreLegacyLeftovers() {
        let parent = outputDirectory.deletingLastPathComponent()
        let name = outputDirectory.lastPathComponent
        let fileManager = FileManager.default
        guard let entries = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        for entry in entries.sorted() {
            for kind in ["staging", "old"] {
                let prefix = ".\(name).\(kind)-"
                guard entry.hasPrefix(prefix), let pid = Int32(entry.dropFirst(prefix.count)), !OutputLock.isRunning(pid) else { continue }
                let leftover = parent.appendingPathComponent(entry)
                if kind == "old", !fileManager.fileExists(atPath: outputDirectory.path),
                   (try? fileManager.moveItem(at: leftover, to: outputDirectory)) != nil {
                    notice("\(displayPath): put back the previous site, which an interrupted build (PID \(pid)) had left in \(entry)")
                } else {
                    try? fileManager.removeItem(at: leftover)
                }
            }
        }
    }

    /// The locked output folder: stage a new tree, then commit or discard it.
    package final class Session: @unchecked Sendable {
        let writer: OutputWriter
        let lock: OutputLock
        let ownership: OutputManifest.Ownership

        init(writer: OutputWriter, lock: OutputLock, ownership: OutputManifest.Ownership) {
            self.writer = writer
            self.lock = lock
            self.ownership = ownership
        }

        /// What the previous build recorded of each file it wrote, when this binary can trust it
        /// and the manifest lists files (a folder from before manifests is rebuilt in full).
        /// `remembered` is what this process recorded last (serve), used when the marker is still
        /// the one written with it, which saves reading the file.
        package func recordedFingerprints(remembered: (marker: String, fingerprints: [String: Fingerprint])? = nil) -> [String: Fingerprint]? {
            guard case .files(let paths) = ownership else { return nil }
            if let remembered, remembered.fingerprints.count == paths.count,
               OutputFingerprints.identity(ofMarker: writer.root.appendingPathComponent(OutputWriter.markerName).path) == remembered.marker {
                return remembered.fingerprints
            }
            guard let recorded = OutputFingerprints.read(in: writer.root), paths.isSame(as: recorded.keys) else { return nil }
            return recorded
        }

        /// Releases the lock (and removes the output folder if this session created it empty).
        package func close() {
            lock.release()
        }

        /// Creates a fresh staging folder inside the output folder, to be filled batch by batch
        /// (so a build need not hold every page in memory) and then committed or discarded.
        package func stage() throws(Diagnostic) -> Staging {
            let folder = writer.root.appendingPathComponent(SwapJournal.stagingName)
            do {
                try? FileManager.default.removeItem(at: folder)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .error("cannot create the staging folder: \(error.localizedDescription)", path: writer.displayPath)
            }
            return Staging(session: self, folder: folder)
        }
    }

    /// A staging folder being filled: nothing in the output folder changes until `commit()`.
    package struct Staging: Sendable {
        let session: Session
        let folder: URL
        /// The staging folder's path with a trailing slash, which every file's path is appended
        /// to (asking the URL for it cost some 4,000 instructions a file).
        let root: String
        /// The staging folder held open: each folder and file is made relative to it
        /// (`mkdirat`, `openat`), its path walked from here rather than from `/` (issue 37);
        /// nil when it cannot be opened, and then by its whole path.
        let opened: FolderDescriptor?
        let written = WrittenPaths()
        /// Folders made in the staging folder so far: each is made once, however many files it gets.
        let madeFolders = MadeFolders()
        var writer: OutputWriter { session.writer }

        init(session: Session, folder: URL) {
            self.session = session
            self.folder = folder
            root = folder.path + "/"
            // Just made by `stage()`: a link in its place is not followed.
            opened = FolderDescriptor(path: folder.path, followingLinks: false)
        }

        /// Writes `files` into the staging folder: folders first (one mkdir each, parents
        /// before children), then the files side by side.
        package func add(_ files: [OutputFile]) throws(Diagnostic) {
            do {
                try makeFolders(for: files, in: root)
                // The failure of the lowest-numbered file, whichever thread met it first, so the
                // message does not depend on scheduling.
                let failures = ResultsByPosition<any Error>()
                DispatchQueue.concurrentPerform(iterations: files.count) { index in
                    do {
                        try write(files[index], in: root)
                    } catch {
                        failures.set(error, at: index)
                    }
                }
                if let error = failures.first { throw error }
            } catch {
                throw .error("cannot write the output: \(error.localizedDescription)", path: writer.displayPath)
            }
            written.append(files.map(\.path))
        }

        /// Writes one file and the folders it needs; several threads may add files at once.
        package func add(_ file: OutputFile) throws(Diagnostic) {
            do {
                try makeFolders(for: [file], in: root)
                try write(file, in: root)
            } catch {
                throw .error("cannot write the output: \(error.localizedDescription)", path: writer.displayPath)
            }
            written.append([file.path])
        }

        /// Creates the folders `files` need that do not exist yet under `root`, the staging
        /// folder's path with a trailing slash.
        private func makeFolders(for files: [OutputFile], in root: String) throws {
            try madeFolders.folders.withLock { (made: inout Set<Fingerprint>) throws in
                for subfolder in OutputWriter.folders(of: files) {
                    let key = Fingerprint(of: subfolder)
                    guard !made.contains(key) else { continue }
                    let status = opened.map { mkdirat($0.descriptor, subfolder, 0o755) } ?? mkdir(root + subfolder, 0o755)
                    guard status == 0 || errno == EEXIST else { throw WriteError(path: root + subfolder, code: errno) }
                    made.insert(key)
                }
            }
        }

        private func write(_ file: OutputFile, in root: String) throws {
            let fileManager = FileManager.default
            switch file.contents {
            case .data(let data): try OutputWriter.writeWithoutSync(OutputFile.Pieces([data]), to: file.path, in: opened, root: root)
            case .pieces(let pieces): try OutputWriter.writeWithoutSync(pieces, to: file.path, in: opened, root: root)
            case .stream(let stream): try OutputWriter.writeWithoutSync(stream, to: file.path, in: opened, root: root)
            case .copy(let source): try fileManager.copyItem(at: source, to: folder.appendingPathComponent(file.path))
            case .link(let source): try FileClone.clone(source, to: folder.appendingPathComponent(file.path))
            }
        }

        /// Writes the manifest (and `fingerprints`, for a later incremental build) and moves the
        /// new tree into the output folder entry by entry; the entries the previous build owned
        /// go, every other entry stays. On a failure before the first move the previous output
        /// stays as it was and the staging folder goes.
        package func commit(fingerprints: [String: Fingerprint]? = nil) throws(Diagnostic) {
            try beginCommit()
            let root = writer.root
            let fileManager = FileManager.default
            try stageMarker(lines: written.sortedLines, fingerprints: fingerprints)
            let incoming: [String]
            do {
                incoming = try fileManager.contentsOfDirectory(atPath: folder.path)
            } catch {
                discard()
                throw .error("cannot write the output: \(error.localizedDescription)", path: writer.displayPath)
            }
            let present = ((try? fileManager.contentsOfDirectory(atPath: root.path)) ?? []).filter { !SwapJournal.isReserved($0) }
            let outgoing = present.filter { session.ownership.owns(topLevel: $0) }
            let owned = Set(outgoing)
            try refuseToReplace(incoming.sorted().first(where: { present.contains($0) && !owned.contains($0) }))
            try swap(SwapJournal(incoming: incoming, outgoing: outgoing))
        }

        /// The start of every commit: the test hook's pause, then a last look for Ctrl-C (which
        /// discards the staged tree).
        func beginCommit() throws(Diagnostic) {
            writer.checkpoint(.beforeSwap)
            if writer.isCancelled() {
                discard()
                throw BuildCancellation.interrupted(output: writer.displayPath)
            }
        }

        /// A new entry must not replace one that gallerygen did not write: `clash`, if any, stops
        /// the commit with the staged tree discarded.
        func refuseToReplace(_ clash: String?) throws(Diagnostic) {
            guard let clash else { return }
            discard()
            throw .error("gallerygen did not write this file, and the new site has one of the same name; move it out of the output folder", path: writer.displayPath + "/" + clash)
        }

        /// The manifest (`writeMarker`), or the staged tree discarded and the build's error.
        func stageMarker(paths: [String], fingerprints: [String: Fingerprint]?) throws(Diagnostic) {
            try stageMarker(lines: OutputManifest.lines(paths), fingerprints: fingerprints)
        }

        /// The manifest of the sorted paths `lines` (each ended by a line feed).
        func stageMarker(lines: [UInt8], fingerprints: [String: Fingerprint]?) throws(Diagnostic) {
            do {
                try writeMarker(lines: lines, fingerprints: fingerprints)
            } catch {
                discard()
                throw .error("cannot write the output: \(error.localizedDescription)", path: writer.displayPath)
            }
        }

        /// Writes `journal` into the output folder and carries it out; a failure part way is
        /// finished by the next build, which finds the journal.
        func swap(_ journal: SwapJournal) throws(Diagnostic) {
            do {
                try journal.write(in: writer.root)
                try journal.finish(in: writer.root, checkpoint: writer.checkpoint)
            } catch {
                throw .error("cannot move the new output into place (the next build finishes it): \(error.localizedDescription)", path: writer.displayPath)
            }
        }

        /// Writes the manifest listing `paths`, with their fingerprints, into the staging folder.
        func writeMarker(lines: [UInt8], fingerprints: [String: Fingerprint]?) throws {
            let pieces = OutputManifest.pieces(lines: lines, trailer: fingerprints.map(OutputFingerprints.text) ?? "")
            try OutputWriter.writeWithoutSync(pieces, to: folder.appendingPathComponent(OutputWriter.markerName).path)
        }

        /// Removes the staging folder, leaving the output folder as it was.
        package func discard() {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The folders a staging folder has, shared by the threads that fill it, each by a 128-bit
    /// fingerprint of its path: at 100,000 recipes a set of their paths held some 11 MB while the
    /// pages were made, the fingerprints 3 MB.
    final class MadeFolders: Sendable {
        let folders = Mutex<Set<Fingerprint>>([])
    }

    /// The paths written into a staging folder, from any thread: their UTF-8 bytes one after
    /// another, each ended by a NUL (which no path has), since at 100,000 pages a string apiece
    /// held some 11 MB while the pages were made, the bytes 4 MB.
    final class WrittenPaths: Sendable {
        private let bytes = Mutex<[UInt8]>([])

        func append(_ more: [String]) {
            bytes.withLock { bytes in
                for path in more {
                    bytes += path.utf8
                    bytes.append(0)
                }
            }
        }

        var sorted: [String] {
            bytes.withLock { bytes in
                bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            }.sorted()
        }

        /// The paths in `sorted`'s order, each ended by a line feed, as the manifest lists them:
        /// at 100,000 pages a string apiece, made at the end of the build beside everything it
        /// holds, raised its peak by some 9 MB; the places of the paths take 1 MB.
        var sortedLines: [UInt8] {
            bytes.withLock { bytes in
                bytes.withUnsafeBufferPointer { all in
                    var places: [(start: Int32, end: Int32)] = []
                    var start = 0
                    for index in all.indices where all[index] == 0 {
                        places.append((Int32(start), Int32(index)))
                        start = index + 1
                    }
                    func path(_ place: (start: Int32, end: Int32)) -> UnsafeBufferPointer<UInt8> {
                        UnsafeBufferPointer(rebasing: all[Int(place.start)..<Int(place.end)])
                    }
                    places.sort { OutputManifest.pathOrder(path($0), path($1)) }
                    var lines: [UInt8] = []
                    lines.reserveCapacity(all.count)
                    for place in places {
                        lines += path(place)
                        lines.append(UInt8(ascii: "\n"))
                    }
                    return lines
                }
            }
        }
    }
}

extension OutputWriter {
    /// Every folder `files` need below the output folder, each parent before its children.
    static func folders(of files: [OutputFile]) -> [String] {
        var folders = Set<String>()
        for file in files {
            // Innermost first: once a folder is known, so are the ones it sits in.
            for folder in file.path.parentFolders {
                guard folders.insert(folder).inserted else { break }
            }
        }
        return folders.sorted()
    }

    /// Writes a file with plain POSIX calls. Foundation's `Data.write(to:)` flushes every file to
    /// the disk (fsync), which made writing 10,000 pages take seconds; the swap into place does not
    /// need it, and a static site generator's output can always be rebuilt.
    static func writeWithoutSync(_ pieces: [Data], to path: String) throws {
        try writeWithoutSync(OutputFile.Pieces(pieces), to: path)
    }

    /// Each piece is made just before it is written and let go after. The file is `name`
    /// in `folder` when it is open, else at the path `root + name` (which messages name).
    static func writeWithoutSync(_ pieces: OutputFile.Pieces, to name: String, in folder: FolderDescriptor? = nil,
                                 root: String = "") throws {
        let descriptor = try create(name, in: folder, root: root)
        defer { close(descriptor) }
        for index in 0..<pieces.count {
            try pieces.piece(index).withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws in
                try write(buffer, to: descriptor, path: root + name)
            }
        }
    }

    /// Each piece is written as the stream makes it. A stream that fails to make its bytes
    /// keeps its failure for the page's maker to report (`OutputFile.Stream.failure`).
    static func writeWithoutSync(_ stream: OutputFile.Stream, to name: String, in folder: FolderDescriptor? = nil,
                                 root: String = "") throws {
        let descriptor = try create(name, in: folder, root: root)
        defer { close(descriptor) }
        var failure: (any Error)?
        stream.write { piece in
            guard failure == nil else { return }
            do {
                try write(UnsafeRawBufferPointer(piece), to: descriptor, path: root + name)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    private static func create(_ name: String, in folder: FolderDescriptor?, root: String) throws -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        let descriptor = folder.map { openat($0.descriptor, name, flags, 0o644) } ?? open(root + name, flags, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: root + name, code: errno) }
        return descriptor
    }

    /// `path`, made only for a message, names the file.
    private static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: @autoclosure () -> String) throws {
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError(path: path(), code: errno)
            }
            offset += written
        }
    }

    /// A failed POSIX call.
    struct WriteError: LocalizedError {
        var path: String
        var code: Int32
        var errorDescription: String? { "cannot write \(path): \(String(cString: strerror(code)))" }
    }
}
