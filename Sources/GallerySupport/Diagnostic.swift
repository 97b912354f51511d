/// A problem found while building a site, located the way compilers locate them so editors can jump
/// to it: `path:line:column: severity: message`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is; any error fails the build.
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var severity: Severity
    /// The file, as the user named it (relative to the working directory where possible).
    public var path: String
    /// 1-based line; 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based column; 0 when unknown.
    public var column: Int
    public var message: String
    /// What kind of problem this is, when many files can have it (a recipe without a picture):
    /// a long list of one topic is shown as its first few and a count (`DiagnosticDigest`).
    /// nil: diagnostics with the same message are grouped instead.
    public var topic: DiagnosticTopic?

    public init(_ severity: Severity, path: String, line: Int = 0, column: Int = 0, _ message: String,
                topic: DiagnosticTopic? = nil) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.topic = topic
    }

    public static func error(_ message: String, path: String, line: Int = 0, column: Int = 0) -> Diagnostic {
        Diagnostic(.error, path: path, line: line, column: column, message)
    }

    public static func warning(_ message: String, path: String, line: Int = 0, column: Int = 0,
                               topic: DiagnosticTopic? = nil) -> Diagnostic {
        Diagnostic(.warning, path: path, line: line, column: column, message, topic: topic)
    }

    /// A warning that is advice, of `topic` (`isAdvice`).
    package static func advice(_ message: String, path: String, line: Int = 0, column: Int = 0, topic: DiagnosticTopic) -> Diagnostic {
        var topic = topic
        topic.isAdvice = true
        return Diagnostic(.warning, path: path, line: line, column: column, message, topic: topic)
    }

    /// Advice rather than a problem with the input (what Google's rich results would like): told
    /// after the other warnings, so that what a build drops is read first (`DiagnosticDigest`).
    package var isAdvice: Bool { topic?.isAdvice == true }

    /// `path:line:column: error: message`; line and column are always printed (as 1 when unknown)
    /// so every diagnostic has the same shape for tools that parse it. A diagnostic about no one
    /// file (the count of those left out of a long list) has no path and prints as `note: message`.
    public var description: String {
        path.isEmpty ? "\(severity.rawValue): \(message)"
            : "\(path):\(max(line, 1)):\(max(column, 1)): \(severity.rawValue): \(message)"
    }
}

/// A kind of warning many files can draw, named so a long list of it can be cut short: "and 2,450
/// more recipes without a picture".
public struct DiagnosticTopic: Hashable, Sendable {
    /// Tells topics apart.
    public var name: String
    /// What the files of the topic are, counted in the singular and the plural ("recipe
    /// without a picture", "recipes without a picture").
    public var file: String
    public var files: String
    /// Advice rather than a problem with the content (what Google's recipe rich results want):
    /// listed by `check`, counted in one line by `build`, always after the content's warnings.
    public var isAdvice: Bool

    /// "1 recipe without a picture", "2,450 recipes without a picture".
    public func counted(_ count: Int) -> String {
        "\(GroupedNumber.text(count)) \(count == 1 ? file : files)"
    }

    public init(_ name: String, file: String, files: String, isAdvice: Bool = false) {
        self.name = name
        self.file = file
        self.files = files
        self.isAdvice = isAdvice
    }
}

/// Every diagnostic of a failed build, thrown at once so the user sees all errors together.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// Collects diagnostics across the phases of a build, in a stable order.
package struct DiagnosticLog: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func append(contentsOf more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Diagnostics sorted by file, line and column so output does not depend on work order.
    package var sorted: [Diagnostic] {
        diagnostics.sorted { a, b in
            (a.path, a.line, a.column, a.message) < (b.path, b.line, b.column, b.message)
        }
    }
}
