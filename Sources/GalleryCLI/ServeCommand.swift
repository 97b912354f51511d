import Foundation
import GalleryKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `gallerygen serve`: builds the site, serves it on the local machine, rebuilds on every change
/// and reloads the open page.
struct ServeCommand {
    var tool: CommandLineTool
    /// Blocks until the server should stop: by default until Ctrl-C (SIGINT) or SIGTERM. Tests
    /// pass their own, which talks to the running server and returns.
    var waitForStop: @Sendable (PreviewServer) -> Void = ServeCommand.waitForInterrupt

    static let help = """
        Usage: gallerygen serve [--site DIR] [--output DIR] [--port 8000] [--host 127.0.0.1] [options]

        Builds the site, serves the output on this machine and prints the address to open. It then
        watches the site folder and the theme, rebuilds after every change and reloads the page open
        in the browser. A failed rebuild prints its errors and keeps the previous pages served.
        Press Ctrl-C to stop.

        Options:
          --site DIR      The site folder (default: Site)
          --output DIR    Where to write the website (default: <site>/public)
          --theme DIR     Use another default theme folder
          --port N        The port to listen on (default: 8000; 0 picks a free one)
          --host ADDRESS  The IPv4 address to listen on (default: 127.0.0.1, this machine only)
          --drafts        Include recipes marked 'draft: true'
          -h, --help      Show this help

        The reload script is added to pages only as they are served; the files written to the
        output folder are exactly those of 'gallerygen build'.

        Exit codes: 0 stopped with Ctrl-C, 1 the port is taken or the server cannot start,
        2 usage errors.
        """

    func run(_ arguments: [String]) -> Int32 {
        let parsed: ArgumentParser
        do {
            parsed = try ArgumentParser(arguments, valueOptions: ["site", "output", "theme", "port", "host"],
                                        flagOptions: ["drafts", "help"], aliases: ["-h": "--help", "-p": "--port"])
        } catch {
            tool.console.error("error: \(error.message)\n\n\(Self.help)")
            return ExitCode.usage
        }
        if parsed.flags.contains("help") {
            tool.console.out(Self.help)
            return ExitCode.success
        }
        if let extra = parsed.positionals.first {
            tool.console.error("error: unexpected argument '\(extra)' (use --site DIR to choose the site folder)\n\n\(Self.help)")
            return ExitCode.usage
        }
        let portText = parsed.options["port"] ?? "8000"
        guard let port = UInt16(portText) else {
            tool.console.error("error: '--port \(portText)' is not a port number (0 to 65535)")
            return ExitCode.usage
        }
        guard var options = tool.buildOptions(site: parsed.options["site"], output: parsed.options["output"],
                                              theme: parsed.options["theme"]) else {
            return ExitCode.usage
        }
        options.includeDrafts = parsed.flags.contains("drafts")
        let host = parsed.options["host"] ?? "127.0.0.1"

        let console = tool.console
        let displayTool = tool
        let basePath = tool.baseURL(ofSite: options.siteDirectory).map(StaticSiteHandler.basePath(fromBaseURL:)) ?? "/"
        let server = PreviewServer(options: options, host: host, port: port, basePath: basePath,
                                   watchedDirectories: [options.siteDirectory, options.themeDirectory]) { event in
            switch event {
            case .changed(let paths):
                let names = paths.prefix(3).map { displayTool.display(URL(fileURLWithPath: $0)) }
                let more = paths.count > 3 ? " and \(paths.count - 3) more" : ""
                console.out("Changed: \(names.joined(separator: ", "))\(more)")
            case .built(let report, let seconds, let generation):
                for diagnostic in report.diagnostics { console.error(diagnostic.description) }
                let verb = generation == 1 ? "Built" : "Rebuilt"
                console.out(String(format: "%@ %d recipes into %@ in %.2f s", verb, report.recipeCount,
                                   displayTool.display(report.outputDirectory), seconds))
            case .failed(let failure):
                for diagnostic in failure.diagnostics { console.error(diagnostic.description) }
                let count = failure.errors.count
                console.error("build failed with \(count) error\(count == 1 ? "" : "s"); still serving the previous pages")
            }
        }
        do {
            try server.start()
        } catch {
            console.error("error: \(error.message)")
            return ExitCode.failure
        }
        console.out("Serving \(tool.display(options.outputDirectory)) at \(server.url)")
        console.out("Open \(server.url) in a browser; pages reload after each rebuild. Press Ctrl-C to stop.")
        waitForStop(server)
        server.stop()
        console.out("Stopped.")
        return ExitCode.success
    }

    /// Waits for Ctrl-C or SIGTERM, then restores their default handling.
    static func waitForInterrupt(_ server: PreviewServer) {
        let stop = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        stop.wait()
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

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
