import Foundation
import GalleryContent
import GallerySupport

/// Why an import wrote nothing, or, rarely, what it could not put back.
package struct ImportFailure: Error, Sendable, CustomStringConvertible {
    package var diagnostics: [Diagnostic]
    /// True when the site folder is exactly as it was before the import.
    package var siteUnchanged: Bool

    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// One file an import writes, relative to the site folder (`recipes/<slug>.md`, `images/<slug>.jpg`).
package struct ImportFile: Sendable, Hashable {
    package var path: String
    package var data: Data

    package init(path: String, data: Data) {
        self.path = path
        self.data = data
    }
}

extension PlistImport {
    /// Writes the recipe files (`ImportWriter.write`); the seed app's list has no photos to write.
    package static func write(_ recipes: [ImportedRecipe], to siteDirectory: URL, displayRoot: String,
                             force: Bool) throws(ImportFailure) -> [String] {
        try ImportWriter.write(recipes.map { ImportFile(path: $0.path, data: Data($0.text.utf8)) }, to: siteDirectory,
                               displayRoot: displayRoot, force: force, failingMove: nil)
    }

    static func write(_ recipes: [ImportedRecipe], to siteDirectory: URL, displayRoot: String,
                      force: Bool, failingMove: Int?) throws(ImportFailure) -> [String] {
        try ImportWriter.write(recipes.map { ImportFile(path: $0.path, data: Data($0.text.utf8)) }, to: siteDirectory,
                               displayRoot: displayRoot, force: force, failingMove: failingMove)
    }

    package static func interruptedImports(in siteDirectory: URL, displayRoot: String) -> [Diagnostic] {
        ImportWriter.interruptedImports(in: siteDirectory, displayRoot: displayRoot)
    }
}

/// Writes an import's files into the site folder all or nothing.
package enum ImportWriter {
    /// The hidden folder, inside the site folder, where an import stages its files
    /// (`new/`) and keeps the recipes it replaces (`old/`) until every file is in place.
    static let stagingPrefix = ".gallerygen-import-"

    /// Writes `files` into `siteDirectory` all or nothing, refusing to replace an existing file
    /// unless `force`; a file that already holds exactly these bytes is left as it is, so that
    /// running the same import again changes nothing. Every file is first written to a staging
    /// folder in the site folder, then moved in; a replaced file is kept aside until the last
    /// move, and put back if any move fails. `displayRoot` names the site folder. Returns the
    /// written paths as displayed. `failingMove`: for tests, the index of the file whose move
    /// fails (after the file it replaces was moved aside, the worst moment).
    package static func write(_ files: [ImportFile], to siteDirectory: URL, displayRoot: String,
                             force: Bool, failingMove: Int? = nil) throws(ImportFailure) -> [String] {
        let loader = ContentLoader(siteDirectory: siteDirectory, displayRoot: displayRoot)
        let fileManager = FileManager.default
        var log = DiagnosticLog()
        var files = files
        files.removeAll { file in
            // The same bytes already in place: nothing to do (a re-run of the same import).
            (try? SiteFile.read(siteDirectory.appendingPathComponent(file.path), upTo: file.data.count + 1)) == file.data
        }
        for file in files {
            var info = stat()
            guard lstat(siteDirectory.appendingPathComponent(file.path).path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            let what = file.path.hasPrefix("recipes/") ? "a recipe file" : "a file"
            if !force {
                log.append(.error("\(what) with this name already exists; pass --force to replace it", path: loader.displayPath(file.path)))
            } else if type != S_IFREG && type != S_IFLNK {
                log.append(.error("cannot be replaced: it is not a regular file", path: loader.displayPath(file.path)))
            }
        }
        if log.hasErrors { throw ImportFailure(diagnostics: log.sorted, siteUnchanged: true) }
        if files.isEmpty { return [] }

        let staging = siteDirectory.appendingPathComponent("\(stagingPrefix)\(getpid())")
        let fresh = staging.appendingPathComponent("new")
        let aside = staging.appendingPathComponent("old")
        let folders = Set(files.map { ($0.path as NSString).deletingLastPathComponent }).sorted()
        let createdFolders = folders.filter { !fileManager.fileExists(atPath: siteDirectory.appendingPathComponent($0).path) }
        func discardStaging() {
            try? fileManager.removeItem(at: staging)
            for folder in createdFolders.reversed() { rmdir(siteDirectory.appendingPathComponent(folder).path) }
        }
        /// A file's name in the staging folders: its path, flattened.
        func stagedName(_ file: ImportFile) -> String { file.path.replacingOccurrences(of: "/", with: "_") }
        do {
            try? fileManager.removeItem(at: staging)
            try fileManager.createDirectory(at: fresh, withIntermediateDirectories: true)
            try fileManager.createDirectory(at: aside, withIntermediateDirectories: true)
            for folder in folders {
                try fileManager.createDirectory(at: siteDirectory.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
        } catch {
            discardStaging()
            throw ImportFailure(diagnostics: [.error("cannot prepare the import: \(PlistImport.reason(of: error))", path: displayRoot)], siteUnchanged: true)
        }
        for file in files {
            do {
                try file.data.write(to: fresh.appendingPathComponent(stagedName(file)))
            } catch {
                discardStaging()
                let what = file.path.hasPrefix("recipes/") ? "the recipe" : "the file"
                throw ImportFailure(diagnostics: [.error("cannot write \(what): \(PlistImport.reason(of: error))", path: loader.displayPath(file.path))],
                                    siteUnchanged: true)
            }
        }

        // Each step: the file's place, where the file it replaces was put, whether the new one is in.
        var steps: [(target: URL, path: String, keptAside: URL?, movedIn: Bool)] = []
        for (index, file) in files.enumerated() {
            let target = siteDirectory.appendingPathComponent(file.path)
            let name = stagedName(file)
            let what = file.path.hasPrefix("recipes/") ? "recipe" : "file"
            var problem: String?
            var info = stat()
            if lstat(target.path, &info) == 0 {
                if rename(target.path, aside.appendingPathComponent(name).path) == 0 {
                    steps.append((target, file.path, aside.appendingPathComponent(name), false))
                } else {
                    problem = "cannot move the existing \(what) aside: \(String(cString: strerror(errno)))"
                }
            } else {
                steps.append((target, file.path, nil, false))
            }
            if problem == nil {
                if index == failingMove {
                    problem = "cannot move the \(what) into place: the test's injected failure"
                } else if rename(fresh.appendingPathComponent(name).path, target.path) == 0 {
                    steps[steps.count - 1].movedIn = true
                } else {
                    problem = "cannot move the \(what) into place: \(String(cString: strerror(errno)))"
                }
            }
            guard let problem else { continue }
            // Undo, newest first: take out what was moved in, put back what was moved aside.
            var unrestored: [String] = []
            for step in steps.reversed() {
                if step.movedIn { unlink(step.target.path) }
                if let keptAside = step.keptAside, rename(keptAside.path, step.target.path) != 0 {
                    unrestored.append(loader.displayPath(step.path))
                }
            }
            var diagnostics = [Diagnostic.error(problem, path: loader.displayPath(file.path))]
            if unrestored.isEmpty {
                discardStaging()
            } else {
                let kept = loader.displayPath(staging.lastPathComponent + "/old")
                diagnostics += unrestored.map { .error("could not put the previous version back; it is kept in \(kept)", path: $0) }
            }
            throw ImportFailure(diagnostics: diagnostics, siteUnchanged: unrestored.isEmpty)
        }
        try? fileManager.removeItem(at: staging)
        return files.map { loader.displayPath($0.path) }
    }

    /// Warnings about the staging folders of imports that were killed before they finished (their
    /// process is gone): one that holds replaced recipes is kept for the user to look at; any
    /// other is removed.
    package static func interruptedImports(in siteDirectory: URL, displayRoot: String) -> [Diagnostic] {
        let loader = ContentLoader(siteDirectory: siteDirectory, displayRoot: displayRoot)
        let fileManager = FileManager.default
        let names = ((try? fileManager.contentsOfDirectory(atPath: siteDirectory.path)) ?? []).filter { $0.hasPrefix(stagingPrefix) }.sorted()
        var diagnostics: [Diagnostic] = []
        for name in names {
            guard let pid = Int32(name.dropFirst(stagingPrefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let folder = siteDirectory.appendingPathComponent(name)
            let kept = (try? fileManager.contentsOfDirectory(atPath: folder.appendingPathComponent("old").path)) ?? []
            if kept.isEmpty {
                try? fileManager.removeItem(at: folder)
            } else {
                diagnostics.append(.warning("an earlier import was interrupted; the \(kept.count) recipe\(kept.count == 1 ? "" : "s") it replaced \(kept.count == 1 ? "is" : "are") kept in \(name)/old",
                                            path: loader.displayPath(name)))
            }
        }
        return diagnostics
    }
}
