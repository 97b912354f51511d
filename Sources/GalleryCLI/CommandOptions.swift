import Foundation
import GalleryContent
import GalleryKit

extension CommandLineTool {
    /// Build options from the usual `--site`, `--output` and `--theme` values; prints the problem
    /// and returns nil when the theme cannot be found.
    func buildOptions(site: String?, output: String?, theme: String?) -> BuildOptions? {
        guard let themeDirectory = ThemeLocator(tool: self).locate(explicit: theme) else {
            console.error("error: cannot find the default theme (a Templates/ folder with gallery.mustache); pass --theme DIR or set GALLERYGEN_THEME")
            return nil
        }
        var options = BuildOptions(siteDirectory: resolve(site ?? "Site"), outputDirectory: output.map(resolve),
                                   themeDirectory: themeDirectory)
        let tool = self
        options.displayPath = { tool.display($0) }
        return options
    }

    /// The `base_url` of the site's site.yml, if it has a valid one.
    func baseURL(ofSite siteDirectory: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: siteDirectory.appendingPathComponent("site.yml").path) else { return nil }
        return SiteConfig.parse(String(decoding: data, as: UTF8.self), displayPath: "site.yml").0.baseURL
    }
}

/// Finds the default theme: an explicit folder, `$GALLERYGEN_THEME`, or a `Templates/` folder
/// beside the executable's checkout or the working directory.
struct ThemeLocator {
    var tool: CommandLineTool

    func locate(explicit: String?) -> URL? {
        if let explicit { return tool.resolve(explicit) }
        if let fromEnvironment = tool.environment["GALLERYGEN_THEME"], !fromEnvironment.isEmpty {
            return tool.resolve(fromEnvironment)
        }
        var candidates: [URL] = []
        var directory = URL(fileURLWithPath: tool.executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(directory.appendingPathComponent("Templates"))
            candidates.append(directory.appendingPathComponent("share/gallerygen/Templates"))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(tool.currentDirectory.appendingPathComponent("Templates"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("gallery.mustache").path) }
    }
}
