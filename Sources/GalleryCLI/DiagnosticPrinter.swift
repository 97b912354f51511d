import GalleryRender
import Foundation
import GalleryKit
import GallerySupport

/// How the commands print diagnostics: `path:line:column: error: message` for people (with the
/// severity in colour on a terminal, unless `NO_COLOR` is set), or one JSON object per line on
/// standard output for editors and CI (`--format json`).
enum TextStyle {
    case error, warning, note, bold

    var escape: String {
        switch self {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;33m"
        case .note: "\u{1B}[1;36m"
        case .bold: "\u{1B}[1m"
        }
    }
}

extension CommandLineTool {
    /// Whether standard error gets colour: a terminal, `NO_COLOR` unset or empty, `TERM` not dumb.
    var usesColor: Bool {
        console.errorIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// `text` in `style` when standard error is a colour terminal, else as it is.
    func styled(_ text: String, _ style: TextStyle) -> String {
        usesColor ? style.escape + text + "\u{1B}[0m" : text
    }

    /// Prints `diagnostics` as the user asked: text on standard error, or JSON lines on standard
    /// output, in the order given (a build's and check's `DiagnosticDigest` order: errors, the
    /// content's warnings, then advice, long lists cut short).
    func report(_ diagnostics: [Diagnostic], format: String? = nil) {
        for diagnostic in diagnostics {
            if format == "json" {
                console.out(Self.jsonLine(diagnostic))
            } else if usesColor {
                // A count of warnings left out names no file: `note: and 3 more …`.
                let location = diagnostic.path.isEmpty ? "" : "\(diagnostic.path):\(max(diagnostic.line, 1)):\(max(diagnostic.column, 1)): "
                let style: TextStyle = switch diagnostic.severity {
                case .error: .error
                case .warning: .warning
                case .note: .note
                }
                console.error("\(location.isEmpty ? "" : styled(location, .bold))\(styled(diagnostic.severity.rawValue + ":", style)) \(diagnostic.message)")
            } else {
                console.error(diagnostic.description)
            }
        }
    }

    /// One diagnostic as a JSON object: severity, file, line, column (1-based; 1 when unknown), message.
    static func jsonLine(_ diagnostic: Diagnostic) -> String {
        JSONValue.object([
            "severity": .string(diagnostic.severity.rawValue),
            "file": .string(diagnostic.path),
            "line": .int(max(diagnostic.line, 1)),
            "column": .int(max(diagnostic.column, 1)),
            "message": .string(diagnostic.message),
        ]).text
    }
}
