import CYaml
import GallerySupport

/// A parsed YAML node with the position it came from, so content errors can point at the exact
/// line and column: a place in its `YAMLDocument`, read from there on demand. This file and
/// `YAMLDocument.swift` own every libyaml pointer.
package struct YAMLNode: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// A scalar's text; `isPlain` is false for quoted and block scalars, which never mean null,
        /// booleans or numbers.
        case scalar(String, isPlain: Bool)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    let document: YAMLDocument
    let index: Int

    init(_ document: YAMLDocument, _ index: Int) {
        self.document = document
        self.index = index
    }

    private var event: YAMLDocument.Event { document.events[index] }

    package var kind: Kind {
        switch event.kind {
        case .scalar: .scalar(text, isPlain: false)
        case .plainScalar: .scalar(text, isPlain: true)
        case .sequence: .sequence(children)
        case .mapping: .mapping(pairs)
        }
    }

    /// 1-based line of the node's first character.
    package var line: Int { event.line }
    /// 1-based column of the node's first character.
    package var column: Int { event.column }

    /// The node alone, in a document of its own, for keeping past reading: a place in a whole
    /// file's events would hold all of them.
    package var detached: YAMLNode {
        let own = document.detached(index)
        return own === document ? self : YAMLNode(own, 0)
    }

    /// A scalar's bytes.
    private var bytes: ArraySlice<UInt8> {
        let event = event
        return document.text[event.start..<event.end]
    }

    private var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the node is a plain scalar written exactly `word`.
    private func isPlain(_ word: StaticString) -> Bool {
        guard event.kind == .plainScalar else { return false }
        let bytes = bytes
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        return bytes.elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    /// The scalar's text, or nil for collections.
    package var scalar: String? {
        event.isCollection ? nil : text
    }

    /// True for `~`, `null`, `Null`, `NULL` and the empty plain scalar (YAML 1.2 core schema).
    package var isNull: Bool {
        let event = event
        guard event.kind == .plainScalar else { return false }
        switch event.end - event.start {
        case 0: return true
        case 1: return isPlain("~")
        case 4: return isPlain("null") || isPlain("Null") || isPlain("NULL")
        default: return false
        }
    }

    /// A plain scalar read as a boolean (YAML 1.2 core schema: true/false in three casings).
    package var bool: Bool? {
        if isPlain("true") || isPlain("True") || isPlain("TRUE") { return true }
        if isPlain("false") || isPlain("False") || isPlain("FALSE") { return false }
        return nil
    }

    /// A plain scalar read as an integer.
    package var int: Int? {
        guard event.kind == .plainScalar else { return nil }
        let text = text
        return Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    /// A plain scalar read as a number.
    package var double: Double? {
        guard event.kind == .plainScalar else { return nil }
        if let value = Double(text), value.isFinite { return value }
        return nil
    }

    /// The places of a collection's entries (a mapping's keys and values alternately), in order.
    func forEachChild(_ body: (Int) -> Void) {
        let events = document.events
        let end = events[index].end
        var child = index + 1
        while child < end {
            body(child)
            child = events[child].isCollection ? events[child].end : child + 1
        }
    }

    private var childIndices: [Int] {
        var result: [Int] = []
        forEachChild { result.append($0) }
        return result
    }

    private var children: [YAMLNode] {
        var result: [YAMLNode] = []
        result.reserveCapacity(8)
        forEachChild { result.append(YAMLNode(document, $0)) }
        return result
    }

    private var pairs: [YAMLPair] {
        var result: [YAMLPair] = []
        result.reserveCapacity(8)
        var key: Int?
        forEachChild { child in
            if let first = key {
                result.append(YAMLPair(key: YAMLNode(document, first), value: YAMLNode(document, child)))
                key = nil
            } else {
                key = child
            }
        }
        return result
    }

    /// Whether the node is a mapping, told without listing its entries.
    var isMapping: Bool { event.kind == .mapping }

    package var sequence: [YAMLNode]? {
        event.kind == .sequence ? children : nil
    }

    package var mapping: [YAMLPair]? {
        event.kind == .mapping ? pairs : nil
    }

    /// A short name of the node's kind for error messages.
    package var kindName: String {
        switch event.kind {
        case .scalar, .plainScalar: return isNull ? "null" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// Alike when written alike at the same places: kinds, texts, lines and columns throughout.
    package static func == (a: YAMLNode, b: YAMLNode) -> Bool {
        let (first, second) = (a.event, b.event)
        guard first.kind == second.kind, first.line == second.line, first.column == second.column else { return false }
        guard first.isCollection else { return a.bytes == b.bytes }
        let (left, right) = (a.childIndices, b.childIndices)
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { YAMLNode(a.document, $0) == YAMLNode(b.document, $1) }
    }

    package func hash(into hasher: inout Hasher) {
        let event = event
        hasher.combine(event.kind)
        hasher.combine(event.line)
        hasher.combine(event.column)
        if event.isCollection {
            for child in children { hasher.combine(child) }
        } else {
            hasher.combine(bytes.count)
            for byte in bytes { hasher.combine(byte) }
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

/// Parses YAML text with libyaml into a `YAMLDocument`, handing out its root.
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
        guard !bytes.isEmpty else { return nil }
        // Most front matter is of the simple form, read without libyaml (`YAMLSimpleMapping`).
        if let document = YAMLSimpleMapping.document(bytes, lineOffset: lineOffset) { return YAMLNode(document, 0) }
        return try libyamlDocument(bytes, lineOffset: lineOffset).map { YAMLNode($0, 0) }
    }

    /// The document of `bytes` as libyaml reads it (`parse(_:lineOffset:)`), whatever its form.
    static func libyamlDocument(_ bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) throws(YAMLError) -> YAMLDocument? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(line: 1 + lineOffset, column: 1, message: "cannot initialise the YAML parser")
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, base, bytes.count)
        var builder = YAMLDocumentBuilder(lineOffset: lineOffset, capacity: bytes.count)
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
        return builder.document()
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
