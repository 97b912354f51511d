/// Applies the spec's whitespace rules to scanned tokens: removes the lines of standalone
/// tags, records the indentation of standalone partials, parents and blocks, re-indents
/// block content, and marks where output lines start so indentation can be written there.
///
/// A tag is standalone when it is the only thing on its line besides whitespace. Parents
/// and blocks come in pairs and follow the inheritance spec instead: a pair is standalone
/// when its opening tag starts a line and its closing tag ends one, and a block's content
/// loses its own common indentation so the place it is rendered can supply one.
struct StandaloneRules {
    private(set) var tokens: [Token]
    private let structure: TagStructure
    private let source: [UInt8]
    /// Token index ranges, one per source line.
    private let lines: [Range<Int>]
    /// The index into `lines` of each token's line.
    private let lineOfToken: [Int]

    init(tokens: [Token], structure: TagStructure, source: [UInt8]) {
        self.tokens = tokens
        self.structure = structure
        self.source = source
        var lines: [Range<Int>] = []
        var lineOfToken = Array(repeating: 0, count: tokens.count)
        var lineStart = 0
        for (index, token) in tokens.enumerated() {
            lineOfToken[index] = lines.count
            if token.kind == .text, source[token.bytes].last == UInt8(ascii: "\n") {
                lines.append(lineStart..<index + 1)
                lineStart = index + 1
            }
        }
        if lineStart < tokens.count { lines.append(lineStart..<tokens.count) }
        self.lines = lines
        self.lineOfToken = lineOfToken
    }

    /// Runs in token order so that a block's dedenting happens before anything inside it
    /// reads its own indentation.
    mutating func apply() {
        for index in tokens.indices {
            switch tokens[index].kind {
            case .section, .comment, .partial, .setDelimiters:
                removeIfStandalone(index)
            case .closing where tokens[structure.partner[index]].kind.isSection:
                removeIfStandalone(index)
            case .parent:
                applyParentRules(index)
            case .block:
                applyBlockRules(index)
            default:
                break
            }
        }
        markLineStarts()
    }

    // MARK: Rules

    private mutating func removeIfStandalone(_ index: Int) {
        guard clearsLeft(index), clearsRight(index) else { return }
        let leading = removeLeadingWhitespace(index)
        removeTrailingWhitespace(index)
        tokens[index].lineEffect = .transparent
        if tokens[index].kind == .partial { tokens[index].indentation = leading }
    }

    private mutating func applyParentRules(_ opening: Int) {
        let closing = structure.partner[opening]
        if clearsLeft(opening), clearsRight(closing) {
            tokens[opening].indentation = removeLeadingWhitespace(opening)
            removeTrailingWhitespace(closing)
            tokens[opening].lineEffect = .transparent
            tokens[closing].lineEffect = .beginsLine
        } else {
            // An inline parent: its output continues the line it sits on.
            removeIfStandalone(closing)
            tokens[closing].lineEffect = .consumesLineStartSilently
        }
    }

    private mutating func applyBlockRules(_ opening: Int) {
        let closing = structure.partner[opening]
        let enclosing = structure.enclosing[opening]
        if enclosing >= 0, tokens[enclosing].kind == .parent {
            applyOverrideRules(opening, closing)
            return
        }
        let openingStandsAlone = clearsLeft(opening) && clearsRight(opening)
        let closingStandsAlone = clearsLeft(closing) && clearsRight(closing)
        if clearsLeft(opening), clearsRight(closing) {
            if openingStandsAlone {
                // The content's own indentation is what a replacement gets, unless there is
                // no content to take it from; then the tag's indentation is used.
                let content = contentLines(opening, closing)
                let leading = removeLeadingWhitespace(opening)
                removeTrailingWhitespace(opening)
                if let indentation = commonIndentation(of: content) {
                    dedent(content, by: indentation)
                    tokens[opening].indentation = String(decoding: indentation, as: UTF8.self)
                } else {
                    tokens[opening].indentation = leading
                }
                tokens[opening].isDedented = true
                tokens[opening].lineEffect = .transparent
            } else {
                tokens[opening].indentation = removeLeadingWhitespace(opening)
                tokens[opening].lineEffect = .consumesLineStartSilently
            }
        } else if openingStandsAlone {
            removeIfStandalone(opening)
        }
        if closingStandsAlone { removeIfStandalone(closing) }
    }

