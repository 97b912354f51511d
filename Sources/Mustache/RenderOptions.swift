/// Choices that change how a template renders without changing the template.
package struct RenderOptions: Sendable {
    /// Whether a partial or parent tag naming a template the provider lacks is an error.
    ///
    /// The spec renders such tags as the empty string (the default); a site generator
    /// usually wants the typo reported instead.
    package var missingPartialIsError: Bool = false

    /// Escapes the text of `{{name}}` tags; triple mustaches and `{{&name}}` bypass it.
    package var escape: @Sendable (String) -> String {
        get { customEscape ?? Mustache.escapeHTML }
        set { customEscape = newValue }
    }

    /// The escaping given instead of HTML's; nil: HTML's, written straight into the output bytes.
    private(set) var customEscape: (@Sendable (String) -> String)?

    /// How much work one render may do before it stops with an error, in nodes visited (text,
    /// tags, partial and block calls); sections may repeat a fifth as many times. Partials that
    /// call each other twice over, or sections nested over lists, multiply the work while staying
    /// shallow, which the depth limit cannot see. The theme's card is about 60 nodes, so a gallery
    /// page of 10,000 recipes visits about 600,000.
    package var workLimit: Int = 5_000_000

    /// Creates options; the defaults follow the Mustache spec.
    package init(
        missingPartialIsError: Bool = false,
        escape: (@Sendable (String) -> String)? = nil,
        workLimit: Int = 5_000_000
    ) {
        self.missingPartialIsError = missingPartialIsError
        self.customEscape = escape
        self.workLimit = workLimit
    }
}
