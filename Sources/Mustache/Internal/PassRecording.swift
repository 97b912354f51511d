/// One section's pass over a replayable item (`MustacheReplayable`), as recorded: its bytes with
/// the holes cut out, and what it read from outside the item, which a replay checks first.
struct PassRecording: Sendable {
    /// Where a hole stood in `bytes`, which of the item's holes, and whether it was escaped.
    struct Hole: Sendable {
        let offset: Int
        let index: Int
        let isEscaped: Bool
    }

    /// The indentation the pass was rendered under (a standalone partial's).
    let indentation: String
    let bytes: [UInt8]
    let holes: [Hole]
    /// What the pass found outside the item (or nowhere): each name with the plain value it
    /// gave, as its number among the store's facts (`MustacheReplays.fact`).
    let outside: [Int]
    /// The nodes visited and section passes made, counted again on a replay (`RenderOptions.workLimit`).
    let nodes: Int
    let passes: Int

    /// What it takes in memory, roughly, in bytes (`MustacheReplays.budget`): its three lists
    /// with their headers, and its place in the store's table.
    var size: Int { bytes.count + 24 * holes.count + 8 * outside.count + 3 * 32 + 160 }
}

/// A pass being recorded (`Renderer.recording`).
struct RecordingState {
    /// Where the pass's output starts.
    let start: Int
    var holes: [PassRecording.Hole] = []
    var outside: [(name: VariableName, value: MustacheValue)] = []
    /// Whether the pass read something a replay could not check (a list or an object from
    /// outside the item, a block, a list written as text): then it is rendered as usual.
    var isRefused = false
}

extension Renderer {
    /// One pass of `section` over `item`: written from a recording of an item of the same key
    /// when one is kept and everything it read from outside the item reads alike here; else
    /// rendered, and recorded for the item's other passes. `listed` is the item's value as its
    /// list gave it, pushed when the pass is rendered as usual: one made again from `item` was
    /// an allocation per pass.
    mutating func pass(over item: any MustacheReplayable, listedAs listed: MustacheValue, _ section: Section,
                       blocks: [String: [Node]], indentation: String) throws(TemplateError) {
        let replays = item.replays
        let id = ObjectIdentifier(section)
        // A store without room records nothing: the pass is rendered as if it were not replayable.
        guard item.replayKey >= 0, replays.budget > 0 else {
            return try render(section, over: listed, blocks: blocks, indentation: indentation)
        }
        let (kept, passes, isLast) = replays.take(section: id, key: item.replayKey, uses: item.replayUses,
                                                  order: item.replayOrder(ofPass:))
        if let recording = kept, recording.indentation == indentation, readsAlike(recording.outside, in: replays) {
            nodesRendered += recording.nodes
            sectionPasses += recording.passes
            guard sectionPasses <= maximumSectionPasses else {
                throw TemplateError(
                    "sections render more than \(maximumSectionPasses) times: are sections nested over lists too deeply?",
                    at: section.location
                )
            }
            try checkWork(at: section.location, calling: nil)
            write(recording, filledBy: item)
            replays.noteReplay()
            return
        }
        // The item's last pass (or only one: a recipe on one tag page) would be recorded for no
        // later pass to replay, and one the store has no room for would be let go at once:
        // recording it costs more than rendering it (issue 37).
        let next = isLast ? nil : item.replayOrder(ofPass: passes)
        guard !isLast, replays.mayRecord(section: id, key: item.replayKey, next: next) else {
            return try render(section, over: listed, blocks: blocks, indentation: indentation)
        }
        let (start, nodesBefore, passesBefore) = (output.count, nodesRendered, sectionPasses)
        recording = RecordingState(start: start)
        recordingLevel = contextCount
        defer {
            recording = nil
            recordingLevel = -1
        }
        try render(section, over: .object(item.recordingContext), blocks: blocks, indentation: indentation)
        guard let state = recording, !state.isRefused else {
            // Rendered again, as usual, from the item itself.
            replays.refuse(section: id)
            recording = nil
            recordingLevel = -1
            output.truncate(to: start)
            (nodesRendered, sectionPasses) = (nodesBefore, passesBefore)
            return try render(section, over: listed, blocks: blocks, indentation: indentation)
        }
        let outside = state.outside.map { name, value in replays.fact(name, value) }
        let recorded = PassRecording(indentation: indentation, bytes: output.bytes(from: start), holes: state.holes,
                                     outside: outside, nodes: nodesRendered - nodesBefore, passes: sectionPasses - passesBefore)
        output.truncate(to: start)
        write(recorded, filledBy: item)
        // A pass too small to be worth replaying: its section is rendered as usual from now on.
        guard recorded.nodes >= replays.minimumNodes else { return replays.refuse(section: id) }
        replays.keep(recorded, section: id, key: item.replayKey, uses: item.replayUses, next: next)
    }

    /// `section`'s content rendered with `context` on top of the stack.
    private mutating func render(_ section: Section, over context: MustacheValue, blocks: [String: [Node]],
                                 indentation: String) throws(TemplateError) {
        push(context)
        try render(section.content, blocks: blocks, indentation: indentation)
        pop()
    }

    /// The recorded bytes, each hole filled with `item`'s text, escaped as its tag was.
    private mutating func write(_ recording: PassRecording, filledBy item: any MustacheReplayable) {
        var from = 0
        for hole in recording.holes {
            output.append(recording.bytes, from..<hole.offset)
            let text = item.holeText(hole.index)
            if hole.isEscaped, let escape = options.customEscape {
                output.append(escape(text))
            } else if hole.isEscaped {
                output.appendEscapingHTML(text)
            } else {
                output.append(text)
            }
            from = hole.offset
        }
        output.append(recording.bytes, from..<recording.bytes.count)
    }

    /// Whether every name a recording read from outside its item gives the same value here: each
    /// fact looked up once per list, since what lies outside its items is the same for all.
    private mutating func readsAlike(_ outside: [Int], in replays: MustacheReplays) -> Bool {
        for fact in outside {
            if fact >= checkedFacts.count { checkedFacts += repeatElement(0, count: fact + 1 - checkedFacts.count) }
            if checkedFacts[fact] == 0 {
                let (name, value) = replays.fact(fact)
                checkedFacts[fact] = lookUp(name) == value ? 1 : 2
            }
            if checkedFacts[fact] == 2 { return false }
        }
        return true
    }

    /// While recording: a hole written by an interpolation is noted (true: nothing to write). A
    /// list written as text would join its items' texts, a hole's among them: refused.
    mutating func noteHole(_ value: MustacheValue, isEscaped: Bool) -> Bool {
        switch value {
        case .object(let reference):
            guard let hole = reference.object.holeIndex, let start = recording?.start else { return false }
            recording?.holes.append(PassRecording.Hole(offset: output.count - start, index: hole, isEscaped: isEscaped))
            return true
        case .array, .lazyArray:
            recording?.isRefused = true
            return false
        default:
            return false
        }
    }

    /// While recording: a name found outside the item. A plain value is kept for a replay to
    /// check; a list, a dictionary or an object cannot be checked cheaply: refused.
    mutating func noteOutside(_ name: VariableName, _ value: MustacheValue) {
        switch value {
        case .null, .bool, .int, .double, .string: recording?.outside.append((name, value))
        default: recording?.isRefused = true
        }
    }
}
