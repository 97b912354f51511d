import Foundation
import GalleryAuthoring
import GalleryContent
import GalleryKit
import GallerySupport

/// `gallerygen import FILE.plist`: turns the seed app's drink list into recipe files.
struct ImportCommand {
    var tool: CommandLineTool

    static let spec = CommandSpec(
        name: "import", summary: "Import the seed app's DrinkList.plist into recipes/",
        usage: ["import FILE.plist [--site DIR] [--force]"],
        discussion: """
            Imports a property list in the seed iOS app's DrinkList.plist format (XML or binary) into
            recipes/<slug>.md files of the site folder. The root is an array with one item per drink:
              - an array: name, image URL, ingredients (an array, or text with one per line),
                directions (an array of steps, or text with one step per line), glass;
              - or a dictionary with the keys name (or title), image (imageURL, picture, photo),
                ingredients, directions (instructions, method, steps), glass, and optionally
                summary (description), tags (category) and notes.
            https image URLs are kept as remote pictures; other image values are left out with a
            warning. Anything that cannot be read is reported with the file, item and line, and then
            nothing is written.
            """,
        options: [.site, OptionSpec(name: "force", short: "f", help: "Replace recipe files that already exist (refused by default)")],
        arguments: [.file],
        exitCodes: """
            Exit codes: 0 imported, 1 the file cannot be read or mapped, or a recipe exists,
            2 usage errors.
            """)

    static var help: String { spec.help }

    func run(_ arguments: [String]) -> Int32 {
        let parsed: ArgumentParser
        switch tool.parseCommand(arguments, spec: Self.spec) {
        case .run(let options): parsed = options
        case .exit(let code): return code
        }
        guard parsed.positionals.count == 1, let file = parsed.positionals.first else {
            tool.console.error("\(tool.styled("error:", .error)) name one property list to import: gallerygen import DrinkList.plist\n\n\(Self.help)")
            return ExitCode.usage
        }
        let plist = tool.resolve(file)
        guard let site = tool.siteDirectory(parsed.options["site"]) else { return ExitCode.failure }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            tool.report([.error("site folder not found (create one with: gallerygen new site \(parsed.options["site"] ?? "DIR"))", path: tool.display(site))])
            return ExitCode.failure
        }
        let (recipes, diagnostics) = PlistImport.load(from: plist, displayPath: tool.display(plist),
                                                       slugStyle: ContentLoader(siteDirectory: site).slugStyle)
        tool.report(diagnostics)
        let errorCount = diagnostics.filter { $0.severity == .error }.count
        guard errorCount == 0 else {
            tool.console.error("import failed with \(errorCount) error\(errorCount == 1 ? "" : "s"); no recipe was written")
            return ExitCode.failure
        }
        for diagnostic in PlistImport.interruptedImports(in: site, displayRoot: tool.display(site)) {
            tool.console.error(diagnostic.description)
        }
        let written: [String]
        do {
            written = try PlistImport.write(recipes, to: site, displayRoot: tool.display(site), force: parsed.flags.contains("force"))
        } catch {
            tool.report(error.diagnostics)
            tool.console.error(error.siteUnchanged
                ? "import stopped; no recipe was written or replaced"
                : "import stopped; some recipes could not be put back (see above)")
            return ExitCode.failure
        }
        for path in written { tool.console.out("  \(path)") }
        tool.console.out("Imported \(written.count) recipe\(written.count == 1 ? "" : "s") from \(tool.display(plist)).")
        return ExitCode.success
    }
}
