/// Supplies the templates that partial tags (`{{>name}}`) and parent tags (`{{<name}}`) refer to.
package protocol PartialProvider: Sendable {
    /// The template called `name`, or `nil` when there is none.
    ///
    /// Throw to report a template that exists but cannot be used, such as one that fails to parse.
    func template(named name: String) throws(TemplateError) -> Template?
}

/// A partial provider backed by a dictionary of parsed templates keyed by partial name.
package struct TemplateLibrary: PartialProvider {
    /// The templates, keyed by the name partial tags use.
    package var templates: [String: Template]

    /// Creates a library of already parsed templates.
    package init(templates: [String: Template] = [:]) {
        self.templates = templates
    }

    /// Parses each source once; a template's key is also its name in error messages.
    package init(sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources {
            templates[name] = try Template(source: source, name: name)
        }
        self.templates = templates
    }

    package func template(named name: String) -> Template? {
        templates[name]
    }
}
