import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GalleryRender
import GallerySupport
import Mustache

/// Reads the theme (the built-in one, or a folder given with `--theme`) and a site's overrides
/// (`<site>/templates/`) into a `Theme`.
package struct ThemeLoader: Sendable {
    /// A theme folder replacing the built-in theme; nil: the built-in theme.
    package var themeDirectory: URL?
    /// The site's own `templates/` folder; it may not exist.
    package var overrideDirectory: URL?
    /// Turns an absolute path into the form diagnostics use.
    package var displayPath: @Sendable (URL) -> String

    package init(themeDirectory: URL?, overrideDirectory: URL?, displayPath: @escaping @Sendable (URL) -> String = { $0.path }) {
        self.themeDirectory = themeDirectory
        self.overrideDirectory = overrideDirectory
        self.displayPath = displayPath
    }

    /// The file naming the boxes the theme's CSS shows pictures in (`ThemeGeometry`).
    static let geometryFile = "theme.yml"

    /// Where a template's text comes from.
    private enum Source {
        case builtIn(Data)
        case file(URL)
    }

    package func load() throws(BuildFailure) -> Theme {
        var sources: [String: (source: Source, path: String)] = [:]
        var assets: [String: OutputFile.Contents] = [:]
        var geometrySource: (source: Source, path: String)?
        var log = DiagnosticLog()
        func add(_ relative: String, _ source: Source, path: String) {
            if relative.hasPrefix("assets/") {
                let name = String(relative.dropFirst("assets/".count))
                switch source {
                case .builtIn(let data): assets[name] = .data(data)
                case .file(let url): assets[name] = .copy(url)
                }
            } else if relative.hasSuffix(".mustache") {
                sources[String(relative.dropLast(".mustache".count))] = (source, path)
            } else if relative == Self.geometryFile {
                geometrySource = (source, path)
            }
        }
        if let themeDirectory {
            for relative in Self.files(under: themeDirectory) {
                let url = themeDirectory.appendingPathComponent(relative)
                add(relative, .file(url), path: displayPath(url))
            }
        } else {
            for (relative, data) in BuiltInTheme.allFiles {
                add(relative, .builtIn(data), path: BuiltInTheme.displayName + "/" + relative)
            }
        }
        if let overrideDirectory {
            let (files, problems) = Self.siteFiles(under: overrideDirectory, displayPath: displayPath)
            for (relative, url) in files { add(relative, .file(url), path: displayPath(url)) }
            log.append(contentsOf: problems)
        }
        var templates: [String: Template] = [:]
        var fingerprint = FingerprintHasher("theme")
        func read(_ source: Source, path: String, what: String) -> Data? {
            switch source {
            case .builtIn(let contents):
                return contents
            case .file(let url):
                do throws(SiteFile.Failure) {
                    return try SiteFile.read(url)
                } catch {
                    log.append(.error("\(what) \(error.message)", path: path))
                    return nil
                }
            }
        }
        for (name, (source, path)) in sources.sorted(by: { $0.key < $1.key }) {
            guard let data = read(source, path: path, what: "the template") else { continue }
            fingerprint.combine(name)
            fingerprint.combine(path)
            fingerprint.combine(data)
            do {
                let text = try SourceText.decode(data, path: path)
                templates[name] = try Template(source: text, name: path)
            } catch let error as Diagnostic {
                log.append(error)
            } catch let error as TemplateError {
                log.append(error.diagnostic)
            } catch {
                log.append(.error("\(error)", path: path))
            }
        }
        for name in Theme.requiredTemplates where sources[name] == nil {
            log.append(.error("the theme has no '\(name).mustache' template", 
                              path: themeDirectory.map(displayPath) ?? BuiltInTheme.displayName))
        }
        var geometry = BuiltInTheme.geometry
        if let (source, path) = geometrySource, let data = read(source, path: path, what: "the theme's geometry") {
            fingerprint.combine(Self.geometryFile)
            fingerprint.combine(data)
            do throws(Diagnostic) {
                let text = try SourceText.decode(data, path: path)
                let (parsed, problems) = ThemeGeometry.parse(text, displayPath: path, defaults: BuiltInTheme.geometry)
                log.append(contentsOf: problems)
                if let parsed { geometry = parsed }
            } catch {
                log.append(error)
            }
        }
        if log.hasErrors { throw BuildFailure(log.sorted) }
        for (name, contents) in assets.sorted(by: { $0.key < $1.key }) {
            fingerprint.combine(name)
            fingerprint.combine(contents.fingerprint)
        }
        var theme = Theme(templates: templates, assets: assets, geometry: geometry)
        theme.fingerprint = fingerprint.finalize()
        theme.warnings = log.diagnostics
        return theme
    }

    /// The files of a site's `templates/` folder, hidden ones skipped: regular files, and symbolic
    /// links to files that stay inside the site folder (the folder above `directory`), given by
    /// their target so that assets are copied, not linked. A link that leads outside the site
    /// folder, or a named pipe, socket or device, is reported instead of being read or skipped.
    static func siteFiles(under directory: URL, displayPath: (URL) -> String) -> (files: [(relative: String, url: URL)], problems: [Diagnostic]) {
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey]
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: keys,
                                                              options: [.skipsHiddenFiles]) else { return ([], []) }
        let siteRoot = directory.standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath().path
        let base = directory.standardizedFileURL.path + "/"
        var files: [(relative: String, url: URL)] = []
        var problems: [Diagnostic] = []
        for case let url as URL in enumerator {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base), let values = try? url.resourceValues(forKeys: Set(keys)) else { continue }
            let relative = String(path.dropFirst(base.count))
            if values.isDirectory == true { continue }
            if values.isRegularFile == true {
                files.append((relative, url))
                continue
            }
            if values.isSymbolicLink == true {
                let target = url.resolvingSymlinksInPath()
                guard target.path == siteRoot || target.path.hasPrefix(siteRoot + "/") else {
                    problems.append(.error("the file is a symbolic link that links outside the site folder", path: displayPath(url)))
                    continue
                }
                // Links to folders are not followed (a loop costs nothing); links to files are read.
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files.append((relative, target))
                }
                continue
            }
            // A named pipe, socket or device: reading it could block the build forever.
            let kind: String
            do throws(SiteFile.Failure) {
                try SiteFile.checkRegularFile(url)
                continue
            } catch {
                kind = error.message
            }
            problems.append(.error("the file \(kind)", path: displayPath(url)))
        }
        return (files.sorted { $0.relative < $1.relative }, problems)
    }

    /// Regular files under `directory`, as sorted relative paths; hidden files are skipped unless
    /// `includingHidden`.
    static func files(under directory: URL, includingHidden: Bool = false) -> [String] {
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [], options: includingHidden ? [] : [.skipsHiddenFiles]) else { return [] }
        let base = directory.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        var result: [String] = []
        for case let url as URL in enumerator {
            // The file itself, its link not followed, as `URLResourceValues.isRegularFile` tells
            // it: `lstat` directly, where Foundation's resource values took a third of loading
            // the theme (issue 37).
            var status = stat()
            guard url.withUnsafeFileSystemRepresentation({ $0.map { lstat($0, &status) == 0 } ?? false }),
                  status.st_mode & S_IFMT == S_IFREG else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            if path.hasPrefix(base) { result.append(String(path.dropFirst(base.count))) }
        }
        return result.sorted()
    }
}
