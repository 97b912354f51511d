import Foundation

/// The events libyaml gives for the front matter nearly every recipe has, read without libyaml:
/// a mapping of plain keys at the start of their lines, each with a one-line plain or simply
/// quoted value, a flow list of plain words (`[a, b]`), or a block list of such values below it,
/// with comments after values and on lines of their own. Anything else (a value over two lines,
/// an escape, an anchor, a tab, a character YAML treats specially) is not read here: `document` returns nil and libyaml reads
/// the whole text, so every error and every rare form is libyaml's. What it does return is what
/// `YAMLDocumentBuilder` makes of libyaml's events for the same text, event for event, byte for
/// byte (`YAMLSimpleMappingTests` compares them). libyaml's scanner spent some 190 instructions
/// a byte on such front matter, a third of reading a recipe (issue 37).
enum YAMLSimpleMapping {
    /// The document of `bytes` (the front matter's lines, the first `lineOffset` lines below the
    /// file's first), or nil when it is not of the simple form.
    static func document(_ bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) -> YAMLDocument? {
        var reader = Reader(bytes: bytes, lineOffset: lineOffset)
        return reader.read()
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let lineOffset: Int
        var events: [YAMLDocument.Event] = []
        var text: [UInt8] = []
        /// The line being read: its first byte, its end (its newline or the text's end) and its
        /// 0-based number.
        var start = 0
        var end = 0
        var line = 0

        init(bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) {
            self.bytes = bytes
            self.lineOffset = lineOffset
            events.reserveCapacity(32)
            text.reserveCapacity(bytes.count)
        }

        static let space = UInt8(ascii: " ")
        static let newline = UInt8(ascii: "\n")

        mutating func read() -> YAMLDocument? {
            guard Self.hasOnlySimpleCharacters(bytes) else { return nil }
            events.append(.init(kind: .mapping, line: 0, column: 0, start: 0, end: 0))
            end = lineEnd(from: 0)
            // Whether the line `start..<end` is still to be read.
            var hasLine = true
            while hasLine {
                // Blank lines and whole-line comments give no events.
                if !isBlankOrComment() {
                    guard let colon = keyEnd() else { return nil }
                    if events.count == 1 {
                        // The mapping starts where its first key does.
                        events[0].line = line + 1 + lineOffset
                        events[0].column = 1
                    }
                    scalar(.plainScalar, at: start, from: start, to: colon)
                    var valueStart = colon + 1
                    while valueStart < end, bytes[valueStart] == Self.space { valueStart += 1 }
                    if valueStart < end, bytes[valueStart] != UInt8(ascii: "#") {
                        guard value(from: valueStart) else { return nil }
                    } else {
                        // `key:` alone (or with a comment): a list on the lines below, read up to
                        // the line after it.
                        guard let isFollowed = list() else { return nil }
                        hasLine = isFollowed
                        continue
                    }
                }
                if end < bytes.count {
                    start = end + 1
                    end = lineEnd(from: start)
                    line += 1
                } else {
                    hasLine = false
                }
            }
            guard events.count > 1 else { return nil }
            events[0].end = events.count
            return YAMLDocument(events: events, text: text)
        }

        /// The end of the line from `from`: its newline or the text's end.
        func lineEnd(from: Int) -> Int {
            find(Self.newline, from: from, before: bytes.count) ?? bytes.count
        }

        /// The place of the first `byte` in `from..<limit` (`memchr`), or nil.
        func find(_ byte: UInt8, from: Int, before limit: Int) -> Int? {
            guard from < limit, let base = bytes.baseAddress,
                  let found = memchr(base + from, Int32(byte), limit - from) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }

        /// The place of the colon after a key at the line's start made of letters, digits, `_`
        /// and `-` (not first), followed by a space or the line's end; nil for any other line.
        func keyEnd() -> Int? {
            var position = start
            while position < end {
                let byte = bytes[position]
                let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                if isLetter || isDigit || byte == UInt8(ascii: "_") || (byte == UInt8(ascii: "-") && position > start) {
                    position += 1
                    continue
                }
                break
            }
            // libyaml takes a key of at most 1,024 characters.
            guard position > start, position < end, position - start < 1000, bytes[position] == UInt8(ascii: ":") else { return nil }
            guard position + 1 == end || bytes[position + 1] == Self.space else { return nil }
            return position
        }

        /// A key's value from `from` to the line's end: a plain scalar, a quoted one or a flow list.
        mutating func value(from: Int) -> Bool {
            switch bytes[from] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quoted(from: from)
            case UInt8(ascii: "["): flowList(from: from)
            default: plain(from: from, to: trimmedEnd(from: from), inFlow: false)
            }
        }

