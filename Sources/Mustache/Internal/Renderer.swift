/// Walks a node tree, appending output to one UTF-8 buffer.
///
/// Keeps the context stack (innermost last) for name lookups and, for inheritance, the
/// block overrides in force: a parent's arguments, under any given from further out.
///
/// Not generic over its partial provider, which it asks only where a partial or parent is
/// included: generic, it ran unspecialized (`Template.render` is called from other modules),
/// reading each of its fields' offsets from its type's metadata on every use (issue 37).
struct Renderer: ~Copyable {
    /// Deeper nesting of partials, parents or block overrides is taken for runaway recursion.
    static var maximumDepth: Int { 100 }
    /// More section passes than this in one render are taken for a runaway template: sections
    /// nested over lists multiply (30 nested sections over a two-item list make 2³⁰ passes).
    /// A fifth of the work limit: 1,000,000 by default; a page listing 10,000 recipes with ten
    /// ingredients and five tags each would make about 160,000.
    var maximumSectionPasses: Int { max(1, options.workLimit / 5) }
    /// More nodes than `RenderOptions.workLimit`, or more output bytes than this, are taken for
    /// runaway work that the depth guard cannot see: 31 partials each calling the next twice stay
    /// 31 deep but make 2³¹ calls.
    static var maximumOutputBytes: Int { 256 * 1024 * 1024 }

    let partials: any PartialProvider
    let options: RenderOptions
    /// What has been written; `Template.render(_:partials:options:into:)` copies it to its buffer.
    var output: RenderOutput
    /// The contexts on the stack, innermost last, and what they answered so far, by level
    /// (`ObjectAnswers`).
    private var answers = ObjectAnswers()
    /// How many contexts are on the stack.
    private(set) var contextCount = 0
    private var depth = 0
    var sectionPasses = 0
    var nodesRendered = 0
    /// The pass being recorded for replay (`MustacheReplayable`), if any.
    var recording: RecordingState?
    /// The stack level of the item whose pass is recorded (`recording`), -1 when none is: a name
    /// found below it (or nowhere) is one the recording must check on replay.
    var recordingLevel = -1
    /// Of the facts recordings read outside their items (`MustacheReplays.fact`), by number:
    /// whether each reads alike for the list being rendered (1), differs (2), or is unchecked (0).
    var checkedFacts: [UInt8] = []

    /// - Parameter capacity: the bytes the output has room for before it grows.
    init(context: MustacheValue, partials: any PartialProvider, options: RenderOptions, capacity: Int) {
        output = RenderOutput(capacity: capacity)
        self.partials = partials
        self.options = options
        push(context)
    }


    /// - Parameter indentation: written at every `.lineStart`, for standalone partials and blocks.
    mutating func render(
        _ nodes: [Node],
        blocks: [String: [Node]],
        indentation: String
    ) throws(TemplateError) {
        nodesRendered += nodes.count
        // By position, not `for node in nodes`: the iterator's copy of each node retained and
        // released what it holds (the text, the name, the section) on every visit (issue 37).
        for position in nodes.indices {
            switch nodes[position] {
            case .text(let text):
                output.append(text.bytes)
            case .lineStart:
                if !indentation.isEmpty { output.append(indentation) }
            case .variable(let name, let isEscaped):
                let value = name.with { lookUp($0) }
                if recordingLevel >= 0, noteHole(value, isEscaped: isEscaped) { continue }
                if isEscaped, let escape = options.customEscape {
                    output.append(escape(value.interpolatedText))
                } else {
                    value.write(to: &output, escapingHTML: isEscaped)
                }
            case .section(let section):
                try section.with { section in
                    Result { () throws(TemplateError) in try render(section, blocks: blocks, indentation: indentation) }
                }.get()
            case .partial(let part), .parent(let part):
                // A partial is a parent without arguments; outer overrides take precedence.
                let call = part.object
                let inner = call.overrides.isEmpty ? blocks : call.overrides.merging(blocks) { _, outer in outer }
                try include(call, blocks: inner, indentation: call.indentation.map { indentation + $0 } ?? "")
            case .block(let site):
                try render(site.object, blocks: blocks, indentation: indentation)
            }
        }
    }

    private mutating func render(_ section: Section, blocks: [String: [Node]], indentation: String) throws(TemplateError) {
        let value = lookUp(section.name)
        if section.isInverted {
            if value.isFalsy { try render(section.content, blocks: blocks, indentation: indentation) }
            return
        }
        if case .array(let items) = value {
            for item in items {
                try countPass(section)
                push(item)
                try render(section.content, blocks: blocks, indentation: indentation)
                pop()
                if recordingLevel < 0 { output.drainIfFull() }
            }
        } else if case .lazyArray(let list) = value {
            // What recordings read outside their items is checked once per list (`pass(over:)`).
            let outerChecks = checkedFacts
            if list.mayReplay { checkedFacts = [] }
            defer { if list.mayReplay { checkedFacts = outerChecks } }
            for index in 0..<list.count {
                try countPass(section)
                let item = list[index]
                if list.mayReplay, recordingLevel < 0, case .object(let reference) = item, let replayable = reference.object.replayable {
                    try pass(over: replayable, listedAs: item, section, blocks: blocks, indentation: indentation)
                } else {
                    push(item)
                    try render(section.content, blocks: blocks, indentation: indentation)
                    pop()
                }
                if recordingLevel < 0 { output.drainIfFull() }
            }
        } else if !value.isFalsy {
            try countPass(section)
            push(value)
            try render(section.content, blocks: blocks, indentation: indentation)
            pop()
        }
    }

