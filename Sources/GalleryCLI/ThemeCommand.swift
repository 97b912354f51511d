import Foundation
import GalleryRender
import GallerySupport

/// `gallerygen theme export DIR`: writes the built-in theme into a new folder to start a theme from.
struct ThemeCommand: Subcommand {
    var tool: CommandLineTool

    static let spec = CommandSpec(
        name: "theme", summary: "Export the built-in theme to start your own: gallerygen theme export DIR",
        usage: ["theme export DIR"],
        discussion: """
            Writes every file of the built-in theme (its Mustache templates and assets/) into DIR,
            which must not exist or be empty. Edit them, then build with --theme DIR, or copy only
            the files you change into the site's templates/ folder.
            """,
        options: [],
        arguments: [.choices(["export"]), .folder],
        exitCodes: "Exit codes: 0 exported, 1 the folder exists and is not empty, 2 usage errors.")

    func run(_ parsed: ArgumentParser) -> Int32 {
        guard parsed.positionals.count == 2, parsed.positionals[0] == "export" else {
            tool.console.error("\(tool.styled("error:", .error)) usage: gallerygen theme export DIR")
            return ExitCode.usage
        }
        let directory = URL(fileURLWithPath: parsed.positionals[1], relativeTo: tool.currentDirectory).standardizedFileURL
        do {
            let written = try BuiltInTheme.export(to: directory, displayPath: tool.display(directory))
            tool.console.out("Exported the built-in theme (\(written.count) files) to \(tool.display(directory)); build with --theme \(tool.display(directory))")
            return ExitCode.success
        } catch {
            tool.report([error])
            return ExitCode.failure
        }
    }
}
