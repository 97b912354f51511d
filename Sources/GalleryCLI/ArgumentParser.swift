/// A small parser for `--flag`, `--option value`, `--option=value`, `-o value`, `-oVALUE` and
/// grouped short flags (`-Dq`, `-Dqj4`), from a command's option table, as getopt reads them.
struct ArgumentParser {
    struct UsageError: Error {
        var message: String
    }

    /// Values by the option's long name.
    private(set) var options: [String: String] = [:]
    /// Flags given, by long name.
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    init(_ arguments: [String], options table: [OptionSpec]) throws(UsageError) {
        var byName: [String: OptionSpec] = [:]
        var byShort: [Character: OptionSpec] = [:]
        for option in table {
            byName[option.name] = option
            for alias in option.aliases { byName[alias] = option }
            for short in (option.short.map { [$0] } ?? []) + option.shortAliases { byShort[short] = option }
        }
        func unknown(_ written: String) -> UsageError {
            let names = table.flatMap { [$0.name] + $0.aliases }
            let suggestion = written.hasPrefix("--")
                ? nearest(to: String(written.dropFirst(2)), in: names).map { " (did you mean '--\($0)'?)" } ?? ""
                : ""
            return UsageError(message: "unknown option '\(written)'\(suggestion)")
        }
        var index = 0
        func take(_ option: OptionSpec, inline: String?, written: String) throws(UsageError) {
            if option.takesValue {
                if let inline {
                    options[option.name] = inline
                } else {
                    guard index < arguments.count else { throw UsageError(message: "option '\(written)' needs a value") }
                    options[option.name] = arguments[index]
                    index += 1
                }
            } else {
                guard inline == nil else { throw UsageError(message: "option '\(written)' takes no value") }
                flags.insert(option.name)
            }
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            if argument.hasPrefix("--"), argument.count > 2 {
                var name = String(argument.dropFirst(2))
                var inline: String?
                if let equals = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let option = byName[name] else { throw unknown("--" + name) }
                try take(option, inline: inline, written: "--" + name)
            } else if argument.hasPrefix("-"), argument.count > 1, !argument.dropFirst().allSatisfy(\.isNumber) {
                // `-o DIR`, `-o=DIR`, or flags grouped as `-Dq`.
                let letters = Array(argument.dropFirst())
                if letters.count > 2, letters[1] == "=" {
                    guard let option = byShort[letters[0]] else { throw unknown("-\(letters[0])") }
                    try take(option, inline: String(letters[2...]), written: "-\(letters[0])")
                    continue
                }
                // As getopt: letters are flags until one takes a value, which is the rest of the
                // argument (`-j1`, `-p8080`, `-Dj4`) or, when nothing follows it, the next one.
                for (position, letter) in letters.enumerated() {
                    guard let option = byShort[letter] else { throw unknown("-\(letter)") }
                    let rest = letters[(position + 1)...]
                    if option.takesValue, !rest.isEmpty {
                        try take(option, inline: String(rest), written: "-\(letter)")
                        break
                    }
                    try take(option, inline: nil, written: "-\(letter)")
                }
            } else {
                positionals.append(argument)
            }
        }
    }
}

/// What a command does once its arguments are read.
enum ParsedCommandLine {
    /// Go on with these options.
    case run(ArgumentParser)
    /// Stop with this exit code: help was shown, or a usage error reported.
    case exit(Int32)
}

extension CommandLineTool {
    /// Reads a command's options from its table and answers `--help`/`-h` and usage errors
    /// itself (exit 0 or 2, with the command's help). Unless the command takes arguments, any
    /// argument that is not an option is a usage error too.
    func parseCommand(_ arguments: [String], spec: CommandSpec) -> ParsedCommandLine {
        let parsed: ArgumentParser
        do {
            parsed = try ArgumentParser(arguments, options: spec.allOptions)
        } catch {
            console.error("\(styled("error:", .error)) \(error.message)\n\nRun 'gallerygen help \(spec.name)' for its options.")
            return .exit(ExitCode.usage)
        }
        if parsed.flags.contains("help") {
            console.out(spec.help)
            return .exit(ExitCode.success)
        }
        if spec.arguments.isEmpty, let extra = parsed.positionals.first {
            let hint = spec.options.contains { $0.name == "site" } ? " (use --site DIR to choose the site folder)" : ""
            console.error("\(styled("error:", .error)) unexpected argument '\(extra)'\(hint)\n\n\(spec.help)")
            return .exit(ExitCode.usage)
        }
        if let format = parsed.options["format"], !["text", "json"].contains(format) {
            console.error("\(styled("error:", .error)) '--format \(format)' is not a format: use text or json")
            return .exit(ExitCode.usage)
        }
        return .run(parsed)
    }
}

/// One `gallerygen` command: its table of options and what it does with them once read. Its
/// type is `SendableMetatype`, so the one list of commands (`CommandLineTool.subcommands`) is a
/// constant every thread may read.
protocol Subcommand: SendableMetatype {
    /// Name, options, help and exit codes: what `--help`, the man page and completions show.
    static var spec: CommandSpec { get }
    var tool: CommandLineTool { get }
    init(tool: CommandLineTool)
    /// Does the command's work with its options read; returns the exit code.
    mutating func run(_ parsed: ArgumentParser) -> Int32
}

extension Subcommand {
    /// Reads `arguments` by the command's table (answering `--help` and usage errors) and runs it.
    static func run(_ arguments: [String], tool: CommandLineTool) -> Int32 {
        var command = Self(tool: tool)
        return command.run(arguments)
    }

    /// Reads `arguments` by the command's table (answering `--help` and usage errors) and runs it.
    mutating func run(_ arguments: [String]) -> Int32 {
        switch tool.parseCommand(arguments, spec: Self.spec) {
        case .run(let parsed): return run(parsed)
        case .exit(let code): return code
        }
    }
}
