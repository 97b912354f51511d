import CYaml
import GallerySupport

/// A parsed YAML node with the position it came from, so content errors can point at the exact
/// line and column. Built from libyaml's event stream; this file owns every libyaml pointer.
package struct YAMLNode: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// A scalar's text; `isPlain` is false for quoted and block scalars, which never mean null,
        /// booleans or numbers.
        case scalar(String, isPlain: Bool)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    package var kind: Kind
    /// 1-based line of the node's first character.
    package var line: Int
    /// 1-based column of the node's first character.
    package var column: Int

    /// The scalar's text, or nil for collections.
    package var scalar: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// True for `~`, `null`, `Null`, `NULL` and the empty plain scalar (YAML 1.2 core schema).
    package var isNull: Bool {
        if case .scalar(let text, true) = kind {
            return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
        }
        return false
    }

    /// A plain scalar read as a boolean (YAML 1.2 core schema: true/false in three casings).
    package var bool: Bool? {
        guard case .scalar(let text, true) = kind else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// A plain scalar read as an integer.
    package var int: Int? {
        guard case .scalar(let text, true) = kind else { return nil }
        return Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    /// A plain scalar read as a number.
    package var double: Double? {
        guard case .scalar(let text, true) = kind else { return nil }
        if let value = Double(text), value.isFinite { return value }
        return nil
    }

    package var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    package var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    /// A short name of the node's kind for error messages.
    package var kindName: String {
        switch kind {
        case .scalar: return isNull ? "null" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// One `key: value` entry of a mapping, in document order.
package struct YAMLPair: Sendable, Hashable {
    package var key: YAMLNode
    package var value: YAMLNode
}

/// A YAML syntax error with libyaml's position, relative to the parsed text.
package struct YAMLError: Error, Sendable, Hashable {
    package var line: Int
    package var column: Int
    package var message: String
    /// Where the part libyaml could not finish began (an unclosed '[' or quote), when that is
    /// elsewhere: libyaml gives up where the text ends, often lines below the cause.
    package var startLine: Int?
    package var startColumn: Int?

    package init(line: Int, column: Int, message: String, startLine: Int? = nil, startColumn: Int? = nil) {
        self.line = line
        self.column = column
        self.message = message
        self.startLine = startLine
        self.startColumn = startColumn
    }

    /// The diagnostic's text, "invalid YAML: …", for YAML that begins on line `firstLine` of its
    /// file (front matter starts below its `---`).
    package func diagnosticMessage(firstLine: Int = 1) -> String {
        var text = "invalid YAML: \(message)"
        if let startLine, let startColumn {
            text += " that starts at line \(startLine + firstLine - 1), column \(startColumn)"
        }
        if message.contains("tab character") { text += "; YAML indents with spaces, not tabs" }
        return text
    }
}

/// Parses YAML text into a node tree with libyaml.
package enum YAMLParser {
    /// Nodes an alias may expand into across a document before parsing gives up: aliases are
    /// resolved by copying, so a "billion laughs" document must stop early.
    package static let expansionLimit = 100_000
    /// Collections nested deeper than this are refused, aliases included: nodes are trees of
    /// values, and a tree thousands deep overflows the stack when it is compared or freed.
    package static let depthLimit = 100

    /// Parses one document. Empty text gives nil.
    package static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(YAMLError) in try parse(bytes, lineOffset: 0) } }
        return try result.get()
    }

    /// Parses one document from UTF-8 bytes, read where they lie; every line, the nodes' and an
    /// error's, is `lineOffset` further down (YAML that begins below its file's first line).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) throws(YAMLError) -> YAMLNode? {
        // An empty stream holds no document (and libyaml wants a pointer to read from).
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(line: 1 + lineOffset, column: 1, message: "cannot initialise the YAML parser")
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, base, bytes.count)
        var builder = TreeBuilder(lineOffset: lineOffset)
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                var error = parserError(parser)
                error.line += lineOffset
                error.startLine = error.startLine.map { $0 + lineOffset }
                throw error
            }
            defer { yaml_event_delete(&event) }
            let done = try builder.consume(event)
            if done { break }
        }
        return builder.root
    }

    private static func parserError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message = "\(problem) \(context)"
        }
        // libyaml marks are 0-based.
        var error = YAMLError(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1, message: message)
        let start = parser.context_mark
        if parser.context != nil, start.line != parser.problem_mark.line || start.column != parser.problem_mark.column {
            error.startLine = Int(start.line) + 1
            error.startColumn = Int(start.column) + 1
        }
        return error
    }
}

