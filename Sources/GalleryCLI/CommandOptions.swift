import Foundation
import GalleryContent
import GalleryKit

extension CommandLineTool {
    /// Build options from the usual `--site`, `--output`, `--theme` and `--drafts`; prints the
    /// problem and returns nil when there is no site folder to use.
    func buildOptions(_ parsed: ArgumentParser) -> BuildOptions? {
        guard let site = siteDirectory(parsed.options["site"], quiet: parsed.flags.contains("quiet") || parsed.options["format"] == "json") else {
            return nil
        }
        var options = BuildOptions(siteDirectory: site, outputDirectory: parsed.options["output"].map(resolve),
                                   themeDirectory: themeDirectory(explicit: parsed.options["theme"]))
        options.includeDrafts = parsed.flags.contains("drafts")
        options.cleanCache = parsed.flags.contains("clean")
        let tool = self
        options.displayPath = { tool.display($0) }
        return options
    }

    /// The site folder: `--site DIR`; else the current folder when it holds a site.yml, as Hugo
    /// and Zola do; else `Site/` when it holds one (the gallerygen checkout's sample), said in one
    /// line. Prints the problem and returns nil when none is found.
    func siteDirectory(_ explicit: String?, quiet: Bool = false) -> URL? {
        if let explicit { return resolve(explicit) }
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: currentDirectory.appendingPathComponent("site.yml").path) {
            return currentDirectory.standardizedFileURL
        }
        let sample = currentDirectory.appendingPathComponent("Site")
        if fileManager.fileExists(atPath: sample.appendingPathComponent("site.yml").path) {
            if !quiet { console.error("Using the site folder \(display(sample)) (no site.yml here)") }
            return sample.standardizedFileURL
        }
        console.error("\(styled("error:", .error)) no site.yml in \(display(currentDirectory) == "." ? "the current folder" : display(currentDirectory)); run gallerygen inside a site folder, name one with --site DIR, or create one with 'gallerygen new site DIR'")
        return nil
    }

    /// `--theme DIR`, else `$GALLERYGEN_THEME`, else nil: the theme built into the binary.
    func themeDirectory(explicit: String?) -> URL? {
        if let explicit { return resolve(explicit) }
        if let fromEnvironment = environment["GALLERYGEN_THEME"], !fromEnvironment.isEmpty {
            return resolve(fromEnvironment)
        }
        return nil
    }

    /// `--base-url URL` checked: an absolute http(s) address. Prints the problem and returns nil
    /// when it is not one; returns .some(nil) when the option was not given.
    func baseURLOption(_ parsed: ArgumentParser) -> String?? {
        guard let baseURL = parsed.options["base-url"] else { return .some(nil) }
        guard let url = URL(string: baseURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            console.error("\(styled("error:", .error)) --base-url needs an absolute http(s) URL such as https://example.com/bar/, found '\(baseURL)'")
            return nil
        }
        return .some(baseURL)
    }

    /// `--jobs N` checked: a positive whole number. Prints the problem and returns nil when it is
    /// not one; returns .some(nil) when the option was not given (one image per core).
    func jobsOption(_ parsed: ArgumentParser) -> Int?? {
        guard let jobs = parsed.options["jobs"] else { return .some(nil) }
        guard let count = Int(jobs), count > 0 else {
            console.error("\(styled("error:", .error)) --jobs needs a positive whole number, found '\(jobs)'")
            return nil
        }
        return .some(count)
    }
}
