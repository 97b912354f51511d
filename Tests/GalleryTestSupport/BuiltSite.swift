import Foundation
import GalleryContent
import GalleryImages
import GalleryKit
import GalleryPlan
import GalleryRender
import GallerySupport

/// A fixture site built into a temporary folder, for tests that read the output.
package struct BuiltSite {
    let temporary: TemporaryDirectory
    let output: URL
    /// The output folder.
    package var outputDirectory: URL { output }
    package let report: BuildReport

    /// Builds `fixture`, after `edit` has changed the copied site folder if given.
    /// `options` changes the build's options (a small sitemap limit, say).
    package init(_ fixture: String = "basic", edit: (URL) throws -> Void = { _ in },
                 options configure: (inout BuildOptions) -> Void = { _ in }) throws {
        temporary = try TemporaryDirectory()
        let site = try temporary.copyFixture(fixture)
        try edit(site)
        output = temporary.url.appendingPathComponent("out")
        var options = BuildOptions(siteDirectory: site, outputDirectory: output, themeDirectory: Repository.templates)
        configure(&options)
        report = try SiteBuilder(options: options).build()
    }

    package func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: output.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    package func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path)
    }

    /// The `.html` files of the output, sorted.
    package var pages: [String] {
        treeContents(output).keys.filter { $0.hasSuffix(".html") }.sorted()
    }

    package func remove() { temporary.remove() }

    /// Replaces `old` with `new` in a file of the site folder.
    package static func replace(_ old: String, with new: String, in file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }
}

extension TemporaryDirectory {
    /// Builds `site` into `output` with the repository's theme, paths in diagnostics shown
    /// relative to this folder; the failure's lines (`path:line:column: error: …`), or none.
    package func build(site: URL, into output: URL) -> [String] {
        var options = BuildOptions(siteDirectory: site, outputDirectory: output, themeDirectory: Repository.templates)
        let root = url.path + "/"
        options.displayPath = { url in
            let path = url.standardizedFileURL.path
            return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
        }
        do {
            _ = try SiteBuilder(options: options).build()
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }
}
