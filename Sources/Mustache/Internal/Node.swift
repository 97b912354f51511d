/// One element of a parsed template; the renderer walks arrays of these.
enum Node: Sendable {
    /// Literal text, written as is.
    case text(String)
    /// The start of a template line: writes the indentation of the standalone partial,
    /// parent or block being rendered, which is how partial indentation reaches every line.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped).
    case variable(VariableName, isEscaped: Bool)
    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
    case section(Section)
    /// `{{>name}}`.
    case partial(TemplateCall)
    /// `{{<name}}…{{/name}}`, with the blocks it overrides.
    case parent(TemplateCall)
    /// `{{$name}}…{{/name}}` outside a parent: a place a child template may fill.
    case block(BlockSite)
}

/// A dotted name split into its parts; `.` (the implicit iterator) has none.
struct VariableName: Sendable {
    let components: [MustacheKey]

    init(_ name: String) {
        components = name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map { MustacheKey(String($0)) }
    }
}

struct Section: Sendable {
    let name: VariableName
    let isInverted: Bool
    let content: [Node]
    /// Where the opening tag starts, for render errors.
    let location: SourceLocation
}

/// A partial or parent tag: which template to include and how.
struct TemplateCall: Sendable {
    let name: String
    /// The whitespace before a standalone tag, prepended to every line of the included
    /// template; `nil` when the tag shares its line with other content.
    let indentation: String?
    /// The blocks a parent tag overrides, by block name; always empty for partials.
    let overrides: [String: [Node]]
    let location: SourceLocation
}

struct BlockSite: Sendable {
    let name: String
    let defaultContent: [Node]
    /// Added to the indentation of the content placed here; `nil` when the block shares
    /// its line with other content, in which case overrides are placed without indentation.
    let indentation: String?
    /// Whether `defaultContent` had `indentation` removed from its lines at parse time
    /// (the opening tag stood alone on its line) and so must get it back when rendered.
    let isDedented: Bool
    let location: SourceLocation
}

/// Where a tag starts, kept on the nodes that can fail while rendering.
struct SourceLocation: Sendable {
    let templateName: String
    let line: Int
    let column: Int
}
