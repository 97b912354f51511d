import Foundation
import Mustache

/// Reads the theme (the built-in one, or a folder given with `--theme`) and a site's overrides
/// (`<site>/templates/`) into a `Theme`.
public struct ThemeLoader: Sendable {
    /// A theme folder replacing the built-in theme; nil: the built-in theme.
    public var themeDirectory: URL?
    /// The site's own `templates/` folder; it may not exist.
    public var overrideDirectory: URL?
    /// Turns an absolute path into the form diagnostics use.
    public var displayPath: @Sendable (URL) -> String

    public init(themeDirectory: URL?, overrideDirectory: URL?, displayPath: @escaping @Sendable (URL) -> String = { $0.path }) {
        self.themeDirectory = themeDirectory
        self.overrideDirectory = overrideDirectory
        self.displayPath = displayPath
    }

    /// Where a template's text comes from.
    private enum Source {
        case builtIn(String)
        case file(URL)
    }

    public func load() throws(BuildFailure) -> Theme {
        var sources: [String: (source: Source, path: String)] = [:]
        var assets: [String: OutputFile.Contents] = [:]
        func add(_ relative: String, _ source: Source, path: String) {
            if relative.hasPrefix("assets/") {
                let name = String(relative.dropFirst("assets/".count))
                switch source {
                case .builtIn(let text): assets[name] = .data(Data(text.utf8))
                case .file(let url): assets[name] = .copy(url)
                }
            } else if relative.hasSuffix(".mustache") {
                sources[String(relative.dropLast(".mustache".count))] = (source, path)
            }
        }
        if let themeDirectory {
            for relative in Self.files(under: themeDirectory) {
                let url = themeDirectory.appendingPathComponent(relative)
                add(relative, .file(url), path: displayPath(url))
            }
        } else {
            for (relative, contents) in BuiltInTheme.files {
                add(relative, .builtIn(contents), path: BuiltInTheme.displayName + "/" + relative)
            }
        }
        if let overrideDirectory {
            for relative in Self.files(under: overrideDirectory) {
                let url = overrideDirectory.appendingPathComponent(relative)
                add(relative, .file(url), path: displayPath(url))
            }
        }
        var log = DiagnosticLog()
        var templates: [String: Template] = [:]
        for (name, (source, path)) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                let text: String
                switch source {
                case .builtIn(let contents): text = contents
                case .file(let url):
                    guard let data = FileManager.default.contents(atPath: url.path) else {
                        log.append(.error("cannot read the template", path: path))
                        continue
                    }
                    text = try SourceText.decode(data, path: path)
                }
                templates[name] = try Template(source: text, name: path)
            } catch let error as Diagnostic {
                log.append(error)
            } catch let error as TemplateError {
                log.append(.error(error.message, path: error.templateName, line: error.line, column: error.column))
            } catch {
                log.append(.error("\(error)", path: path))
            }
        }
        for name in Theme.requiredTemplates where sources[name] == nil {
            log.append(.error("the theme has no '\(name).mustache' template",
                              path: themeDirectory.map(displayPath) ?? BuiltInTheme.displayName))
        }
        if log.hasErrors { throw BuildFailure(log.sorted) }
        return Theme(templates: templates, assets: assets)
    }

    /// Regular files under `directory`, as sorted relative paths; hidden files are skipped.
    static func files(under directory: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { return [] }
        let base = directory.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        var result: [String] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            if path.hasPrefix(base) { result.append(String(path.dropFirst(base.count))) }
        }
        return result.sorted()
    }
}
