/// A problem in a template, located where its tag starts so an editor can jump to it.
///
/// Its description reads `name:line:column: error: message`, the way compilers report.
package struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// The name the template was created with (usually its file path).
    package let templateName: String
    /// The 1-based line where the offending tag starts.
    package let line: Int
    /// The 1-based column, in Unicode scalars, where the offending tag starts.
    package let column: Int
    /// What went wrong, in a sentence.
    package let message: String

    /// Creates an error at a given place in a template.
    package init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String {
        "\(templateName):\(line):\(column): error: \(message)"
    }
}

extension TemplateError {
    init(_ message: String, at location: SourceLocation) {
        self.init(
            templateName: location.templateName,
            line: location.line,
            column: location.column,
            message: message
        )
    }
}
