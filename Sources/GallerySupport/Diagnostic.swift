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
    /// Advice rather than a problem with the input (what Google's rich results would like): the
    /// commands print it after the other warnings, so that what a build drops is read first.
    package var isAdvice = false

    public init(_ severity: Severity, path: String, line: Int = 0, column: Int = 0, _ message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public static func error(_ message: String, path: String, line: Int = 0, column: Int = 0) -> Diagnostic {
        Diagnostic(.error, path: path, line: line, column: column, message)
    }

    public static func warning(_ message: String, path: String, line: Int = 0, column: Int = 0) -> Diagnostic {
        Diagnostic(.warning, path: path, line: line, column: column, message)
    }

    /// A warning that is advice (`isAdvice`).
    package static func advice(_ message: String, path: String, line: Int = 0, column: Int = 0) -> Diagnostic {
        var diagnostic = Diagnostic(.warning, path: path, line: line, column: column, message)
        diagnostic.isAdvice = true
        return diagnostic
    }

    /// `path:line:column: error: message`; line and column are always printed (as 1 when unknown)
    /// so every diagnostic has the same shape for tools that parse it.
    public var description: String {
        "\(path):\(max(line, 1)):\(max(column, 1)): \(severity.rawValue): \(message)"
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
