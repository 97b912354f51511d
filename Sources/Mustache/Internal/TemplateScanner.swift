/// Splits template source into text and tag tokens, following set-delimiter tags as it goes.
struct TemplateScanner {
    let source: [UInt8]
    let locator: SourceLocator

    private var opening = Array("{{".utf8)
    private var closing = Array("}}".utf8)
    private var tokens: [Token] = []

    init(source: [UInt8], locator: SourceLocator) {
        self.source = source
        self.locator = locator
    }

    mutating func scan() throws(TemplateError) -> [Token] {
        var position = 0
        var textStart = 0
        while position < source.count {
            guard source[position] == opening[0], source.hasBytes(opening, at: position) else {
                position += 1
                continue
            }
            appendText(textStart..<position)
            position = try scanTag(at: position)
            textStart = position
        }
        appendText(textStart..<source.count)
        return tokens
    }

    /// Appends text, one token per line so that each newline ends a token.
    private mutating func appendText(_ range: Range<Int>) {
        var start = range.lowerBound
        for offset in range where source[offset] == UInt8(ascii: "\n") {
            tokens.append(Token(kind: .text, bytes: start..<offset + 1))
            start = offset + 1
        }
        if start < range.upperBound {
            tokens.append(Token(kind: .text, bytes: start..<range.upperBound))
        }
    }

    /// Scans the tag starting at `start` and returns the offset just past it.
    private mutating func scanTag(at start: Int) throws(TemplateError) -> Int {
        let contentStart = start + opening.count
        let sigil: UInt8? = contentStart < source.count ? source[contentStart] : nil
        let kind: Token.Kind
        var terminator = closing
        var nameStart = contentStart + 1
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .variable(isEscaped: false)
            terminator = Array("}".utf8) + closing
        case UInt8(ascii: "="):
            kind = .setDelimiters
            terminator = Array("=".utf8) + closing
        case UInt8(ascii: "&"): kind = .variable(isEscaped: false)
        case UInt8(ascii: "#"): kind = .section(isInverted: false)
        case UInt8(ascii: "^"): kind = .section(isInverted: true)
        case UInt8(ascii: "/"): kind = .closing
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        default:
            kind = .variable(isEscaped: true)
            nameStart = contentStart
        }
        nameStart = min(nameStart, source.count)
        guard let contentEnd = source.firstOffset(of: terminator, from: nameStart) else {
            let expected = String(decoding: terminator, as: UTF8.self)
            throw locator.error("unclosed tag: expected '\(expected)'", at: start)
        }
        let end = contentEnd + terminator.count
        let content = source.trimmingWhitespace(nameStart..<contentEnd)

        var token = Token(kind: kind, bytes: start..<end)
        switch kind {
        case .comment:
            break
        case .setDelimiters:
            try setDelimiters(from: content, tagStart: start)
        default:
            guard !content.isEmpty else { throw locator.error("tag has no name", at: start) }
            token.name = String(decoding: source[content], as: UTF8.self)
        }
        tokens.append(token)
        return end
    }

    /// Reads `{{=<open> <close>=}}`: two delimiters, separated by whitespace, without `=` or spaces.
    private mutating func setDelimiters(from content: Range<Int>, tagStart: Int) throws(TemplateError) {
        let parts = source[content].split(whereSeparator: { $0.isWhitespace })
        guard parts.count == 2, parts.allSatisfy({ !$0.contains(UInt8(ascii: "=")) }) else {
            throw locator.error(
                "invalid set delimiters tag: expected two delimiters separated by a space, as in {{=<% %>=}}",
                at: tagStart
            )
        }
        opening = Array(parts[0])
        closing = Array(parts[1])
    }
}

extension UInt8 {
    /// Space, tab, carriage return or newline: what may surround a standalone tag.
    var isWhitespace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0D || self == 0x0A
    }
}

extension [UInt8] {
    func hasBytes(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset + bytes.count <= count else { return false }
        for index in bytes.indices where self[offset + index] != bytes[index] {
            return false
        }
        return true
    }

    func firstOffset(of bytes: [UInt8], from start: Int) -> Int? {
        var offset = start
        while offset + bytes.count <= count {
            if self[offset] == bytes[0], hasBytes(bytes, at: offset) { return offset }
            offset += 1
        }
        return nil
    }

    func trimmingWhitespace(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, self[lower].isWhitespace { lower += 1 }
        while upper > lower, self[upper - 1].isWhitespace { upper -= 1 }
        return lower..<upper
    }
}