        /// Whether the line being read holds only spaces, or spaces and a comment.
        func isBlankOrComment() -> Bool {
            isBlankOrComment(from: start, commentNeedsSpace: false)
        }

        /// Whether the line from `from` on holds only spaces, or a comment, which after a value
        /// (`commentNeedsSpace`) must follow a space.
        func isBlankOrComment(from: Int, commentNeedsSpace: Bool = true) -> Bool {
            var position = from
            while position < end, bytes[position] == Self.space { position += 1 }
            return position == end || ((position > from || !commentNeedsSpace) && bytes[position] == UInt8(ascii: "#"))
        }

        /// The line's end less its trailing spaces.
        func trimmedEnd(from: Int) -> Int {
            var last = end
            while last > from, bytes[last - 1] == Self.space { last -= 1 }
            return last
        }

        /// A plain scalar over `from..<to` when YAML reads those bytes as one (nothing that starts
        /// something else, no `: ` inside, in a flow list none of `,[]{}` and no ` #`). Outside a
        /// flow list a ` #` starts a comment, which ends the scalar.
        mutating func plain(from: Int, to: Int, inFlow: Bool) -> Bool {
            guard from < to, Self.canStartPlain(bytes[from]) else { return false }
            var previous = Self.space
            var scalarEnd = to
            scan: for position in from..<to {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: ":"):
                    // `: ` or a colon at the end is a mapping's value indicator; in a flow list
                    // so is a colon before `,[]{}`: refuse every colon there.
                    if inFlow || position + 1 == to || bytes[position + 1] == Self.space { return false }
                case UInt8(ascii: "#"):
                    guard previous == Self.space else { break }
                    if inFlow { return false }
                    scalarEnd = position
                    while bytes[scalarEnd - 1] == Self.space { scalarEnd -= 1 }
                    break scan
                case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                    if inFlow { return false }
                default:
                    break
                }
                previous = byte
            }
            scalar(.plainScalar, at: from, from: from, to: scalarEnd)
            return true
        }

        /// `"…"` or `'…'` alone on the rest of the line (or before a comment), with no escape
        /// (`\`) or doubled quote inside.
        mutating func quoted(from: Int) -> Bool {
            let quote = bytes[from]
            var position = from + 1
            while position < end, bytes[position] != quote {
                if bytes[position] == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") { return false }
                position += 1
            }
            guard position < end, isBlankOrComment(from: position + 1) else { return false }
            // Its mark is the opening quote's.
            scalar(.scalar, at: from, from: from + 1, to: position)
            return true
        }

        /// `[a, b]`: plain words between commas, the whole list on the rest of the line.
        mutating func flowList(from: Int) -> Bool {
            let listIndex = events.count
            events.append(.init(kind: .sequence, line: line + 1 + lineOffset, column: column(of: from), start: 0, end: 0))
            guard let close = find(UInt8(ascii: "]"), from: from, before: end), isBlankOrComment(from: close + 1) else { return false }
            var itemStart = from + 1
            while true {
                while itemStart < close, bytes[itemStart] == Self.space { itemStart += 1 }
                var itemEnd = itemStart
                while itemEnd < close, bytes[itemEnd] != UInt8(ascii: ",") { itemEnd += 1 }
                var last = itemEnd
                while last > itemStart, bytes[last - 1] == Self.space { last -= 1 }
                if itemEnd == close && last == itemStart {
                    // `[]`, or nothing after the last comma (`[a, ]`, which libyaml also takes,
                    // is left to it).
                    if events.count > listIndex + 1 { return false }
                    break
                }
                guard plain(from: itemStart, to: last, inFlow: true) else { return false }
                if itemEnd == close { break }
                itemStart = itemEnd + 1
            }
            events[listIndex].end = events.count
            return true
        }

        /// The list below a key: lines `- value` at one indentation (none, or spaces) up to the
        /// next line that starts with a key. True when such a line follows (it is the line being
        /// read now), false at the text's end, nil when the lines are not of that form.
        mutating func list() -> Bool? {
            let listIndex = events.count
            var indentation: Int?
            while end < bytes.count {
                start = end + 1
                end = lineEnd(from: start)
                line += 1
                if isBlankOrComment() { continue }
                var dash = start
                while dash < end, bytes[dash] == Self.space { dash += 1 }
                guard dash < end, bytes[dash] == UInt8(ascii: "-"), dash + 1 < end, bytes[dash + 1] == Self.space else {
                    // A key at the line's start ends the list; anything else is not simple.
                    guard dash == start, events.count > listIndex + 1 else { return nil }
                    events[listIndex].end = events.count
                    return true
                }
                if let indentation {
                    guard dash - start == indentation else { return nil }
                } else {
                    indentation = dash - start
                    events.append(.init(kind: .sequence, line: line + 1 + lineOffset, column: dash - start + 1, start: 0, end: 0))
                }
                var valueStart = dash + 1
                while valueStart < end, bytes[valueStart] == Self.space { valueStart += 1 }
                guard valueStart < end else { return nil }
                switch bytes[valueStart] {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    guard quoted(from: valueStart) else { return nil }
                default:
                    guard plain(from: valueStart, to: trimmedEnd(from: valueStart), inFlow: false) else { return nil }
                }
            }
            guard events.count > listIndex + 1 else { return nil }
            events[listIndex].end = events.count
            return false
        }

        /// A scalar event of the bytes `from..<to` of the line being read, marked at `mark`.
        mutating func scalar(_ kind: YAMLDocument.Event.Kind, at mark: Int, from: Int, to: Int) {
            let textStart = text.count
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<to]))
            events.append(.init(kind: kind, line: line + 1 + lineOffset, column: column(of: mark), start: textStart, end: text.count))
        }

        /// libyaml's 1-based column of the byte at `position`: it counts characters, not bytes.
        func column(of position: Int) -> Int {
            var characters = 1
            for offset in start..<position where bytes[offset] & 0xC0 != 0x80 { characters += 1 }
            return characters
        }

        /// Whether a plain scalar may start with `byte`: not a space or one of YAML's indicators.
        static func canStartPlain(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","),
                 UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"),
                 UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"),
                 UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
                false
            default:
                true
            }
        }

        /// Whether `bytes` holds only what the simple form reads as libyaml does: printable ASCII,
        /// newlines, and characters past ASCII that YAML neither breaks lines at (U+0085, U+2028,
        /// U+2029) nor refuses (C1 controls, U+FEFF, U+FFFE, U+FFFF). No tab, no CR.
        static func hasOnlySimpleCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var position = 0
            let count = bytes.count
            while position < count {
                let byte = bytes[position]
                if byte >= 0x20 && byte < 0x7F || byte == newline {
                    position += 1
                    continue
                }
                switch byte {
                case 0xC2:
                    // U+0080–U+009F: C1 controls and NEL.
                    guard position + 1 < count, bytes[position + 1] >= 0xA0 else { return false }
                case 0xE2:
                    // U+2028, U+2029.
                    if position + 2 < count, bytes[position + 1] == 0x80, bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9 {
                        return false
                    }
                case 0xEF:
                    // U+FEFF, U+FFFE, U+FFFF.
                    if position + 2 < count, bytes[position + 1] == 0xBB, bytes[position + 2] == 0xBF { return false }
                    if position + 2 < count, bytes[position + 1] == 0xBF, bytes[position + 2] >= 0xBE { return false }
                default:
                    // Other ASCII controls and DEL; bytes past ASCII are valid UTF-8 (the text
                    // was checked when it was read).
                    if byte < 0x80 { return false }
                }
                position += 1
            }
            return true
        }
    }
}
