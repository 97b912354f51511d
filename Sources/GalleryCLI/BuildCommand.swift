import Foundation
import GalleryKit
import GallerySupport

/// `gallerygen build`: builds a site folder into its output folder.
struct BuildCommand {
    var tool: CommandLineTool

    static let help = """
        Usage: gallerygen build [--site DIR] [--output DIR] [options]

        Builds the site in DIR (default: Site) into a static website (default: DIR/public).
        The previous output is replaced only when the whole build succeeds.

        Options:
          --site DIR      The site folder holding site.yml, recipes/ and images/ (default: Site)
          --output DIR    Where to write the website (default: <site>/public)
          --theme DIR     Use another default theme folder (default: the Templates/ folder
                          beside the gallerygen checkout, or $GALLERYGEN_THEME)
          --base-url URL  Publish under URL instead of site.yml's base_url (feed, sitemap,
                          canonical and social links; pages themselves stay relative)
          --drafts        Include recipes marked 'draft: true'
          --clean         Empty the image cache first and process every image again
          --layout-report FILE
                          Also write the gallery's computed frames (every arrangement,
                          breakpoint and filter) as JSON to FILE, for checks and debugging
          --jobs N        Process N images at a time (default: one per processor core)
          --quiet         Print only warnings and errors (no progress line)
          --verbose       Print each phase of the build with its timing
          -h, --help      Show this help

        Exit codes: 0 built, 1 content errors (printed as path:line:column: error: message),
        2 usage errors, 130/143 stopped by Ctrl-C or SIGTERM (a second Ctrl-C exits at once).
        """

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

    func run(_ arguments: [String]) -> Int32 {
        let parsed: ArgumentParser
        switch tool.parseCommand(arguments, values: ["site", "output", "theme", "layout-report", "jobs", "base-url"],
                                 flags: ["drafts", "clean", "quiet", "verbose"], help: Self.help) {
        case .run(let options): parsed = options
        case .exit(let code): return code
        }
        guard var options = tool.buildOptions(site: parsed.options["site"], output: parsed.options["output"],
                                              theme: parsed.options["theme"]) else {
            return ExitCode.usage
        }
        options.includeDrafts = parsed.flags.contains("drafts")
        options.cleanCache = parsed.flags.contains("clean")
        if let baseURL = parsed.options["base-url"] {
            guard let url = URL(string: baseURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                tool.console.error("error: --base-url needs an absolute http(s) URL such as https://example.com/bar/, found '\(baseURL)'")
                return ExitCode.usage
            }
            options.baseURL = baseURL
        }
        options.layoutReport = parsed.options["layout-report"].map(tool.resolve)
        if let jobs = parsed.options["jobs"] {
            guard let count = Int(jobs), count > 0 else {
                tool.console.error("error: --jobs needs a positive whole number, found '\(jobs)'\n\n\(Self.help)")
                return ExitCode.usage
            }
            options.jobs = count
        }
        if let line = ImageProgressLine.forStandardError(enabled: !parsed.flags.contains("quiet")) {
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
        let quiet = parsed.flags.contains("quiet")
        let verbose = parsed.flags.contains("verbose")
        let started = Date()
        var phaseStarted = started
        var currentPhase: String?
        func finishPhase() {
            if verbose, let currentPhase {
                console.error(String(format: "  %@ (%.0f ms)", currentPhase, Date().timeIntervalSince(phaseStarted) * 1000))
            }
        }
        do {
            let report = try SiteBuilder(options: options).build { phase in
                finishPhase()
                currentPhase = phase
                phaseStarted = Date()
            }
            finishPhase()
            for diagnostic in report.diagnostics { console.error(diagnostic.description) }
            if !quiet {
                let seconds = Date().timeIntervalSince(started)
                let output = tool.display(report.outputDirectory)
                console.out(String(format: "Built %d recipes into %@ (%d files) in %.2f s", report.recipeCount, output, report.fileCount, seconds))
                console.out("Open \(output)/index.html in a browser, or serve \(output) with any static web server.")
            }
            return ExitCode.success
        } catch {
            if let trap, let signal = trap.signal {
                console.error("gallerygen: interrupted; the build was stopped and the previous output left as it was")
                return 128 + signal
            }
            for diagnostic in error.diagnostics { console.error(diagnostic.description) }
            let count = error.errors.count
            console.error("build failed with \(count) error\(count == 1 ? "" : "s"); the previous output was left as it was")
            return ExitCode.failure
        }
    }
}
