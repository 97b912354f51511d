import Foundation
/// gallerygen.1, written from the same command tables as `--help` (`gallerygen manpage`).
enum ManualPage {
    static var text: String {
        var text = """
            .TH GALLERYGEN 1 "" "gallerygen \(CommandLineTool.version)" "User Commands"
            .SH NAME
            gallerygen \\- build a static recipe gallery from Markdown and photos
            .SH SYNOPSIS
            .B gallerygen
            .I command
            [\\fIoptions\\fR]
            .SH DESCRIPTION
            Run inside a site folder (one with a site.yml), or name one with \\fB\\-\\-site\\fR \\fIDIR\\fR.
            \\fBgallerygen new site\\fR \\fINAME\\fR makes a starter site whose site.yml explains every setting.
            The default theme is built into the binary; \\fBgallerygen theme export\\fR \\fIDIR\\fR writes it out.
            .SH COMMANDS

            """
        for command in CommandLineTool.commands {
            text += ".SS \(command.usage.map { escape("gallerygen " + $0) }.joined(separator: "\n.br\n"))\n"
            text += escape(command.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")) + "\n"
            for option in command.allOptions {
                text += ".TP\n.B \(escape(option.synopsis.trimmingCharacters(in: .whitespaces)))\n\(escape(option.help))\n"
            }
            text += ".PP\n\(escape(command.exitCodes.replacingOccurrences(of: "\n", with: " ")))\n"
        }
        text += """
            .SH ENVIRONMENT
            .TP
            .B NO_COLOR
            Diagnostics are never coloured (nor when TERM=dumb or standard error is not a terminal).
            .TP
            .B GALLERYGEN_THEME
            A theme folder used instead of the built-in theme, as with \\fB\\-\\-theme\\fR.
            .SH SEE ALSO
            The README at https://github.com/gallerygen/gallerygen

            """
        return text
    }

    /// Escapes roff: backslashes, leading dots and quotes, and dashes.
    static func escape(_ line: String) -> String {
        line.split(separator: "\n", omittingEmptySubsequences: false).map { part -> String in
            var s = part.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            if s.hasPrefix(".") || s.hasPrefix("'") { s = "\\&" + s }
            return s
        }.joined(separator: "\n")
    }
}