/// Turns libyaml's event stream into nodes, resolving anchors and aliases with a bound.
private struct TreeBuilder {
    /// A collection still being read; mappings hold keys and values alternately.
    private struct Open {
        var isMapping: Bool
        /// A list's items so far.
        var items: [YAMLNode] = []
        /// A mapping's entries so far, made as each value comes (no list of keys and values
        /// alternately to pair up at the end), and the key whose value is still to come.
        var pairs: [YAMLPair] = []
        var key: YAMLNode?
        var line: Int
        var column: Int
        var anchor: String?
        /// Nodes this collection stands for once aliases are expanded, itself included.
        var weight = 1
        /// Levels of collections from this one down, itself included.
        var height = 1
    }

    /// Added to every line (`YAMLParser.parse(_:lineOffset:)`).
    let lineOffset: Int
    private var stack: [Open] = []
    private var anchors: [String: (node: YAMLNode, weight: Int, height: Int)] = [:]
    private var expanded = 0
    private(set) var root: YAMLNode?

    init(lineOffset: Int) {
        self.lineOffset = lineOffset
    }

    /// Returns true once the first document ends; later documents are ignored.
    mutating func consume(_ event: yaml_event_t) throws(YAMLError) -> Bool {
        let line = Int(event.start_mark.line) + 1 + lineOffset
        let column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
            let node = YAMLNode(kind: .scalar(text, isPlain: isPlain), line: line, column: column)
            try add(node, anchor: Self.string(scalar.anchor), weight: 1, expanding: 0, height: 0)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            try checkDepth(stack.count + 1, line: line, column: column)
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            stack.append(Open(isMapping: isMapping, line: line, column: column, anchor: Self.string(anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { break }
            let kind: YAMLNode.Kind = open.isMapping ? .mapping(open.pairs) : .sequence(open.items)
            try add(YAMLNode(kind: kind, line: open.line, column: open.column),
                    anchor: open.anchor, weight: open.weight, expanding: 0, height: open.height)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                throw YAMLError(line: line, column: column, message: "unknown alias '*\(name)'")
            }
            var copy = target.node
            copy.line = line
            copy.column = column
            try add(copy, anchor: nil, weight: target.weight, expanding: target.weight, height: target.height)
        case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
            return true
        default:
            break
        }
        return false
    }

    /// Adds a finished node to its parent; `expanding` is how many nodes an alias copy brings
    /// (only aliases count toward the limit: written nodes are bounded by the text), `height` how
    /// many levels of collections it holds.
    private mutating func add(_ node: YAMLNode, anchor: String?, weight: Int, expanding: Int, height: Int) throws(YAMLError) {
        expanded += expanding
        if expanded > YAMLParser.expansionLimit {
            throw YAMLError(line: node.line, column: node.column,
                            message: "aliases expand to more than \(YAMLParser.expansionLimit) nodes")
        }
        try checkDepth(stack.count + height, line: node.line, column: node.column)
        if let anchor { anchors[anchor] = (node, weight, height) }
        if stack.isEmpty {
            root = node
        } else {
            let last = stack.count - 1
            if !stack[last].isMapping {
                if stack[last].items.isEmpty { stack[last].items.reserveCapacity(8) }
                stack[last].items.append(node)
            } else if let key = stack[last].key {
                if stack[last].pairs.isEmpty { stack[last].pairs.reserveCapacity(8) }
                stack[last].pairs.append(YAMLPair(key: key, value: node))
                stack[last].key = nil
            } else {
                stack[last].key = node
            }
            stack[last].weight += weight
            stack[stack.count - 1].height = max(stack[stack.count - 1].height, height + 1)
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
