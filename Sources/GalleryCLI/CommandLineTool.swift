import Foundation
import GalleryKit
import GallerySupport

/// The `gallerygen` command line: parses arguments, runs a command and returns the exit code.
/// Exit codes: 0 success, 1 content errors, 2 usage errors.
package struct CommandLineTool: Sendable {
    package static let version = "0.1.0"

    /// `10214` as `10,214`, for counts in messages (the same in every locale).
    static func grouped(_ number: Int) -> String {
        GroupedNumber.text(number)
    }

    /// A time in seconds with two decimals, as `%.2f` writes it, for the summary of a build.
    /// Interpolated rather than `String(format:)`, whose first use in a run looks up its
    /// arguments' types at run time: some 2 M instructions, a build of a thousand recipes' 0.2%.
    static func seconds(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        guard hundredths.isFinite, hundredths >= 0, hundredths < 1e15 else { return "\(value)" }
        let whole = Int(hundredths) / 100, fraction = Int(hundredths) % 100
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Where output goes; tests capture it.
    package struct Console: Sendable {
        package var out: @Sendable (String) -> Void
        package var error: @Sendable (String) -> Void
        /// Whether `error` writes to a terminal (then diagnostics may be coloured).
        package var errorIsTerminal: Bool

        package init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
                    errorIsTerminal: Bool = false) {
            self.out = out
            self.error = error
            self.errorIsTerminal = errorIsTerminal
        }

        package static let standard = Console(
            out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
            errorIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    package var console: Console
    /// The working directory relative paths are resolved against.
    package var currentDirectory: URL
    package var environment: [String: String]
    /// Whether `build` turns SIGINT and SIGTERM into a clean stop (the executable sets it; a
    /// library caller keeps its own signal handling).
    package var handlesSignals = false

    package init(console: Console = .standard,
                currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.console = console
        self.currentDirectory = currentDirectory
        self.environment = environment
    }

    /// Every command that runs, in the order the usage lists them: the one list `run` dispatches
    /// on and help, the man page and the completions read.
    static let subcommands: [any Subcommand.Type] = [
        BuildCommand.self, ServeCommand.self, CheckCommand.self, NewCommand.self, ImportCommand.self,
        LayoutsCommand.self, ThemeCommand.self, CompletionsCommand.self,
    ]

    /// Every command's description, `help` last.
    static let commands: [CommandSpec] = subcommands.map { $0.spec } + [helpSpec]

    static let helpSpec = CommandSpec(
        name: "help", summary: "Show help for a command: gallerygen help build",
        usage: ["help [COMMAND]"],
        discussion: "Shows what COMMAND does and its options, or the list of commands without one.",
        options: [], arguments: [.choices(["build", "serve", "check", "new", "import", "layouts", "theme", "completions", "help"])],
        exitCodes: "Exit codes: 0 shown, 2 unknown command.")

    static var usage: String {
        var text = """
            gallerygen \(version) — build a static recipe gallery from Markdown and photos

            Usage: gallerygen <command> [options]

            Commands:

            """
        for command in commands {
            text += "  " + command.name.padding(toLength: 13, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

            Options:
              -h, --help       Show this help
              -V, --version    Print the version

            Run inside a site folder (one with a site.yml), or name one with --site DIR.
            'gallerygen help COMMAND' shows a command's options; 'man gallerygen' has them all.
            """
        return text
    }

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
        case "-V", "--version", "version":
            console.out("gallerygen \(Self.version) (malloc: \(Allocator.description))")
            return ExitCode.success
        case "help":
            guard let topic = rest.first else {
                console.out(Self.usage)
                return ExitCode.success
            }
            guard let spec = Self.commands.first(where: { $0.name == topic }) else {
                return unknownCommand(topic)
            }
            console.out(spec.help)
            return ExitCode.success
        case "manpage":
            // For packagers (make install, make deb); not listed.
            console.out(ManualPage.text)
            return ExitCode.success
        default:
            guard let subcommand = Self.subcommands.first(where: { $0.spec.name == command }) else {
                return unknownCommand(command)
            }
            return subcommand.run(rest, tool: self)
        }
    }

    private func unknownCommand(_ command: String) -> Int32 {
        let names = Self.commands.map(\.name)
        let suggestion = nearest(to: command, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        let kind = command.hasPrefix("-") ? "option" : "command"
        console.error("\(styled("error:", .error)) unknown \(kind) '\(command)'\(suggestion)\n\nCommands: \(names.joined(separator: ", ")). Run 'gallerygen help' for more.")
        return ExitCode.usage
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
