#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the plain shape most front matter has straight into nodes, without libyaml: a mapping
/// of `key: value` lines whose values are one-line plain or quoted scalars, one-line flow lists of
/// plain words (`tags: [gin, sour]`) or block lists of such scalars (`- 20 ml gin`), in printable
/// ASCII. libyaml's scanner and its events cost ~80,000 instructions for a recipe's 300 bytes of
/// YAML; this reads them in a few thousand.
///
/// It answers only when it is sure: anything else (another character, an anchor, a tag, a nested
/// mapping, a scalar going on to another line, a comment where a scalar might go on, text libyaml
/// would refuse) is `nil`, and `YAMLParser` hands the text to libyaml. The nodes are the ones
/// libyaml's events make, positions included (`PlainYAMLTests` compares the two on every fixture
/// and on thousands of edits of them).
enum PlainYAML {
    /// The document's root (nil for none), or nil when the text is not of the plain shape.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) -> YAMLNode?? {
        var reader = Reader(bytes: bytes, lineOffset: lineOffset)
        return reader.document()
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let lineOffset: Int
        /// Where the current line starts, and its number (from 1, before `lineOffset`).
        var lineStart = 0
        var line = 1

        init(bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) {
            self.bytes = bytes
            self.lineOffset = lineOffset
        }

        /// The current line's end, once found (`currentEnd`), and the line it is of.
        var knownEnd = (start: -1, end: 0)

