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
            var created: Set<String> = []
            for file in files {
                let destination = staging.appendingPathComponent(file.path)
                let folder = destination.deletingLastPathComponent().path
                if created.insert(folder).inserted {
                    try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                switch file.contents {
                case .data(let data): try data.write(to: destination)
                case .copy(let source): try fileManager.copyItem(at: source, to: destination)
                }
            }
            try Data("This folder was written by gallerygen; it is replaced on every build.\n".utf8)
                .write(to: staging.appendingPathComponent(Self.markerName))
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
