/// Supplies the templates that partial tags (`{{>name}}`) and parent tags (`{{<name}}`) refer to.
package protocol PartialProvider: Sendable {
    /// The template called `name`, or `nil` when there is none.
    ///
    /// Throw to report a template that exists but cannot be used, such as one that fails to parse.
    func template(named name: String) throws(TemplateError) -> Template?
    /// The template called `name`, whose number (`MustacheKey`) is `number`: what a render asks.
    /// By default the same as `template(named:)`.
    func template(named name: String, number: Int) throws(TemplateError) -> Template?
}

extension PartialProvider {
    package func template(named name: String, number: Int) throws(TemplateError) -> Template? {
        try template(named: name)
    }
}

/// A partial provider backed by a dictionary of parsed templates keyed by partial name.
package struct TemplateLibrary: PartialProvider {
    /// The templates, keyed by the name partial tags use.
    package var templates: [String: Template] {
        didSet { byNumber = Self.byNumber(templates) }
    }
    /// The templates by the number of their name (`MustacheKey`): a partial or parent tag finds
    /// its template by an array read, where hashing its name cost about 400 instructions for
    /// each of a page's partials, parents and cards (issue 37).
    private var byNumber: [Template?]

    /// Creates a library of already parsed templates.
    package init(templates: [String: Template] = [:]) {
        self.templates = templates
        byNumber = Self.byNumber(templates)
    }

    private static func byNumber(_ templates: [String: Template]) -> [Template?] {
        let numbered = templates.map { (MustacheKey.number(of: $0.key), $0.value) }
        var byNumber = [Template?](repeating: nil, count: (numbered.map(\.0).max() ?? -1) + 1)
        for (number, template) in numbered { byNumber[number] = template }
        return byNumber
    }

    /// Parses each source once; a template's key is also its name in error messages.
    package init(sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources {
            templates[name] = try Template(source: source, name: name)
        }
        self.init(templates: templates)
    }

    package func template(named name: String) -> Template? {
        templates[name]
    }

    package func template(named name: String, number: Int) -> Template? {
        number < byNumber.count ? byNumber[number] : nil
    }
}