        /// The end of the current line (its newline or the end of the text), found once (`memchr`).
        mutating func currentEnd() -> Int {
            if knownEnd.start != lineStart {
                let rest = bytes.count - lineStart
                let found = rest > 0 ? memchr(bytes.baseAddress! + lineStart, 0x0A, rest) : nil
                knownEnd = (lineStart, found.map { bytes.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count)
            }
            return knownEnd.end
        }

        /// Moves to the next line.
        mutating func advance() {
            lineStart = currentEnd() + 1
            line += 1
        }

        var atEnd: Bool { lineStart >= bytes.count }

        /// Skips lines that are blank or a comment at the line's start; nil when a byte is not
        /// printable ASCII (libyaml's rules for the others are not repeated here).
        mutating func skipBlankLines() -> Bool {
            while !atEnd {
                let end = currentEnd()
                var position = lineStart
                for index in lineStart..<end {
                    guard bytes[index] >= 0x20, bytes[index] < 0x7F else { return false }
                }
                while position < end, bytes[position] == UInt8(ascii: " ") { position += 1 }
                if position < end, !(position == lineStart && bytes[position] == UInt8(ascii: "#")) { return true }
                advance()
            }
            return true
        }

        /// How many spaces the current line starts with.
        func indentation() -> Int {
            var position = lineStart
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
            return position - lineStart
        }

        func node(_ kind: YAMLNode.Kind, at position: Int) -> YAMLNode {
            YAMLNode(kind: kind, line: line + lineOffset, column: position - lineStart + 1)
        }

        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        mutating func document() -> YAMLNode?? {
            var pairs: [YAMLPair] = []
            pairs.reserveCapacity(16)
            var root: YAMLNode?
            while true {
                guard skipBlankLines() else { return nil }
                if atEnd { break }
                // Every entry starts a line: a key of letters, digits, `_` and `-`, then `:`.
                guard indentation() == 0 else { return nil }
                let end = currentEnd()
                var position = lineStart
                guard isKeyStart(bytes[position]) else { return nil }
                while position < end, isKeyByte(bytes[position]) { position += 1 }
                guard position < end, bytes[position] == UInt8(ascii: ":"), position - lineStart <= 128 else { return nil }
                let key = node(.scalar(text(lineStart, position), isPlain: true), at: lineStart)
                if root == nil { root = node(.mapping([]), at: lineStart) }
                let colon = position
                position += 1
                guard position == end || bytes[position] == UInt8(ascii: " ") else { return nil }
                while position < end, bytes[position] == UInt8(ascii: " ") { position += 1 }
                if position < end, bytes[position] != UInt8(ascii: "#") {
                    // A value on the key's line; a line indented below it would go on with it.
                    guard let value = inlineValue(from: position, end: end) else { return nil }
                    pairs.append(YAMLPair(key: key, value: value))
                    advance()
                    guard skipBlankLines() else { return nil }
                    if !atEnd, indentation() > 0 { return nil }
                    continue
                }
                // Nothing after the key: a list on the lines below, or null.
                let emptyValue = node(.scalar("", isPlain: true), at: colon + 1)
                advance()
                guard skipBlankLines() else { return nil }
                if atEnd || indentation() == 0 && !startsEntry(lineStart) {
                    pairs.append(YAMLPair(key: key, value: emptyValue))
                    continue
                }
                guard let list = blockList() else { return nil }
                pairs.append(YAMLPair(key: key, value: list))
            }
            // A text of comments alone: libyaml says what it holds.
            guard var root else { return nil }
            root.kind = .mapping(pairs)
            return .some(root)
        }

        /// Whether the line has `- ` at `position`.
        func startsEntry(_ position: Int) -> Bool {
            position + 1 < bytes.count && bytes[position] == UInt8(ascii: "-") && bytes[position + 1] == UInt8(ascii: " ")
        }

        /// `- item` lines, all at the first one's indentation; stops before the next key.
        mutating func blockList() -> YAMLNode? {
            let indent = indentation()
            guard startsEntry(lineStart + indent) else { return nil }
            var list = node(.sequence([]), at: lineStart + indent)
            var items: [YAMLNode] = []
            items.reserveCapacity(8)
            while true {
                let end = currentEnd()
                var position = lineStart + indent + 2
                while position < end, bytes[position] == UInt8(ascii: " ") { position += 1 }
                guard position < end, bytes[position] != UInt8(ascii: "#"),
                      let item = inlineScalar(from: position, end: end) else { return nil }
                items.append(item)
                advance()
                guard skipBlankLines() else { return nil }
                if atEnd { break }
                let next = indentation()
                if next == indent, startsEntry(lineStart + indent) { continue }
                // The next key ends the list; anything else indented is not this shape.
                guard next == 0, indent > 0 || !startsEntry(lineStart) else { return nil }
                break
            }
            list.kind = .sequence(items)
            return list
        }

        /// A value on a key's line: a flow list or a scalar.
        func inlineValue(from start: Int, end: Int) -> YAMLNode? {
            bytes[start] == UInt8(ascii: "[") ? flowList(from: start, end: end) : inlineScalar(from: start, end: end)
        }

        /// A plain, double-quoted or single-quoted scalar that ends on its line.
        func inlineScalar(from start: Int, end: Int) -> YAMLNode? {
            switch bytes[start] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): return quoted(from: start, end: end)
            default: return plain(from: start, end: end)
            }
        }

        /// A plain scalar in a block: up to a comment or the line's end, its trailing spaces left
        /// out; nil when it starts with an indicator or holds `: ` (a mapping libyaml refuses).
        func plain(from start: Int, end: Int) -> YAMLNode? {
            guard !Self.isIndicator(bytes[start]) else { return nil }
            var last = start
            var position = start
            while position < end {
                let byte = bytes[position]
                if byte == UInt8(ascii: ":"), position + 1 == end || bytes[position + 1] == UInt8(ascii: " ") { return nil }
                if byte == UInt8(ascii: "#"), bytes[position - 1] == UInt8(ascii: " ") { break }
                if byte != UInt8(ascii: " ") { last = position + 1 }
                position += 1
            }
            return node(.scalar(text(start, last), isPlain: true), at: start)
        }

        /// A quoted scalar closed on its line, followed by nothing but spaces and a comment.
        /// Double quotes without escapes; in single quotes `''` is one quote.
        func quoted(from start: Int, end: Int) -> YAMLNode? {
            let quote = bytes[start]
            var value: [UInt8] = []
            var position = start + 1
            while true {
                guard position < end else { return nil }
                let byte = bytes[position]
                if byte == quote {
                    if quote == UInt8(ascii: "'"), position + 1 < end, bytes[position + 1] == quote {
                        value.append(quote)
                        position += 2
                        continue
                    }
                    break
                }
                guard byte != UInt8(ascii: "\\") else { return nil }
                value.append(byte)
                position += 1
            }
            guard restIsBlank(from: position + 1, end: end) else { return nil }
            return node(.scalar(String(decoding: value, as: UTF8.self), isPlain: false), at: start)
        }

        /// `[a, b c, d]` of plain words, closed on its line.
        func flowList(from start: Int, end: Int) -> YAMLNode? {
            var items: [YAMLNode] = []
            var position = start + 1
            while position < end, bytes[position] == UInt8(ascii: " ") { position += 1 }
            if position < end, bytes[position] == UInt8(ascii: "]") {
                guard restIsBlank(from: position + 1, end: end) else { return nil }
                return node(.sequence([]), at: start)
            }
            while true {
                guard position < end, !Self.isIndicator(bytes[position]) else { return nil }
                let itemStart = position
                var last = position
                while position < end, bytes[position] != UInt8(ascii: ","), bytes[position] != UInt8(ascii: "]") {
                    let byte = bytes[position]
                    guard !Self.stopsFlowWord(byte) else { return nil }
                    if byte != UInt8(ascii: " ") { last = position + 1 }
                    position += 1
                }
                guard position < end else { return nil }
                items.append(node(.scalar(text(itemStart, last), isPlain: true), at: itemStart))
                if bytes[position] == UInt8(ascii: "]") { break }
                position += 1
                while position < end, bytes[position] == UInt8(ascii: " ") { position += 1 }
            }
            guard restIsBlank(from: position + 1, end: end) else { return nil }
            return node(.sequence(items), at: start)
        }

        /// Whether only spaces follow, then the line's end or a comment.
        func restIsBlank(from start: Int, end: Int) -> Bool {
            var position = start
            while position < end, bytes[position] == UInt8(ascii: " ") { position += 1 }
            return position == end || (position > start && bytes[position] == UInt8(ascii: "#"))
        }

        func isKeyStart(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
        }

        func isKeyByte(_ byte: UInt8) -> Bool {
            isKeyStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }

        /// Whether `byte` starts something other than a plain scalar, or may (`-`, `?`, `:`).
        static func isIndicator(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"),
                 UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
                 UInt8(ascii: "`"), UInt8(ascii: " "): true
            default: false
            }
        }

        /// Whether a plain word of a flow list may not hold `byte` (this reader's rule, stricter
        /// than YAML's).
        static func stopsFlowWord(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "}"),
                 UInt8(ascii: "\""), UInt8(ascii: "'"): true
            default: false
            }
        }
    }
}
