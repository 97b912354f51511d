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
