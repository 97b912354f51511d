import Foundation
import GalleryAuthoring
import GalleryContent
import GallerySupport

/// `gallerygen import SOURCE...`: brings a collection in from another recipe format, each source
/// recognised from its content.
struct ImportCommand: Subcommand {
    var tool: CommandLineTool

    static let spec = CommandSpec(
        name: "import", summary: "Import recipes: schema.org pages and JSON, Nextcloud Cookbook, Paprika, Mealie, Cooklang, Jekyll/Hugo, the seed app's plist",
        usage: ["import [-s DIR] [--from FORMAT] [--keep-going] [--force] [--no-download] SOURCE..."],
        discussion: """
            Reads each SOURCE (a file or a folder), recognising its format from its content, and
            writes recipes/<slug>.md and images/<slug>.<ext> into the site folder. Formats:
            \(formatList)

            What gallerygen has a field for goes in its field; what it lacks goes under extra: in the
            recipe's front matter; the summary at the end lists both. A photo known only by its address
            is downloaded (20 s, 25 MB, an image content type); when it cannot be, the recipe is imported
            with one warning. Nothing is written until every source is read: any error and nothing
            changes, unless --keep-going. A file already holding the same recipe is left alone, so
            running the same import again changes nothing; a different recipe of the same name is
            refused unless --force.
            """,
        options: [
            .site,
            OptionSpec(name: "from", value: "FORMAT", kind: .choices(ImportFormat.allCases.map(\.rawValue)),
                       help: "Read every source as FORMAT instead of recognising it"),
            OptionSpec(name: "keep-going", short: "k", help: "Import the recipes that can be read and list the others with why"),
            OptionSpec(name: "force", short: "f", help: "Replace recipe files and photos that already exist (refused by default)"),
            OptionSpec(name: "no-download", help: "Never download photos; an https photo stays a remote picture"),
        ],
        arguments: [.file],
        exitCodes: """
            Exit codes: 0 imported, 1 a source cannot be read or a recipe exists (nothing written
            without --keep-going), 2 usage errors.
            """)

    static var help: String { spec.help }

    /// Each format: its name, what it reads (wrapped), and an example.
    static var formatList: String {
        ImportFormat.allCases.map { format in
            let lines = CommandSpec.wrap(format.help.what, width: 76)
            return "  \(format.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))\(lines[0])\n"
                + lines.dropFirst().map { String(repeating: " ", count: 12) + $0 + "\n" }.joined()
                + String(repeating: " ", count: 12) + "e.g. " + format.help.example
        }.joined(separator: "\n")
    }

    func run(_ parsed: ArgumentParser) -> Int32 {
        guard !parsed.positionals.isEmpty else {
            tool.console.error("\(tool.styled("error:", .error)) name what to import: gallerygen import saved-page.html\n\n\(Self.help)")
            return ExitCode.usage
        }
        var format: ImportFormat?
        if let name = parsed.options["from"] {
            guard let known = ImportFormat(rawValue: name) else {
                tool.console.error("\(tool.styled("error:", .error)) unknown format '\(name)'; one of \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
                return ExitCode.usage
            }
            format = known
        }
        guard let site = tool.siteDirectory(parsed.options["site"]) else { return ExitCode.failure }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            tool.report([.error("site folder not found (create one with: gallerygen new site \(parsed.options["site"] ?? "DIR"))", path: tool.display(site))])
            return ExitCode.failure
        }
        let keepGoing = parsed.flags.contains("keep-going")
        let slugStyle = ContentLoader(siteDirectory: site).slugStyle
        var source = ImportSource()
        for path in parsed.positionals {
            let url = tool.resolve(path)
            source.read(url, display: tool.display(url), format: format, slugStyle: slugStyle)
        }
        let fetcher = PhotoFetcher()
        let fetch: ImportPlan.Fetch? = parsed.flags.contains("no-download") ? nil : { @Sendable address in fetcher.fetch(address) }
        let plan = ImportPlan(source.recipes, ready: source.ready, slugStyle: slugStyle, fetch: fetch)
        let diagnostics = source.diagnostics + plan.diagnostics
        tool.report(diagnostics)
        let errorCount = diagnostics.filter { $0.severity == .error }.count
        if errorCount > 0 && !keepGoing {
            tool.console.error("import failed with \(errorCount) error\(errorCount == 1 ? "" : "s"); nothing was written (--keep-going imports the rest)")
            return ExitCode.failure
        }
        for diagnostic in ImportWriter.interruptedImports(in: site, displayRoot: tool.display(site)) {
            tool.console.error(diagnostic.description)
        }
        let written: [String]
        do throws(ImportFailure) {
            written = try ImportWriter.write(plan.files, to: site, displayRoot: tool.display(site), force: parsed.flags.contains("force"))
        } catch {
            tool.report(error.diagnostics)
            tool.console.error(error.siteUnchanged
                ? "import stopped; nothing was written or replaced"
                : "import stopped; some files could not be put back (see above)")
            return ExitCode.failure
        }
        for path in written { tool.console.out("  \(path)") }
        let unchanged = plan.files.count - written.count
        var summary = plan.summary
        summary[0] = "Imported " + summary[0] + (unchanged > 0 ? " (\(unchanged) file\(unchanged == 1 ? "" : "s") already as imported)" : "") + "."
        if errorCount > 0 { summary.append("skipped what the \(errorCount) error\(errorCount == 1 ? " above names" : "s above name") (--keep-going)") }
        for line in source.identified.map({ "read \($0)" }) + summary { tool.console.out(line) }
        return errorCount > 0 ? ExitCode.failure : ExitCode.success
    }
}
