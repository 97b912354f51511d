import Foundation
import GalleryContent
import GalleryKit
import GalleryRender
import GallerySupport

/// `gallerygen check`: validates the content and follows every internal link of the built site.
struct CheckCommand: Subcommand {
    var tool: CommandLineTool

    static let spec = CommandSpec(
        name: "check", summary: "Check the content and every internal link of the built site",
        usage: ["check [--site DIR] [--output DIR] [--theme DIR] [--drafts] [--warnings all]"],
        discussion: """
            Validates the site's content and templates, then checks that every internal link of the
            website (href, src, srcset and poster in HTML; url() and @import in CSS) leads to a file
            of the website. External URLs and in-page anchors are not followed.

            Without --output, check builds the site into a temporary folder, checks that fresh build
            and deletes it: your output folder is never touched, and broken links are named by the
            file the build would write (under <site>/public). With --output DIR, check loads the
            content to validate it and checks the website already built in DIR, as it is.

            Warnings come after errors, those about the content (something dropped or ignored)
            before the advice on Google's recipe rich results, which only check lists (a build
            counts it in one line). Of many warnings of one kind the first three are printed and
            the rest counted; --warnings all prints every one.
            """,
        options: [
            .site,
            OptionSpec(name: "output", short: "o", aliases: ["destination"], shortAliases: ["d"], value: "DIR", kind: .folder,
                       help: "Check this already built website instead of a fresh build"),
            .theme, .drafts, .format,
            OptionSpec(name: "warnings", value: "WHICH", kind: .choices(DiagnosticDigest.Detail.allCases.map(\.rawValue)),
                       help: "grouped (default): the first three warnings of a kind, then a count; all: every warning"),
        ],
        exitCodes: """
            Broken links are printed as path:line:column: error: broken link 'URL'.
            Exit codes: 0 no problems, 1 content errors or broken links, 2 usage errors.
            """)

    static var help: String { spec.help }

    /// `--format`: text or json (diagnostics as JSON lines on standard output).
    private var format: String?
    /// `--warnings`: grouped or all.
    private var warnings = DiagnosticDigest.Detail.grouped

    init(tool: CommandLineTool) {
        self.tool = tool
    }

    func run(_ parsed: ArgumentParser) -> Int32 {
        var command = self
        if let which = parsed.options["warnings"] {
            guard let detail = DiagnosticDigest.Detail(rawValue: which) else {
                tool.console.error("\(tool.styled("error:", .error)) --warnings takes grouped or all, found '\(which)'")
                return ExitCode.usage
            }
            command.warnings = detail
        }
        guard var options = tool.buildOptions(parsed) else { return ExitCode.failure }
        options.warnings = command.warnings
        options.listsAdvice = true
        command.format = parsed.options["format"]
        return command.check(options, existing: parsed.options["output"] != nil)
    }

    private func check(_ options: BuildOptions, existing: Bool) -> Int32 {
        existing ? checkExistingOutput(options) : checkFreshBuild(options)
    }

    /// Builds into a temporary folder and checks it, naming files as the real build would.
    private func checkFreshBuild(_ options: BuildOptions) -> Int32 {
        let console = tool.console
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gallerygen-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var scratchOptions = options
        scratchOptions.outputDirectory = scratch.appendingPathComponent("public")
        let realOutput = tool.display(options.outputDirectory)
        let scratchPath = scratchOptions.outputDirectory.path
        let displayTool = tool
        scratchOptions.displayPath = { url in
            let path = url.standardizedFileURL.path
            if path == scratchPath { return realOutput }
            if path.hasPrefix(scratchPath + "/") { return realOutput + path.dropFirst(scratchPath.count) }
            return displayTool.display(url)
        }
        let report: BuildReport
        do {
            report = try SiteBuilder(options: scratchOptions).build()
        } catch {
            tool.report(error.diagnostics, format: format)
            let count = error.errors.count
            console.error("check failed: the site does not build (\(count) error\(count == 1 ? "" : "s"))")
            return ExitCode.failure
        }
        tool.report(report.diagnostics, format: format)
        return checkLinks(in: scratchOptions.outputDirectory, displayPath: realOutput, baseURL: report.baseURL,
                          recipes: report.recipeCount, warnings: report.warningCount)
    }

    /// Validates the content, then checks the website already in the output folder.
    private func checkExistingOutput(_ options: BuildOptions) -> Int32 {
        let console = tool.console
        let output = tool.display(options.outputDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.outputDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            tool.report([.error("no website here; build one first, or leave out --output to check a fresh build", path: output)], format: format)
            return ExitCode.failure
        }
        let loader = ContentLoader(siteDirectory: options.siteDirectory, displayRoot: tool.display(options.siteDirectory),
                                   includeDrafts: options.includeDrafts)
        let recipeCount: Int, baseURL: String?, warningCount: Int
        do {
            let (site, warnings) = try SiteBuilder.loadSite(loader)
            // What a build would find rendering the pages: the recipes' rich-result checks.
            let log = DiagnosticDigest(detail: self.warnings)
            log.append(contentsOf: warnings + RecipeRichResults.diagnostics(in: site))
            tool.report(log.sorted, format: format)
            warningCount = log.warningCount
            recipeCount = site.recipes.count
            baseURL = site.config.baseURL
        } catch {
            tool.report(error.diagnostics, format: format)
            let count = error.errors.count
            console.error("check failed: the content has \(count) error\(count == 1 ? "" : "s")")
            return ExitCode.failure
        }
        return checkLinks(in: options.outputDirectory, displayPath: output, baseURL: baseURL, recipes: recipeCount, warnings: warningCount)
    }

    private func checkLinks(in directory: URL, displayPath: String, baseURL: String?, recipes: Int, warnings: Int) -> Int32 {
        let report = LinkChecker(outputDirectory: directory, displayPath: displayPath, baseURL: baseURL).check()
        tool.report(report.diagnostics, format: format)
        let broken = report.brokenCount
        guard broken == 0 else {
            tool.console.error("check failed: \(broken) broken link\(broken == 1 ? "" : "s") in \(displayPath)")
            return ExitCode.failure
        }
        let summary = "Checked \(recipes) recipe\(recipes == 1 ? "" : "s") and \(report.linkCount) internal links in \(report.fileCount) pages and style sheets: \(warnings == 0 ? "no problems" : "no errors, \(warnings) warning\(warnings == 1 ? "" : "s")")."
        if format == "json" { tool.console.error(summary) } else { tool.console.out(summary) }
        return ExitCode.success
    }
}
