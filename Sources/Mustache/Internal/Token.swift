/// A piece of template source as the scanner finds it: a run of text or one tag.
///
/// Text tokens never span a newline: each ends at one, at a tag, or at the end of the
/// source, so that standalone-line rules can reason line by line.
struct Token {
    enum Kind: Equatable {
        case text
        case variable(isEscaped: Bool)
        case section(isInverted: Bool)
        case parent
        case block
        case closing
        case partial
        case comment
        case setDelimiters
    }

    /// How a tag affects whether the next piece of output begins a template line,
    /// which decides where partial indentation is written.
    enum LineEffect {
        /// Output follows on the same line; a tag at a line start gets the indentation.
        case consumesLineStart
        /// Like `consumesLineStart`, but the tag's node writes any indentation itself.
        case consumesLineStartSilently
        /// The tag's line was removed as standalone; the line start passes to what follows.
        case transparent
        /// What follows begins a line, whatever came before.
        case beginsLine
    }

    var kind: Kind
    /// The trimmed tag content; empty for text, comments and set delimiters.
    var name: String = ""
    /// The source bytes of a text run (dedenting moves its start), or of the whole tag.
    var bytes: Range<Int>
    /// Set on whitespace that belongs to a standalone tag rather than to the output.
    var isRemoved = false
    /// Set on the first token of each output line, where indentation is written.
    var startsLine = false
    var lineEffect = LineEffect.consumesLineStart
    /// For standalone partials, parents and blocks: see `TemplateCall` and `BlockSite`.
    var indentation: String?
    var isDedented = false
}
