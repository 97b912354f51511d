/// Turns template source into nodes: scan, match tags, apply whitespace rules, build the tree.
enum Parser {
    /// The nodes, and the texts and other parts they refer to (`TemplateText`, `Unretained`),
    /// which the template keeps.
    static func parse(_ source: String, templateName: String) throws(TemplateError) -> (nodes: [Node], kept: [AnyObject & Sendable]) {
        let bytes = Array(source.utf8)
        let locator = SourceLocator(source: bytes, templateName: templateName)
        var scanner = TemplateScanner(source: bytes, locator: locator)
        let scanned = try scanner.scan()
        let structure = try TagStructure(tokens: scanned, locator: locator)
        var rules = StandaloneRules(tokens: scanned, structure: structure, source: bytes)
        rules.apply()
        var builder = TreeBuilder(source: bytes, locator: locator)
        return (builder.build(rules.tokens), builder.keeper.kept)
    }
}

/// Builds the node tree from tokens whose tags are known to be balanced.
private struct TreeBuilder {
    /// An opening tag whose closing tag has not been reached, with the nodes collected so far.
    private struct Frame {
        /// The opening token's index, or -1 for the template itself.
        var opening: Int
        var isParent = false
        /// Where the texts and other parts made into nodes are kept for the template.
        let keeper: TextKeeper
        var nodes: [Node] = []
        /// Text not yet turned into a node, so that adjacent runs become one node.
        var pendingText = ""
        /// The blocks inside a parent, by name; only parents collect these.
        var overrides: [String: [Node]] = [:]

        mutating func flushText() {
            guard !pendingText.isEmpty else { return }
            nodes.append(.text(keeper.keep(pendingText)))
            pendingText = ""
        }

        /// Everything inside a parent other than its blocks is ignored, per the spec.
        mutating func append(_ node: Node) {
            guard !isParent else { return }
            flushText()
            nodes.append(node)
        }

        mutating func appendText(_ text: Substring) {
            guard !isParent else { return }
            pendingText += text
        }
    }

    let source: [UInt8]
    let locator: SourceLocator
    let keeper = TextKeeper()
    private var frames: [Frame]

    init(source: [UInt8], locator: SourceLocator) {
        self.source = source
        self.locator = locator
        frames = [Frame(opening: -1, keeper: keeper)]
    }

    mutating func build(_ tokens: [Token]) -> [Node] {
        for (index, token) in tokens.enumerated() {
            if token.startsLine { frames[frames.count - 1].append(.lineStart) }
            switch token.kind {
            case .text:
                guard !token.isRemoved, !token.bytes.isEmpty else { continue }
                frames[frames.count - 1].appendText(Substring(decoding: source[token.bytes], as: UTF8.self))
            case .variable(let isEscaped):
                frames[frames.count - 1].append(.variable(keeper.keep(VariableName(token.name)), isEscaped: isEscaped))
            case .comment, .setDelimiters:
                break
            case .partial:
                let call = TemplateCall(
                    name: token.name,
                    indentation: token.indentation,
                    overrides: [:],
                    location: locator.location(at: token.bytes.lowerBound)
                )
                frames[frames.count - 1].append(.partial(keeper.keep(call)))
            case .section, .parent, .block:
                frames.append(Frame(opening: index, isParent: token.kind == .parent, keeper: keeper))
            case .closing:
                var frame = frames.removeLast()
                frame.flushText()
                close(frame, opening: tokens[frame.opening])
            }
        }
        frames[0].flushText()
        return frames[0].nodes
    }

    private mutating func close(_ frame: Frame, opening: Token) {
        let node: Node
        switch opening.kind {
        case .section(let isInverted):
            node = .section(keeper.keep(Section(name: VariableName(opening.name), isInverted: isInverted, content: frame.nodes,
                                                location: locator.location(at: opening.bytes.lowerBound))))
        case .parent:
            node = .parent(keeper.keep(TemplateCall(
                name: opening.name,
                indentation: opening.indentation,
                overrides: frame.overrides,
                location: locator.location(at: opening.bytes.lowerBound)
            )))
        case .block where frames[frames.count - 1].isParent:
            // The first argument of a given name wins, as later ones could never be seen.
            if frames[frames.count - 1].overrides[opening.name] == nil {
                frames[frames.count - 1].overrides[opening.name] = frame.nodes
            }
            return
        case .block:
            node = .block(keeper.keep(BlockSite(
                name: opening.name,
                defaultContent: frame.nodes,
                indentation: opening.indentation,
                isDedented: opening.isDedented,
                location: locator.location(at: opening.bytes.lowerBound)
            )))
        default:
            preconditionFailure("TagStructure pairs closing tags only with sections, parents and blocks")
        }
        frames[frames.count - 1].append(node)
    }
}

/// The texts and other parts a template's nodes refer to without keeping them, gathered while
/// its tree is built.
final class TextKeeper {
    private(set) var kept: [AnyObject & Sendable] = []

    func keep(_ text: String) -> TemplateText {
        let storage = TextStorage(text)
        kept.append(storage)
        return TemplateText(storage)
    }

    func keep<Part: AnyObject & Sendable>(_ part: Part) -> Unretained<Part> {
        kept.append(part)
        return Unretained(part)
    }
}
