/// One option of a command: its names, its value and its help line. `--help`, the man page and
/// the shell completions are all written from these tables, so they cannot drift apart.
struct OptionSpec: Sendable {
    /// What a value names, for the completions.
    enum ValueKind: Sendable {
        case text, folder, file, number
        case choices([String])
    }

    /// The long name, without the dashes.
    var name: String
    /// The one-letter form, without the dash.
    var short: Character?
    /// Other long names that mean the same (Hugo's `--destination` for `--output`).
    var aliases: [String] = []
    /// Other one-letter forms (Hugo's `-d` for `-o`).
    var shortAliases: [Character] = []
    /// The value's placeholder in help (`DIR`); nil for a flag.
    var value: String?
    var kind: ValueKind = .text
    var help: String

    var takesValue: Bool { value != nil }

    /// `-s, --site DIR` as help and the man page show it.
    var synopsis: String {
        var names = short.map { "-\($0), " } ?? "    "
        for alias in shortAliases { names += "-\(alias), " }
        names += "--\(name)"
        for alias in aliases { names += ", --\(alias)" }
        return value.map { names + " " + $0 } ?? names
    }
}

extension OptionSpec {
    // The options several commands share, written once.
    static let site = OptionSpec(name: "site", short: "s", value: "DIR", kind: .folder,
                                 help: "The site folder holding site.yml, recipes/ and images/ (default: the current folder when it has a site.yml)")
    static let output = OptionSpec(name: "output", short: "o", aliases: ["destination"], shortAliases: ["d"], value: "DIR", kind: .folder,
                                   help: "Where to write the website (default: <site>/public); -d is Hugo's name for it")
    static let theme = OptionSpec(name: "theme", value: "DIR", kind: .folder,
                                  help: "Use the theme in DIR instead of the built-in one (also $GALLERYGEN_THEME)")
    static let baseURL = OptionSpec(name: "base-url", short: "b", value: "URL",
                                    help: "Publish under URL instead of site.yml's base_url (feed, sitemap, canonical and social links)")
    static let drafts = OptionSpec(name: "drafts", short: "D", help: "Include recipes marked 'draft: true'")
    static let quiet = OptionSpec(name: "quiet", short: "q", help: "Print only warnings and errors")
    static let clean = OptionSpec(name: "clean", help: "Empty the image cache first and process every image again")
    static let jobs = OptionSpec(name: "jobs", short: "j", value: "N", kind: .number,
                                 help: "Process N images at a time (default: one per processor core)")
    static let verbose = OptionSpec(name: "verbose", short: "v", help: "Print each phase with its timing")
    static let format = OptionSpec(name: "format", value: "FORMAT", kind: .choices(["text", "json"]),
                                   help: "How to print diagnostics: text (default) or json, one object per line on standard output")
    static let help = OptionSpec(name: "help", short: "h", help: "Show this help")
}

/// A command's whole description: usage lines, what it does, its options and exit codes.
struct CommandSpec: Sendable {
    var name: String
    /// One line for the command list.
    var summary: String
    /// The usage lines, without "gallerygen " in front.
    var usage: [String]
    /// Paragraphs explaining the command, already wrapped.
    var discussion: String
    var options: [OptionSpec]
    /// What the command's positional arguments are, for the completions.
    var arguments: [OptionSpec.ValueKind] = []
    var exitCodes: String

    /// Every option the command accepts, `--help` included.
    var allOptions: [OptionSpec] { options + [.help] }

    /// The text of `gallerygen help NAME` and `gallerygen NAME --help`.
    var help: String {
        var text = "Usage: " + usage.map { "gallerygen " + $0 }.joined(separator: "\n       ") + "\n\n"
        text += discussion + "\n\nOptions:\n"
        let width = min(allOptions.map(\.synopsis.count).max() ?? 0, 26) + 2
        for option in allOptions {
            let lines = Self.wrap(option.help, width: 96 - width - 2)
            let synopsis = "  " + option.synopsis
            if synopsis.count <= width {
                text += synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0) + lines[0] + "\n"
            } else {
                text += synopsis + "\n" + String(repeating: " ", count: width + 2) + lines[0] + "\n"
            }
            for line in lines.dropFirst() { text += String(repeating: " ", count: width + 2) + line + "\n" }
        }
        return text + "\n" + exitCodes
    }

    /// Splits `text` into lines of at most `width` characters at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}

/// The closest of `candidates` to a mistyped `word`, if one is close enough to be what was meant.
func nearest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { (candidate: $0, distance: editDistance(word, $0)) }
    guard let best = scored.min(by: { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }) else { return nil }
    return best.distance <= max(1, min(word.count, best.candidate.count) / 3) ? best.candidate : nil
}

/// The edit distance (optimal string alignment): insertions, deletions, substitutions and swaps
/// of two neighbouring letters that turn `a` into `b`, so "biuld" is one edit from "build".
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    var beforePrevious: [Int] = []
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, y) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            if i > 0, j > 0, x == b[j - 1], a[i - 1] == y {
                current[j + 1] = min(current[j + 1], beforePrevious[j - 1] + 1)
            }
        }
        beforePrevious = previous
        previous = current
    }
    return previous[b.count]
}
