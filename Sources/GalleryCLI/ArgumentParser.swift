/// A small parser for `--flag`, `--option value` and `--option=value` arguments.
struct ArgumentParser {
    struct UsageError: Error {
        var message: String
    }

    private(set) var options: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// `valueOptions` take a value; `flagOptions` do not. Short aliases map to long names.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>,
         aliases: [String: String] = [:]) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if let long = aliases[argument] { argument = long }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                if argument.hasPrefix("-"), argument != "-" {
                    throw UsageError(message: "unknown option '\(argument)'")
                }
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valueOptions.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(message: "option '--\(name)' needs a value") }
                    options[name] = arguments[index]
                    index += 1
                }
            } else if flagOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "option '--\(name)' takes no value") }
                flags.insert(name)
            } else {
                throw UsageError(message: "unknown option '--\(name)'")
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
    /// Reads a command's options and answers `--help`/`-h` and usage errors itself (exit 0 or 2,
    /// with the command's help). Unless `takesArguments`, any argument that is not an option is
    /// a usage error too.
    func parseCommand(_ arguments: [String], values: Set<String>, flags: Set<String>, aliases: [String: String] = [:],
                      help: String, takesArguments: Bool = false) -> ParsedCommandLine {
        let parsed: ArgumentParser
        do {
            parsed = try ArgumentParser(arguments, valueOptions: values, flagOptions: flags.union(["help"]),
                                        aliases: aliases.merging(["-h": "--help"]) { own, _ in own })
        } catch {
            console.error("error: \(error.message)\n\n\(help)")
            return .exit(ExitCode.usage)
        }
        if parsed.flags.contains("help") {
            console.out(help)
            return .exit(ExitCode.success)
        }
        if !takesArguments, let extra = parsed.positionals.first {
            console.error("error: unexpected argument '\(extra)' (use --site DIR to choose the site folder)\n\n\(help)")
            return .exit(ExitCode.usage)
        }
        return .run(parsed)
    }
}
