import Foundation
import GalleryKit
import GallerySupport

/// `gallerygen build`: builds a site folder into its output folder.
struct BuildCommand: Subcommand {
    var tool: CommandLineTool

    static let spec = CommandSpec(
        name: "build", summary: "Build the site into a static website (default output: <site>/public)",
        usage: ["build [--site DIR] [--output DIR] [options]"],
        discussion: """
            Builds the site in DIR (default: the current folder when it holds a site.yml) into a
            static website (default: DIR/public). The previous output is replaced only when the
            whole build succeeds. With --incremental only the files whose inputs changed are
            rendered and written; the fingerprints that tell which are kept in the output folder's
            .gallerygen-output marker.
            """,
        options: [
            .site, .output, .theme, .baseURL, .drafts,
            .clean,
            OptionSpec(name: "incremental", help: "Render and write only the files whose inputs changed since the last incremental build (or serve) into the output folder, keeping the others: the same pages as a full build"),
            OptionSpec(name: "layout-report", value: "FILE", kind: .file,
                       help: "Also write the gallery's computed frames (every arrangement, breakpoint and filter) as JSON to FILE, for checks and debugging"),
            .jobs, .format, .quiet, .verbose,
        ],
        exitCodes: """
            Exit codes: 0 built, 1 content errors (printed as path:line:column: error: message),
            2 usage errors, 130/143 stopped by Ctrl-C or SIGTERM (a second Ctrl-C exits at once).
            """)

    static var help: String { spec.help }

    /// The test hook behind GALLERYGEN_TEST_PAUSE_AT=before-swap|mid-swap|before-cleanup: at that
    /// point of the swap, print a marker and wait (up to 30 s, or until cancelled) to be killed.
    static func testPause(at phase: OutputWriter.SwapPhase, console: CommandLineTool.Console,
                          cancellation: BuildCancellation?) -> @Sendable (OutputWriter.SwapPhase) -> Void {
        { reached in
            guard reached == phase else { return }
            console.error("gallerygen-test: paused at \(phase.rawValue)")
            for _ in 0..<1500 where cancellation?.isCancelled != true { usleep(20_000) }
        }
    }

    func run(_ parsed: ArgumentParser) -> Int32 {
        let format = parsed.options["format"]
        guard let baseURL = tool.baseURLOption(parsed) else { return ExitCode.usage }
        guard let jobs = tool.jobsOption(parsed) else { return ExitCode.usage }
        guard var options = tool.buildOptions(parsed) else { return ExitCode.failure }
        options.baseURL = baseURL
        options.jobs = jobs
        options.incremental = parsed.flags.contains("incremental")
        options.layoutReport = parsed.options["layout-report"].map(tool.resolve)
        if let line = ImageProgressLine.forStandardError(enabled: !parsed.flags.contains("quiet") && format != "json") {
            options.imageProgress = { line.update($0) }
        }
        let console = tool.console
        options.notice = { console.error($0) }
        let trap = tool.handlesSignals ? InterruptTrap() : nil
        defer { trap?.remove() }
        options.cancellation = trap?.cancellation
        if let phase = tool.environment["GALLERYGEN_TEST_PAUSE_AT"].flatMap(OutputWriter.SwapPhase.init(rawValue:)) {
            options.swapCheckpoint = Self.testPause(at: phase, console: console, cancellation: trap?.cancellation)
        }
        let quiet = parsed.flags.contains("quiet") || format == "json"
        let phases = PhaseTimer(console: parsed.flags.contains("verbose") ? console : nil)
        let started = Date()
        do {
            let report = try SiteBuilder(options: options).build { phases.begin($0) }
            phases.finish()
            tool.report(report.diagnostics, format: format)
            if !quiet {
                let seconds = Date().timeIntervalSince(started)
                let output = tool.display(report.outputDirectory)
                if options.incremental {
                    console.out("Built \(report.recipeCount) recipes into \(output) (\(report.fileCount) files; rendered "
                                + "\(CommandLineTool.grouped(report.renderedPageCount)) of \(CommandLineTool.grouped(report.pageCount)) pages) "
                                + "in \(CommandLineTool.seconds(seconds)) s")
                } else {
                    console.out("Built \(report.recipeCount) recipes into \(output) (\(report.fileCount) files) in \(CommandLineTool.seconds(seconds)) s")
                }
                console.out("Open \(output)/index.html in a browser, or serve \(output) with any static web server.")
            }
            return ExitCode.success
        } catch {
            if let trap, let signal = trap.signal {
                console.error("gallerygen: interrupted; the build was stopped and the previous output left as it was")
                return 128 + signal
            }
            tool.report(error.diagnostics, format: format)
            let count = error.errors.count
            console.error("\(tool.styled("build failed", .error)) with \(count) error\(count == 1 ? "" : "s"); the previous output was left as it was")
            return ExitCode.failure
        }
    }
}