    mutating func countPass(_ section: Section) throws(TemplateError) {
        try checkWork(at: section.location, calling: nil)
        sectionPasses += 1
        guard sectionPasses <= maximumSectionPasses else {
            throw TemplateError(
                "sections render more than \(maximumSectionPasses) times: are sections nested over lists too deeply?",
                at: section.location
            )
        }
    }

    private mutating func render(_ site: BlockSite, blocks: [String: [Node]], indentation: String) throws(TemplateError) {
        // What fills a block depends on the template that called it: not recorded.
        if recordingLevel >= 0 { recording?.isRefused = true }
        if let override = blocks[site.name] {
            // Overrides were dedented where they were written; the site supplies indentation,
            // and an inline site none, as the override continues the line it lands on.
            try checkWork(at: site.location, calling: site.name)
            try descend(into: site.name, at: site.location)
            defer { depth -= 1 }
            try render(override, blocks: blocks, indentation: site.indentation.map { indentation + $0 } ?? "")
        } else if let extra = site.indentation, !site.isDedented {
            // The default content's first line started on the tag's line, whose indentation was taken away.
            output.append(indentation)
            output.append(extra)
            try render(site.defaultContent, blocks: blocks, indentation: indentation)
        } else {
            try render(site.defaultContent, blocks: blocks, indentation: indentation + (site.indentation ?? ""))
        }
    }

    private mutating func include(_ call: TemplateCall, blocks: [String: [Node]], indentation: String) throws(TemplateError) {
        try checkWork(at: call.location, calling: call.name)
        guard let template = try partials.template(named: call.name) else {
            if options.missingPartialIsError {
                throw TemplateError("no template named '\(call.name)'", at: call.location)
            }
            return
        }
        try descend(into: call.name, at: call.location)
        defer { depth -= 1 }
        // The included template's nodes refer to their parts without keeping them (`Unretained`,
        // `TemplateText`): the copy of it held here keeps its `kept` parts to the end of the
        // render, even from a provider that made it for this call alone.
        defer { extendLifetime(template) }
        try render(template.nodes, blocks: blocks, indentation: indentation)
    }

    /// Refuses to go on once the render has visited `workLimit` nodes or written
    /// `maximumOutputBytes`. Checked where partials, parents and sections start, the only places
    /// where work can multiply; between two checks the work is bounded by one template's size.
    func checkWork(at location: SourceLocation, calling name: String?) throws(TemplateError) {
        guard nodesRendered > options.workLimit || output.written > Self.maximumOutputBytes else { return }
        let what = nodesRendered > options.workLimit
            ? "more than \(options.workLimit) tags and text pieces"
            : "more than \(Self.maximumOutputBytes / (1024 * 1024)) MB of output"
        throw TemplateError(
            "rendering takes too much work: \(what), stopped\(name.map { " at '\($0)'" } ?? " here")"
                + " (do partials call each other over and over?)",
            at: location
        )
    }

    /// Counts one more level of nesting, refusing to go past `maximumDepth` so that a template
    /// that includes itself unconditionally fails with an error instead of overflowing the stack.
    private mutating func descend(into name: String, at location: SourceLocation) throws(TemplateError) {
        guard depth < Self.maximumDepth else {
            throw TemplateError(
                "partial recursion too deep: more than \(Self.maximumDepth) nested partials, parents or blocks at '\(name)'",
                at: location
            )
        }
        depth += 1
    }

    /// The new level's answers start empty (`ObjectAnswers.enter`). Its context is kept there
    /// only: a list of the contexts beside it copied each one in and destroyed it again.
    mutating func push(_ context: MustacheValue) {
        answers.enter(context, at: contextCount)
        contextCount += 1
    }

    /// The level's context and answers are let go when the next context takes its place.
    mutating func pop() {
        contextCount -= 1
    }

    /// Resolves a name against the context stack: the first part in the innermost context
    /// that has it, every further part only inside the value before it. By position, without a
    /// slice of the parts or a copy of what was found before the walk into it (issue 37).
    mutating func lookUp(_ name: VariableName) -> MustacheValue {
        // The parts are read in place (`name.components[part]`), never copied out: a copy of the
        // list or of a part retained and released it on every lookup (issue 37).
        let partCount = name.components.count
        guard partCount > 0 else { return contextCount > 0 ? answers.context(at: contextCount - 1) : .null }
        var level = contextCount - 1
        while level >= 0 {
            if var value = answers.member(name.first.name, number: name.first.number, at: level) {
                var part = 1
                while part < partCount {
                    guard let next = value.member(name.components[part].name, number: name.components[part].number) else {
                        value = .null
                        break
                    }
                    value = next
                    part += 1
                }
                if level < recordingLevel { noteOutside(name, value) }
                return value
            }
            level -= 1
        }
        if level < recordingLevel { noteOutside(name, .null) }
        return .null
    }
}
