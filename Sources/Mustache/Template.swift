/// A Mustache template, parsed once into a node tree and rendered as often as needed.
///
/// Supports the spec's interpolation, sections, inverted sections, comments, partials,
/// set delimiters and inheritance (parents and blocks); lambdas and dynamic names are not supported.
package struct Template: Sendable {
    /// The name given at creation, used in error messages.
    package let name: String
    let nodes: [Node]
    /// The bytes of the text nodes and the other parts that the nodes refer to without keeping
    /// them (`TemplateText`, `Unretained`).
    let kept: [AnyObject & Sendable]

    /// The room a render's output starts with: more than most recipe pages need.
    static var outputCapacity: Int { 32 * 1024 }

    /// Parses `source`, throwing the first syntax error with the line and column of its tag.
    package init(source: String, name: String) throws(TemplateError) {
        self.name = name
        (nodes, kept) = try Parser.parse(source, templateName: name)
    }

    /// Renders the template against `context`, taking partials and parents from `partials`.
    package func render(
        _ context: MustacheValue,
        partials: some PartialProvider = TemplateLibrary(),
        options: RenderOptions = RenderOptions()
    ) throws(TemplateError) -> String {
        String(decoding: try renderUTF8(context, partials: partials, options: options), as: UTF8.self)
    }

    /// What `render(_:partials:options:)` writes, as UTF-8: what a file needs, without making
    /// (and checking) a String of a large page first.
    package func renderUTF8(
        _ context: MustacheValue,
        partials: some PartialProvider = TemplateLibrary(),
        options: RenderOptions = RenderOptions()
    ) throws(TemplateError) -> [UInt8] {
        var output: [UInt8] = []
        try render(context, partials: partials, options: options, into: &output)
        return output
    }

    /// Appends what `renderUTF8(_:partials:options:)` makes to `output`: a caller rendering many
    /// pages lends the same buffer to each, so no page grows a new one from nothing. On an error
    /// `output` holds what was written before it.
    package func render(
        _ context: MustacheValue,
        partials: some PartialProvider = TemplateLibrary(),
        options: RenderOptions = RenderOptions(),
        into output: inout [UInt8]
    ) throws(TemplateError) {
        var renderer = Renderer(context: context, partials: partials, options: options, capacity: Self.outputCapacity)
        defer { renderer.output.copy(to: &output) }
        try renderer.render(nodes, blocks: [:], indentation: "")
    }

    /// Renders and hands `body` the bytes made, which it then owns: it deallocates them
    /// (`UnsafeMutableBufferPointer.deallocate()`) or hands them to an owner that will, such as a
    /// `Data` made without a copy. Each page kept as `Data` was copied out of the renderer's memory
    /// (a copy through a lent buffer before that), and the largest pages (a tag of thousands of
    /// recipes, megabytes) were held twice at once on each rendering thread (issue 37).
    package func render<Result>(
        _ context: MustacheValue,
        partials: some PartialProvider = TemplateLibrary(),
        options: RenderOptions = RenderOptions(),
        taking body: (UnsafeMutableBufferPointer<UInt8>) -> Result
    ) throws(TemplateError) -> Result {
        var renderer = Renderer(context: context, partials: partials, options: options, capacity: Self.outputCapacity)
        try renderer.render(nodes, blocks: [:], indentation: "")
        return body(renderer.output.takeBytes())
    }

    /// Renders and hands `sink` the bytes made, in order, a piece at a time as they are made
    /// (about `RenderOutput.drainSize` each): a caller writing them to a file never holds the
    /// whole page (a printed cookbook is megabytes). On an error `sink` has had what was made
    /// before it.
    package func render(
        _ context: MustacheValue,
        partials: some PartialProvider = TemplateLibrary(),
        options: RenderOptions = RenderOptions(),
        streamingTo sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(TemplateError) {
        var renderer = Renderer(context: context, partials: partials, options: options, capacity: Self.outputCapacity)
        try withoutActuallyEscaping(sink) { (sink) throws(TemplateError) in
            renderer.output.drain = sink
            defer { renderer.output.drain = nil }
            try renderer.render(nodes, blocks: [:], indentation: "")
            renderer.output.drainAll()
        }
    }
}
