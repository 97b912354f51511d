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
struct ServeCommand: Subcommand {
    var tool: CommandLineTool
    /// Blocks until the server should stop: by default until Ctrl-C (SIGINT) or SIGTERM. Tests
    /// pass their own, which talks to the running server and returns.
    var waitForStop: @Sendable (PreviewServer) -> Void = ServeCommand.waitForInterrupt

    static let spec = CommandSpec(
        name: "serve", summary: "Build, serve on this machine, rebuild on change and reload the page",
        usage: ["serve [--site DIR] [--output DIR] [--port 8000] [--host 127.0.0.1] [options]"],
        discussion: """
            Builds the site, serves the output on this machine and prints the address to open. It then
            watches the site folder and the theme, rebuilds after every change and reloads the page open
            in the browser. A failed rebuild prints its errors and keeps the previous pages served.
            Press Ctrl-C to stop.

            Each rebuild renders and writes only the pages whose inputs changed (a recipe edit: its page,
            its neighbours, the gallery and tag pages showing its card, the feed, the sitemap and the
            search index), as 'gallerygen build --incremental' does; a saved recipe is parsed again on
            its own, any other change has the whole site read again.

            The reload script is added to pages only as they are served; the pages written to the
            output folder are exactly those of 'gallerygen build'.
            """,
        options: [
            .site, .output, .theme,
            OptionSpec(name: "port", short: "p", value: "N", kind: .number,
                       help: "The port to listen on (default: 8000; 0 picks a free one)"),
            OptionSpec(name: "host", value: "ADDRESS", help: "The IPv4 address to listen on (default: 127.0.0.1, this machine only)"),
            .baseURL, .drafts,
            OptionSpec(name: "open", help: "Open the site in the default browser once it is served (xdg-open or open)"),
            .clean, .jobs,
            OptionSpec(name: "quiet", short: "q", help: "Print only the address, warnings and errors"),
            .verbose,
        ],
        exitCodes: """
            Exit codes: 0 stopped with Ctrl-C, 1 the port is taken or the server cannot start,
            2 usage errors.
            """)

    static var help: String { spec.help }

    init(tool: CommandLineTool) {
        self.tool = tool
    }

    func run(_ parsed: ArgumentParser) -> Int32 {
        let portText = parsed.options["port"] ?? "8000"
        guard let port = UInt16(portText) else {
            tool.console.error("\(tool.styled("error:", .error)) '--port \(portText)' is not a port number (0 to 65535)")
            return ExitCode.usage
        }
        guard let baseURL = tool.baseURLOption(parsed) else { return ExitCode.usage }
        guard let jobs = tool.jobsOption(parsed) else { return ExitCode.usage }
        guard var options = tool.buildOptions(parsed) else { return ExitCode.failure }
        options.baseURL = baseURL
        options.jobs = jobs
        let quiet = parsed.flags.contains("quiet")
        let phases = PhaseTimer(console: parsed.flags.contains("verbose") ? tool.console : nil)
        let host = parsed.options["host"] ?? "127.0.0.1"

        let console = tool.console
        let displayTool = tool
        let server = PreviewServer(options: options, host: host, port: port,
                                   watchedDirectories: [options.siteDirectory] + (options.themeDirectory.map { [$0] } ?? [])) { event in
            switch event {
            case .phase(let name):
                phases.begin(name)
            case .changed(let paths):
                guard !quiet else { return }
                let names = paths.prefix(3).map { displayTool.display(URL(fileURLWithPath: $0)) }
                let more = paths.count > 3 ? " and \(paths.count - 3) more" : ""
                console.out("Changed: \(names.joined(separator: ", "))\(more)")
            case .built(let report, let seconds, let generation):
                phases.finish()
                displayTool.report(report.diagnostics)
                guard !quiet else { return }
                if generation == 1 {
                    console.out("Built \(report.recipeCount) recipes into \(displayTool.display(report.outputDirectory)) "
                                + "in \(CommandLineTool.seconds(seconds)) s")
                } else {
                    console.out("Rebuilt \(CommandLineTool.grouped(report.renderedPageCount)) of \(CommandLineTool.grouped(report.pageCount)) pages "
                                + "(\(report.recipeCount) recipes) into \(displayTool.display(report.outputDirectory)) in \(CommandLineTool.seconds(seconds)) s")
                }
            case .failed(let failure):
                phases.finish()
                displayTool.report(failure.diagnostics)
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
        if !quiet { console.out("Open \(server.url) in a browser; pages reload after each rebuild. Press Ctrl-C to stop.") }
        if parsed.flags.contains("open") { Self.openInBrowser(server.url, console: console) }
        waitForStop(server)
        server.stop()
        console.out("Stopped.")
        return ExitCode.success
    }

    /// Opens `url` with the desktop's opener (xdg-open on Linux, open on macOS), if there is one.
    static func openInBrowser(_ url: String, console: CommandLineTool.Console,
                              openers candidates: [String] = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open", "/usr/bin/open"]) {
        guard let opener = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            console.error("Cannot open a browser here (no xdg-open); open \(url) yourself.")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { console.error("Cannot open a browser (\(opener) failed); open \(url) yourself.") }
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
