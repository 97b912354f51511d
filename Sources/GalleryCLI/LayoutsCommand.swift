import Foundation
import GalleryContent
import GalleryKit
import GalleryLayout
import GalleryPlan
import GalleryRender

/// `gallerygen layouts`: lists every layout engine with its parameters and defaults, or draws a
/// site's arrangements as an SVG contact sheet (`--preview DIR`).
struct LayoutsCommand: Subcommand {
    var tool: CommandLineTool

    static let spec = CommandSpec(
        name: "layouts", summary: "List the layout engines and their parameters",
        usage: ["layouts [NAME]", "layouts --preview DIR > sheet.svg"],
        discussion: """
            Lists the layout engines the gallery can use, with every parameter, its type and its
            default. Use them in site.yml under gallery.arrangements, for example:

              gallery:
                arrangements:
                  - grid
                  - fan: { radius: 1500 }

            Lengths are in reference pixels of each breakpoint; angles in degrees.

            With --preview DIR, prints instead an SVG contact sheet of the site in DIR: its first
            gallery page in every arrangement (rows; a stack arrangement with sections also with
            each stack opened) at every breakpoint (columns), each card where the engine puts it,
            turned and in its stacking order, with its title.
            """,
        options: [
            OptionSpec(name: "preview", value: "DIR", kind: .folder,
                       help: "Print an SVG contact sheet of the site in DIR: every arrangement at every breakpoint"),
        ],
        arguments: [.choices(LayoutRegistry.engines.map(\.name))],
        exitCodes: "Exit codes: 0 listed, 2 unknown layout or usage errors.")

    static var help: String { spec.help }

    func run(_ parsed: ArgumentParser) -> Int32 {
        if let folder = parsed.options["preview"] {
            guard parsed.positionals.isEmpty else {
                tool.console.error("\(tool.styled("error:", .error)) --preview draws every arrangement of the site; leave out the layout name")
                return ExitCode.usage
            }
            return preview(tool.resolve(folder))
        }
        guard parsed.positionals.count <= 1 else {
            tool.console.error("\(tool.styled("error:", .error)) name at most one layout: gallerygen layouts fan")
            return ExitCode.usage
        }
        var engines = LayoutRegistry.engines
        if let name = parsed.positionals.first {
            guard let engine = LayoutRegistry.engine(named: name) else {
                let suggestion = nearest(to: name, in: LayoutRegistry.engines.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                tool.console.error("\(tool.styled("error:", .error)) unknown layout '\(name)'\(suggestion); known layouts: \(LayoutRegistry.engines.map(\.name).joined(separator: ", "))")
                return ExitCode.usage
            }
            engines = [engine]
        }
        var lines: [String] = []
        for engine in engines {
            lines.append("\(engine.name) — \(engine.summary)")
            let nameWidth = engine.parameters.map(\.name.count).max() ?? 0
            let typeWidth = engine.parameters.map(\.type.name.count).max() ?? 0
            let defaultWidth = engine.parameters.map(\.defaultValue.count).max() ?? 0
            for parameter in engine.parameters {
                lines.append("  " + pad(parameter.name, nameWidth) + "  " + pad(parameter.type.name, typeWidth)
                             + "  " + pad(parameter.defaultValue, defaultWidth) + "  " + parameter.help)
            }
            lines.append("")
        }
        let untitled = LayoutRegistry.engines.filter { !$0.showsTitlesByDefault }.map(\.name)
        lines.append("""
            Every arrangement also takes: label (the switcher's text), titles (true/false: titles under \
            the pictures, else over the foot of each picture, where the top card shows its own; \
            off for \(Self.list(untitled))), and a breakpoint's name holding \
            parameters for that breakpoint only, e.g. phone: { radius: 400 }. A site that names no \
            arrangements gets \(Self.list(LayoutRegistry.defaultEngines.map(\.name))).
            """)
        tool.console.out(lines.joined(separator: "\n"))
        return ExitCode.success
    }

    /// Loads the site in `folder` and prints its first gallery page's contact sheet.
    private func preview(_ folder: URL) -> Int32 {
        let loader = ContentLoader(siteDirectory: folder, displayRoot: tool.display(folder))
        do {
            let (site, warnings) = try SiteBuilder.loadSite(loader)
            tool.report(warnings)
            // The sheet ends with its own line break, which `out` adds.
            tool.console.out(String(LayoutPreview.svg(GalleryPages(site: site).model(page: 1)).dropLast()))
            return ExitCode.success
        } catch {
            tool.report(error.diagnostics)
            let count = error.errors.count
            tool.console.error("\(tool.styled("error:", .error)) the site has \(count) error\(count == 1 ? "" : "s"); no contact sheet")
            return ExitCode.failure
        }
    }

    /// "a, b and c".
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
