extension String {
    /// The text with exactly one `/` at its end added if it had none: a base URL or base path
    /// (`https://example.com/bar` → `https://example.com/bar/`) that relative links are joined to.
    package var endingInSlash: String {
        hasSuffix("/") ? self : self + "/"
    }
}
