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

    /// Writes `files` into a fresh staging folder, then swaps it in for the output folder.
    public func write(_ files: [OutputFile]) throws(Diagnostic) {
        let fileManager = FileManager.default
        let parent = outputDirectory.deletingLastPathComponent()
        let name = outputDirectory.lastPathComponent
        let token = "\(ProcessInfo.processInfo.processIdentifier)"
        let staging = parent.appendingPathComponent(".\(name).staging-\(token)")
        let retired = parent.appendingPathComponent(".\(name).old-\(token)")
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            try? fileManager.removeItem(at: staging)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .error("cannot create the staging folder: \(error.localizedDescription)", path: displayPath)
        }
        do {
            // Folders first (one mkdir each, parents before children), then the files side by side.
            let stagingPath = staging.path + "/"
            for folder in Self.folders(of: files) where mkdir(stagingPath + folder, 0o755) != 0 && errno != EEXIST {
                throw WriteError(path: stagingPath + folder, code: errno)
            }
            let failures = FirstFailure()
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                let file = files[index]
                do {
                    switch file.contents {
                    case .data(let data): try Self.writeWithoutSync(data, to: stagingPath + file.path)
                    case .copy(let source): try fileManager.copyItem(at: source, to: staging.appendingPathComponent(file.path))
                    case .link(let source):
                        let destination = staging.appendingPathComponent(file.path)
                        if (try? fileManager.linkItem(at: source, to: destination)) == nil {
                            try fileManager.copyItem(at: source, to: destination)
                        }
                    }
                } catch {
                    failures.record(error, at: index)
                }
            }
            if let error = failures.error { throw error }
            try Self.writeWithoutSync(Data("This folder was written by gallerygen; it is replaced on every build.\n".utf8),
                                      to: staging.appendingPathComponent(Self.markerName).path)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw .error("cannot write the output: \(error.localizedDescription)", path: displayPath)
        }
        do {
            if fileManager.fileExists(atPath: outputDirectory.path) {
                try? fileManager.removeItem(at: retired)
                try fileManager.moveItem(at: outputDirectory, to: retired)
            }
            try fileManager.moveItem(at: staging, to: outputDirectory)
        } catch {
            // Put the previous output back if it was already moved aside.
            if !fileManager.fileExists(atPath: outputDirectory.path), fileManager.fileExists(atPath: retired.path) {
                try? fileManager.moveItem(at: retired, to: outputDirectory)
            }
            try? fileManager.removeItem(at: staging)
            throw .error("cannot move the new output into place: \(error.localizedDescription)", path: displayPath)
        }
        try? fileManager.removeItem(at: retired)
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
