/// Choices that change how a template renders without changing the template.
public struct RenderOptions: Sendable {
    /// Whether a partial or parent tag naming a template the provider lacks is an error.
    ///
    /// The spec renders such tags as the empty string (the default); a site generator
    /// usually wants the typo reported instead.
    public var missingPartialIsError: Bool = false

    /// Escapes the text of `{{name}}` tags; triple mustaches and `{{&name}}` bypass it.
    public var escape: @Sendable (String) -> String = Mustache.escapeHTML

    /// Creates options; the defaults follow the Mustache spec.
    public init(
        missingPartialIsError: Bool = false,
        escape: @escaping @Sendable (String) -> String = Mustache.escapeHTML
    ) {
        self.missingPartialIsError = missingPartialIsError
        self.escape = escape
    }
}