    /// A block inside a parent is an argument: text before its opening tag and after its
    /// closing tag is ignored, so only the edges of its content matter.
    private mutating func applyOverrideRules(_ opening: Int, _ closing: Int) {
        if clearsRight(opening) {
            removeTrailingWhitespace(opening)
            let content = contentLines(opening, closing)
            if let indentation = commonIndentation(of: content) {
                dedent(content, by: indentation)
            }
        }
        // The newline before a closing tag belongs to the content; only the indentation goes.
        if clearsLeft(closing) { _ = removeLeadingWhitespace(closing) }
        tokens[opening].lineEffect = .beginsLine
        // A line start before the closing tag has no content left to indent.
        tokens[closing].lineEffect = .consumesLineStartSilently
    }

    // MARK: Line starts

    /// Marks the first token of every output line, skipping removed standalone lines and
    /// empty lines (which stay empty rather than gaining trailing indentation).
    private mutating func markLineStarts() {
        var atLineStart = true
        for index in tokens.indices {
            if tokens[index].kind == .text {
                let bytes = tokens[index].bytes
                guard !tokens[index].isRemoved, !bytes.isEmpty else { continue }
                if atLineStart, !isLineEnding(bytes) { tokens[index].startsLine = true }
                atLineStart = endsWithNewline(index)
                continue
            }
            switch tokens[index].lineEffect {
            case .consumesLineStart:
                if atLineStart { tokens[index].startsLine = true }
                atLineStart = false
            case .consumesLineStartSilently:
                atLineStart = false
            case .transparent:
                break
            case .beginsLine:
                atLineStart = true
            }
        }
    }

    // MARK: Helpers

    private func isBlankText(_ index: Int) -> Bool {
        tokens[index].kind == .text && source[tokens[index].bytes].allSatisfy(\.isWhitespace)
    }

    private func endsWithNewline(_ index: Int) -> Bool {
        let bytes = tokens[index].bytes
        return tokens[index].kind == .text && !bytes.isEmpty && source[bytes.upperBound - 1] == UInt8(ascii: "\n")
    }

    private func isLineEnding(_ bytes: Range<Int>) -> Bool {
        let text = source[bytes]
        return text.elementsEqual([UInt8(ascii: "\n")]) || text.elementsEqual([UInt8(ascii: "\r"), UInt8(ascii: "\n")])
    }

    /// Whether only whitespace precedes the tag on its line.
    private func clearsLeft(_ index: Int) -> Bool {
        (lines[lineOfToken[index]].lowerBound..<index).allSatisfy(isBlankText)
    }

    /// Whether only whitespace (and the line ending) follows the tag on its line.
    private func clearsRight(_ index: Int) -> Bool {
        (index + 1..<lines[lineOfToken[index]].upperBound).allSatisfy(isBlankText)
    }

    /// Removes the whitespace before a tag on its line and returns it.
    private mutating func removeLeadingWhitespace(_ index: Int) -> String {
        var removed = ""
        for other in lines[lineOfToken[index]].lowerBound..<index {
            tokens[other].isRemoved = true
            removed += String(decoding: source[tokens[other].bytes], as: UTF8.self)
        }
        return removed
    }

    private mutating func removeTrailingWhitespace(_ index: Int) {
        for other in index + 1..<lines[lineOfToken[index]].upperBound {
            tokens[other].isRemoved = true
        }
    }

    /// The lines of a pair's content, from the line after the opening tag; the closing
    /// tag's line counts only if content precedes the tag on it.
    private func contentLines(_ opening: Int, _ closing: Int) -> Range<Int> {
        let last = clearsLeft(closing) ? lineOfToken[closing] : lineOfToken[closing] + 1
        return lineOfToken[opening] + 1..<max(last, lineOfToken[opening] + 1)
    }

    /// The spaces and tabs shared by the start of every non-blank line, or `nil` when all are blank.
    private func commonIndentation(of lineRange: Range<Int>) -> ArraySlice<UInt8>? {
        var common: ArraySlice<UInt8>?
        for line in lineRange where !lines[line].allSatisfy(isBlankText) {
            let indentation = leadingIndentation(ofLine: line)
            guard let shared = common else {
                common = indentation
                continue
            }
            common = shared.prefix(zip(shared, indentation).prefix { $0 == $1 }.count)
        }
        return common
    }

    private func leadingIndentation(ofLine line: Int) -> ArraySlice<UInt8> {
        let first = lines[line].lowerBound
        guard tokens[first].kind == .text else { return [] }
        let text = source[tokens[first].bytes]
        return text.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    private mutating func dedent(_ lineRange: Range<Int>, by indentation: ArraySlice<UInt8>) {
        for line in lineRange {
            let first = lines[line].lowerBound
            guard tokens[first].kind == .text else { continue }
            let shared = zip(leadingIndentation(ofLine: line), indentation).prefix { $0 == $1 }.count
            tokens[first].bytes = tokens[first].bytes.dropFirst(shared)
        }
    }
}

extension Token.Kind {
    var isSection: Bool {
        if case .section = self { true } else { false }
    }
}
