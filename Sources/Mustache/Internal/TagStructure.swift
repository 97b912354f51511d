/// Matches opening tags (sections, parents, blocks) with their closing tags, and reports
/// tags that are never closed or closed by the wrong name.
struct TagStructure {
    /// For an opening or closing tag, the index of its partner; -1 for other tokens.
    let partner: [Int]
    /// The index of the innermost opening tag around each token; -1 at the top level.
    let enclosing: [Int]

    init(tokens: [Token], locator: SourceLocator) throws(TemplateError) {
        var partner = Array(repeating: -1, count: tokens.count)
        var enclosing = Array(repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            enclosing[index] = open.last ?? -1
            switch token.kind {
            case .section, .parent, .block:
                open.append(index)
            case .closing:
                guard let opening = open.popLast() else {
                    throw locator.error("closing tag '\(token.name)' has no matching opening tag", at: token.bytes.lowerBound)
                }
                let openingToken = tokens[opening]
                guard openingToken.name == token.name else {
                    let place = locator.location(at: openingToken.bytes.lowerBound)
                    throw locator.error(
                        "closing tag '\(token.name)' does not match \(openingToken.kind.description) '\(openingToken.name)' "
                            + "opened at line \(place.line), column \(place.column)",
                        at: token.bytes.lowerBound
                    )
                }
                partner[opening] = index
                partner[index] = opening
                enclosing[index] = open.last ?? -1
            default:
                break
            }
        }
        self.partner = partner
        self.enclosing = enclosing
        if let unclosed = open.last {
            let token = tokens[unclosed]
            throw locator.error("\(token.kind.description) '\(token.name)' is never closed", at: token.bytes.lowerBound)
        }
    }
}

extension Token.Kind: CustomStringConvertible {
    var description: String {
        switch self {
        case .text: "text"
        case .variable: "variable"
        case .section(isInverted: false): "section"
        case .section(isInverted: true): "inverted section"
        case .parent: "parent"
        case .block: "block"
        case .closing: "closing tag"
        case .partial: "partial"
        case .comment: "comment"
        case .setDelimiters: "set delimiters tag"
        }
    }
}
