import Foundation

/// Puts a built site in place without ever leaving a half-written output: everything is written
/// to a staging folder beside the output, which then replaces it in two renames. The output folder
/// is marked so that gallerygen only ever replaces a folder it wrote itself.
public struct OutputWriter: Sendable {
    /// The file that marks a folder as gallerygen's output.
    public static let markerName = ".gallerygen-output"

    public var outputDirectory: URL
    /// How the output folder is named in messages.
    public var displayPath: String

    public init(outputDirectory: URL, displayPath: String) {
        self.outputDirectory = outputDirectory.standardizedFileURL
        self.displayPath = displayPath
    }

    /// Refuses an output folder that is or contains the site folder, or holds files gallerygen did
    /// not write.
    public func validate(siteDirectory: URL) throws(Diagnostic) {
        let output = outputDirectory.resolvingSymlinksInPath().path
        let site = siteDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        if output == site || site.hasPrefix(output == "/" ? "/" : output + "/") {
            throw .error("the output folder must not be the site folder or contain it; choose another with --output", path: displayPath)
        }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: outputDirectory.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw .error("the output path exists and is not a folder", path: displayPath)
        }
        let contents = (try? fileManager.contentsOfDirectory(atPath: outputDirectory.path)) ?? []
        if !contents.isEmpty, !contents.contains(Self.markerName) {
            throw .error("refusing to replace a folder that gallerygen did not create (it has no \(Self.markerName) file); choose an empty or new folder with --output", path: displayPath)
        }
    }

    /// Creates a fresh staging folder beside the output folder, to be filled batch by batch
    /// (so a build need not hold every page in memory) and then committed or discarded.
    public func stage() throws(Diagnostic) -> Staging {
        let parent = outputDirectory.deletingLastPathComponent()
        let name = outputDirectory.lastPathComponent
        let token = "\(ProcessInfo.processInfo.processIdentifier)"
        let staging = Staging(writer: self, folder: parent.appendingPathComponent(".\(name).staging-\(token)"),
                              retired: parent.appendingPathComponent(".\(name).old-\(token)"))
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            try? fileManager.removeItem(at: staging.folder)
            try fileManager.createDirectory(at: staging.folder, withIntermediateDirectories: true)
        } catch {
            throw .error("cannot create the staging folder: \(error.localizedDescription)", path: displayPath)
        }
        return staging
    }

    /// A staging folder being filled: nothing in the output folder changes until `commit()`.
    public struct Staging: Sendable {
        let writer: OutputWriter
        let folder: URL
        let retired: URL

        /// Writes `files` into the staging folder: folders first (one mkdir each, parents
        /// before children), then the files side by side.
        public func add(_ files: [OutputFile]) throws(Diagnostic) {
            let root = folder.path + "/"
            do {
                try makeFolders(for: files, in: root)
                let failures = FirstFailure()
                DispatchQueue.concurrentPerform(iterations: files.count) { index in
                    do {
                        try write(files[index], in: root)
                    } catch {
                        failures.record(error, at: index)
                    }
                }
                if let error = failures.error { throw error }
            } catch {
                throw .error("cannot write the output: \(error.localizedDescription)", path: writer.displayPath)
            }
        }

        /// Writes one file and the folders it needs; several threads may add files at once.
        public func add(_ file: OutputFile) throws(Diagnostic) {
            let root = folder.path + "/"
            do {
                try makeFolders(for: [file], in: root)
                try write(file, in: root)
            } catch {
                throw .error("cannot write the output: \(error.localizedDescription)", path: writer.displayPath)
            }
        }

        /// Creates the folders `files` need that do not exist yet under `root`, the staging
        /// folder's path with a trailing slash.
        private func makeFolders(for files: [OutputFile], in root: String) throws {
            for subfolder in OutputWriter.folders(of: files) where mkdir(root + subfolder, 0o755) != 0 && errno != EEXIST {
                throw WriteError(path: root + subfolder, code: errno)
            }
        }

        private func write(_ file: OutputFile, in root: String) throws {
            let fileManager = FileManager.default
            switch file.contents {
            case .data(let data): try OutputWriter.writeWithoutSync(data, to: root + file.path)
            case .copy(let source): try fileManager.copyItem(at: source, to: folder.appendingPathComponent(file.path))
            case .link(let source):
                let destination = folder.appendingPathComponent(file.path)
                if (try? fileManager.linkItem(at: source, to: destination)) == nil {
                    try fileManager.copyItem(at: source, to: destination)
                }
            }
        }

        /// Marks the staging folder as gallerygen's output and swaps it in for the output folder;
        /// on failure the previous output stays (or is put back) and the staging folder goes.
        public func commit() throws(Diagnostic) {
            let fileManager = FileManager.default
            let output = writer.outputDirectory
            do {
                try OutputWriter.writeWithoutSync(Data("This folder was written by gallerygen; it is replaced on every build.\n".utf8),
                                                  to: folder.appendingPathComponent(OutputWriter.markerName).path)
            } catch {
                discard()
                throw .error("cannot write the output: \(error.localizedDescription)", path: writer.displayPath)
            }
            do {
                if fileManager.fileExists(atPath: output.path) {
                    try? fileManager.removeItem(at: retired)
                    try fileManager.moveItem(at: output, to: retired)
                }
                try fileManager.moveItem(at: folder, to: output)
            } catch {
                // Put the previous output back if it was already moved aside.
                if !fileManager.fileExists(atPath: output.path), fileManager.fileExists(atPath: retired.path) {
                    try? fileManager.moveItem(at: retired, to: output)
                }
                discard()
                throw .error("cannot move the new output into place: \(error.localizedDescription)", path: writer.displayPath)
            }
            try? fileManager.removeItem(at: retired)
        }

        /// Removes the staging folder, leaving the output folder as it was.
        public func discard() {
            try? FileManager.default.removeItem(at: folder)
        }
    }
}

extension OutputWriter {
    /// Every folder `files` need below the output folder, each parent before its children.
    static func folders(of files: [OutputFile]) -> [String] {
        var folders = Set<String>()
        for file in files {
            var folder = Substring(file.path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard folders.insert(String(folder)).inserted else { break }
            }
        }
        return folders.sorted()
    }

    /// Writes a file with plain POSIX calls. Foundation's `Data.write(to:)` flushes every file to
    /// the disk (fsync), which made writing 10,000 pages take seconds; the swap into place does not
    /// need it, and a static site generator's output can always be rebuilt.
    static func writeWithoutSync(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: path, code: errno) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(path: path, code: errno)
                }
                offset += written
            }
        }
    }

    /// A failed POSIX call.
    struct WriteError: LocalizedError {
        var path: String
        var code: Int32
        var errorDescription: String? { "cannot write \(path): \(String(cString: strerror(code)))" }
    }

    /// The failure of the lowest-numbered file, whichever thread met it first, so the message
    /// does not depend on scheduling.
    final class FirstFailure: @unchecked Sendable {
        private let lock = NSLock()
        private var index = Int.max
        private(set) var error: (any Error)?

        func record(_ error: any Error, at index: Int) {
            lock.lock()
            defer { lock.unlock() }
            if index < self.index { (self.index, self.error) = (index, error) }
        }
    }
}
