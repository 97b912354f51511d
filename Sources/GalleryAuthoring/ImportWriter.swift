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

extension PlistImport {
    /// The hidden folder, inside the site folder, where an import stages its files
    /// (`new/`) and keeps the recipes it replaces (`old/`) until every file is in place.
    static let stagingPrefix = ".gallerygen-import-"

    /// Writes `recipes` into `siteDirectory` all or nothing, refusing to replace an existing file
    /// unless `force`. Every file is first written to a staging folder beside `recipes/`, then
    /// moved in; a replaced recipe is kept aside until the last move, and put back if any move
    /// fails. `displayRoot` names the site folder. Returns the written paths as displayed.
    package static func write(_ recipes: [ImportedRecipe], to siteDirectory: URL, displayRoot: String,
                             force: Bool) throws(ImportFailure) -> [String] {
        try write(recipes, to: siteDirectory, displayRoot: displayRoot, force: force, failingMove: nil)
    }

    /// `failingMove`: for tests, the index of the recipe whose move into `recipes/` fails (after
    /// the file it replaces was moved aside, the worst moment).
    static func write(_ recipes: [ImportedRecipe], to siteDirectory: URL, displayRoot: String,
                      force: Bool, failingMove: Int?) throws(ImportFailure) -> [String] {
        let loader = ContentLoader(siteDirectory: siteDirectory, displayRoot: displayRoot)
        let fileManager = FileManager.default
        var log = DiagnosticLog()
        for recipe in recipes {
            var info = stat()
            guard lstat(siteDirectory.appendingPathComponent(recipe.path).path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if !force {
                log.append(.error("a recipe file with this name already exists; pass --force to replace it", path: loader.displayPath(recipe.path)))
            } else if type != S_IFREG && type != S_IFLNK {
                log.append(.error("cannot be replaced: it is not a regular file", path: loader.displayPath(recipe.path)))
            }
        }
        if log.hasErrors { throw ImportFailure(diagnostics: log.sorted, siteUnchanged: true) }
        if recipes.isEmpty { return [] }

        let staging = siteDirectory.appendingPathComponent("\(stagingPrefix)\(getpid())")
        let fresh = staging.appendingPathComponent("new")
        let aside = staging.appendingPathComponent("old")
        let recipesFolder = siteDirectory.appendingPathComponent("recipes")
        let createdRecipesFolder = !fileManager.fileExists(atPath: recipesFolder.path)
        func discardStaging() {
            try? fileManager.removeItem(at: staging)
            if createdRecipesFolder { rmdir(recipesFolder.path) }
        }
        do {
            try? fileManager.removeItem(at: staging)
            try fileManager.createDirectory(at: fresh, withIntermediateDirectories: true)
            try fileManager.createDirectory(at: aside, withIntermediateDirectories: true)
            try fileManager.createDirectory(at: recipesFolder, withIntermediateDirectories: true)
        } catch {
            discardStaging()
            throw ImportFailure(diagnostics: [.error("cannot prepare the import: \(reason(of: error))", path: displayRoot)], siteUnchanged: true)
        }
        for recipe in recipes {
            do {
                try Data(recipe.text.utf8).write(to: fresh.appendingPathComponent("\(recipe.slug).md"))
            } catch {
                discardStaging()
                throw ImportFailure(diagnostics: [.error("cannot write the recipe: \(reason(of: error))", path: loader.displayPath(recipe.path))],
                                    siteUnchanged: true)
            }
        }

        // Each step: the recipe's place, where the file it replaces was put, whether the new one is in.
        var steps: [(target: URL, keptAside: URL?, movedIn: Bool)] = []
        for (index, recipe) in recipes.enumerated() {
            let target = siteDirectory.appendingPathComponent(recipe.path)
            let name = "\(recipe.slug).md"
            var problem: String?
            var info = stat()
            if lstat(target.path, &info) == 0 {
                if rename(target.path, aside.appendingPathComponent(name).path) == 0 {
                    steps.append((target, aside.appendingPathComponent(name), false))
                } else {
                    problem = "cannot move the existing recipe aside: \(String(cString: strerror(errno)))"
                }
            } else {
                steps.append((target, nil, false))
            }
            if problem == nil {
                if index == failingMove {
                    problem = "cannot move the recipe into place: the test's injected failure"
                } else if rename(fresh.appendingPathComponent(name).path, target.path) == 0 {
                    steps[steps.count - 1].movedIn = true
                } else {
                    problem = "cannot move the recipe into place: \(String(cString: strerror(errno)))"
                }
            }
            guard let problem else { continue }
            // Undo, newest first: take out what was moved in, put back what was moved aside.
            var unrestored: [String] = []
            for step in steps.reversed() {
                if step.movedIn { unlink(step.target.path) }
                if let keptAside = step.keptAside, rename(keptAside.path, step.target.path) != 0 {
                    unrestored.append(loader.displayPath("recipes/" + step.target.lastPathComponent))
                }
            }
            var diagnostics = [Diagnostic.error(problem, path: loader.displayPath(recipe.path))]
            if unrestored.isEmpty {
                discardStaging()
            } else {
                let kept = loader.displayPath(staging.lastPathComponent + "/old")
                diagnostics += unrestored.map { .error("could not put the previous version back; it is kept in \(kept)", path: $0) }
            }
            throw ImportFailure(diagnostics: diagnostics, siteUnchanged: unrestored.isEmpty)
        }
        try? fileManager.removeItem(at: staging)
        return recipes.map { loader.displayPath($0.path) }
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
