import Foundation
import GalleryKit

/// The `gallerygen` command line: parses arguments, runs a command and returns the exit code.
/// Exit codes: 0 success, 1 content errors, 2 usage errors.
package struct CommandLineTool: Sendable {
    package static let version = "0.1.0"

    /// Where output goes; tests capture it.
    package struct Console: Sendable {
        package var out: @Sendable (String) -> Void
        package var error: @Sendable (String) -> Void

        package init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
            self.out = out
            self.error = error
        }

        package static let standard = Console(
            out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    package var console: Console
    /// The working directory relative paths are resolved against.
    package var currentDirectory: URL
    /// The running executable, used to find the default theme.
    package var executablePath: String
    package var environment: [String: String]
    /// Whether `build` turns SIGINT and SIGTERM into a clean stop (the executable sets it; a
    /// library caller keeps its own signal handling).
    package var handlesSignals = false

    package init(console: Console = .standard,
                currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                executablePath: String = CommandLine.arguments.first ?? "gallerygen",
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.console = console
        self.currentDirectory = currentDirectory
        self.executablePath = executablePath
        self.environment = environment
    }

    static let usage = """
        gallerygen \(version) — build a static recipe gallery from Markdown and photos

        Usage: gallerygen <command> [options]

        Commands:
          build      Build the site (default site folder: Site, output: <site>/public)
          layouts    List the layout engines and their parameters
          serve      Build, serve on this machine, rebuild on change and reload the page
          new        Create a starter site (new site DIR) or a recipe (new recipe "Title")
          import     Import the seed app's DrinkList.plist into recipes/
          check      Check the content and every internal link of the built site
          help       Show help for a command: gallerygen help build

        Options:
          -h, --help     Show this help
          --version      Print the version
        """

    /// Runs the command named by `arguments` (without the program name).
    package func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            console.error(Self.usage)
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help":
            console.out(Self.usage)
            return ExitCode.success
        case "--version", "version":
            console.out("gallerygen \(Self.version)")
            return ExitCode.success
        case "help":
            guard let topic = rest.first else {
                console.out(Self.usage)
                return ExitCode.success
            }
            switch topic {
            case "build": console.out(BuildCommand.help)
            case "layouts": console.out(LayoutsCommand.help)
            case "serve": console.out(ServeCommand.help)
            case "new": console.out(NewCommand.help)
            case "import": console.out(ImportCommand.help)
            case "check": console.out(CheckCommand.help)
            default:
                console.error("error: unknown command '\(topic)'\n\n\(Self.usage)")
                return ExitCode.usage
            }
            return ExitCode.success
        case "build":
            return BuildCommand(tool: self).run(rest)
        case "layouts":
            return LayoutsCommand(tool: self).run(rest)
        case "serve":
            return ServeCommand(tool: self).run(rest)
        case "new":
            return NewCommand(tool: self).run(rest)
        case "import":
            return ImportCommand(tool: self).run(rest)
        case "check":
            return CheckCommand(tool: self).run(rest)
        default:
            console.error("error: unknown command '\(command)'\n\n\(Self.usage)")
            return ExitCode.usage
        }
    }

    /// A path as the user would write it: relative to the working directory when inside it.
    func display(_ url: URL) -> String {
        let base = currentDirectory.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path == base { return "." }
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }

    func resolve(_ path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        return expanded.hasPrefix("/")
            ? URL(fileURLWithPath: expanded).standardizedFileURL
            : currentDirectory.appendingPathComponent(expanded).standardizedFileURL
    }
}

/// The process exit codes.
package enum ExitCode {
    package static let success: Int32 = 0
    /// The content has errors (or the build failed).
    package static let failure: Int32 = 1
    /// The command line was wrong.
    package static let usage: Int32 = 2
}
