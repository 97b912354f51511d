import CYaml
import GallerySupport

/// A parsed YAML document kept as libyaml's events in one flat list, with every scalar's bytes
/// in one buffer: no tree of nodes, so reading a recipe's front matter allocates two arrays
/// instead of an array per list and mapping and a string per scalar (building that tree was a
/// fifth of reading a recipe; issue 37). `YAMLNode` is a place in this list.
///
/// A list or mapping is its event followed by its entries' events (a mapping's keys and values
/// alternately); its `end` is the place after its last one. Aliases are expanded by copying the
/// anchored events, as `YAMLParser` bounds.
package final class YAMLDocument: Sendable {
    struct Event: Sendable, Equatable {
        enum Kind: UInt8, Sendable {
            /// Quoted, block or tagged: never null, a boolean or a number.
            case scalar
            case plainScalar
            case sequence
            case mapping
        }

        var kind: Kind
        /// 1-based, in the file's own numbering.
        var line: Int
        var column: Int
        /// A scalar's bytes in `text`; a collection's `start` is unused.
        var start: Int
        /// A scalar's bytes end here; a collection's events end before this place.
        var end: Int

        var isCollection: Bool { kind == .sequence || kind == .mapping }
    }

    let events: [Event]
    let text: [UInt8]

    init(events: [Event], text: [UInt8]) {
        self.events = events
        self.text = text
    }

    /// The place after the event at `index` and everything inside it.
    func next(after index: Int) -> Int {
        let event = events[index]
        return event.isCollection ? event.end : index + 1
    }

    /// The events of the node at `index` alone, in a document of their own: a node kept past
    /// reading (a recipe's `extra:`) holds only its own bytes, not its whole file's.
    func detached(_ index: Int) -> YAMLDocument {
        let last = next(after: index)
        if index == 0 && last == events.count { return self }
        var copied: [Event] = []
        copied.reserveCapacity(last - index)
        var bytes: [UInt8] = []
        for var event in events[index..<last] {
            if event.isCollection {
                event.end -= index
            } else {
                let start = bytes.count
                bytes += text[event.start..<event.end]
                (event.start, event.end) = (start, bytes.count)
            }
            copied.append(event)
        }
        return YAMLDocument(events: copied, text: bytes)
    }
}

/// Reads libyaml's event stream into a `YAMLDocument`, resolving anchors and aliases with a bound.
struct YAMLDocumentBuilder {
    /// A collection still being read.
    private struct Open {
        /// Its event's place.
        var index: Int
        var anchor: String?
        /// Nodes this collection stands for once aliases are expanded, itself included.
        var weight = 1
        /// Levels of collections from this one down, itself included.
        var height = 1
    }

    /// An anchored node's events and its size once expanded.
    private struct Anchored {
        var start: Int
        var end: Int
        var weight: Int
        var height: Int
    }

    /// Added to every line (`YAMLParser.parse(_:lineOffset:)`).
    let lineOffset: Int
    private var events: [YAMLDocument.Event] = []
    private var text: [UInt8] = []
    private var stack: [Open] = []
    private var anchors: [String: Anchored] = [:]
    private var expanded = 0

    init(lineOffset: Int, capacity: Int) {
        self.lineOffset = lineOffset
        events.reserveCapacity(32)
        text.reserveCapacity(capacity)
    }

    /// The document read, or nil when the stream held none.
    func document() -> YAMLDocument? {
        events.isEmpty ? nil : YAMLDocument(events: events, text: text)
    }

    /// Returns true once the first document ends; later documents are ignored.
    mutating func consume(_ event: yaml_event_t) throws(YAMLError) -> Bool {
        let line = Int(event.start_mark.line) + 1 + lineOffset
        let column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let start = text.count
            if scalar.length > 0, let value = scalar.value {
                text.append(contentsOf: UnsafeBufferPointer(start: value, count: scalar.length))
            }
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
            events.append(.init(kind: isPlain ? .plainScalar : .scalar, line: line, column: column, start: start, end: text.count))
            try added(events.count - 1, anchor: Self.string(scalar.anchor), weight: 1, expanding: 0, height: 0)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            try checkDepth(stack.count + 1, line: line, column: column)
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            events.append(.init(kind: isMapping ? .mapping : .sequence, line: line, column: column, start: 0, end: 0))
            stack.append(Open(index: events.count - 1, anchor: Self.string(anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { break }
            events[open.index].end = events.count
            try added(open.index, anchor: open.anchor, weight: open.weight, expanding: 0, height: open.height)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                throw YAMLError(line: line, column: column, message: "unknown alias '*\(name)'")
            }
            // Checked before copying: a "billion laughs" document stops here, not in memory.
            try checkExpansion(target.weight, line: line, column: column)
            let index = events.count
            let shift = index - target.start
            events.reserveCapacity(index + target.end - target.start)
            for position in target.start..<target.end {
                var copy = events[position]
                if copy.isCollection { copy.end += shift }
                events.append(copy)
            }
            // The copy stands where the alias is written; what is inside keeps its own places.
            events[index].line = line
            events[index].column = column
            try added(index, anchor: nil, weight: target.weight, expanding: target.weight, height: target.height)
        case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
            return true
        default:
            break
        }
        return false
    }

    /// Notes a finished node (at `index`, its events complete) in its parent; `expanding` is how
    /// many nodes an alias copy brings (only aliases count toward the limit: written nodes are
    /// bounded by the text), `height` how many levels of collections it holds.
    private mutating func added(_ index: Int, anchor: String?, weight: Int, expanding: Int, height: Int) throws(YAMLError) {
        let (line, column) = (events[index].line, events[index].column)
        expanded += expanding
        try checkDepth(stack.count + height, line: line, column: column)
        if let anchor { anchors[anchor] = Anchored(start: index, end: events.count, weight: weight, height: height) }
        guard !stack.isEmpty else { return }
        let last = stack.count - 1
        stack[last].weight += weight
        stack[last].height = max(stack[last].height, height + 1)
    }

    private func checkExpansion(_ adding: Int, line: Int, column: Int) throws(YAMLError) {
        if expanded + adding > YAMLParser.expansionLimit {
            throw YAMLError(line: line, column: column, message: "aliases expand to more than \(YAMLParser.expansionLimit) nodes")
        }
    }

    private func checkDepth(_ depth: Int, line: Int, column: Int) throws(YAMLError) {
        if depth > YAMLParser.depthLimit {
            throw YAMLError(line: line, column: column,
                            message: "lists and mappings are nested more than \(YAMLParser.depthLimit) levels deep")
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}
