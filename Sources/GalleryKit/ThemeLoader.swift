import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GalleryRender
import GallerySupport
import Mustache

/// Reads the default theme and a site's overrides (`<site>/templates/`) into a `Theme`.
package struct ThemeLoader: Sendable {
    /// The default theme folder (the repository's `Templates/`).
    package var themeDirectory: URL
    /// The site's own `templates/` folder; it may not exist.
    package var overrideDirectory: URL?
    /// Turns an absolute path into the form diagnostics use.
    package var displayPath: @Sendable (URL) -> String

    package init(themeDirectory: URL, overrideDirectory: URL?, displayPath: @escaping @Sendable (URL) -> String = { $0.path }) {
        self.themeDirectory = themeDirectory
        self.overrideDirectory = overrideDirectory
        self.displayPath = displayPath
    }

    package func load() throws(BuildFailure) -> Theme {
        var sources: [String: URL] = [:]
        var assets: [String: URL] = [:]
        for directory in [themeDirectory] + (overrideDirectory.map { [$0] } ?? []) {
            for relative in Self.files(under: directory) {
                let url = directory.appendingPathComponent(relative)
                if relative.hasPrefix("assets/") {
                    assets[String(relative.dropFirst("assets/".count))] = url
                } else if relative.hasSuffix(".mustache") {
                    sources[String(relative.dropLast(".mustache".count))] = url
                }
            }
        }
        var log = DiagnosticLog()
        var templates: [String: Template] = [:]
        for (name, url) in sources.sorted(by: { $0.key < $1.key }) {
            let path = displayPath(url)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                log.append(.error("cannot read the template", path: path))
                continue
            }
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
            log.append(.error("the theme has no '\(name).mustache' template", path: displayPath(themeDirectory)))
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
