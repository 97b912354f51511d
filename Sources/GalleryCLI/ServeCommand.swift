import Foundation
import GalleryKit
import GalleryServe
import GallerySupport
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
        switch tool.parseCommand(arguments, values: ["site", "output", "theme", "port", "host"], flags: ["drafts"],
                                 aliases: ["-p": "--port"], help: Self.help) {
        case .run(let options): parsed = options
        case .exit(let code): return code
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
