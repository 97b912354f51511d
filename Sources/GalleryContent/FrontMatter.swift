import GallerySupport

/// Splits a recipe file into its YAML front matter and Markdown body.
package struct FrontMatter: Sendable {
    /// The YAML between the `---` lines, parsed; nil when the block is empty.
    package var yaml: YAMLNode?
    /// The Markdown after the closing line.
    package var body: String
    /// 1-based line of the body's first line in the file.
    package var bodyLine: Int

    /// Parses `text`; YAML positions are made relative to the file, not the block. `what` names
    /// the file in the message about missing front matter ("a recipe", "a page").
    package static func parse(_ text: String, path: String, what: String = "a recipe") throws(Diagnostic) -> FrontMatter {
        // Lines as byte ranges of `text`, read only as far as the closing line: splitting by
        // Character would walk every grapheme, and the YAML and the body are taken as single slices.
        let bytes = text.utf8
        func line(from start: String.Index) -> Substring {
            Substring(bytes[start..<(bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex)])
        }
        let first = line(from: bytes.startIndex)
        guard isFence(first) else {
            throw .error("\(what) must start with front matter: a line '---', YAML such as 'title: ...', then '---'",
                         path: path, line: 1, column: 1)
        }
        var (previous, close) = (first, 0)
        while previous.endIndex < bytes.endIndex {
            let current = line(from: bytes.index(after: previous.endIndex))
            close += 1
            guard !isFence(current), current.trimmingTrailingSpaces() != "..." else {
                let yamlText = close > 1 ? String(text[bytes.index(after: first.endIndex)..<previous.endIndex]) : ""
                let yaml: YAMLNode?
                do {
                    yaml = try YAMLParser.parse(yamlText).map { offset($0, lines: 1) }
                } catch {
                    throw .error(error.diagnosticMessage(firstLine: 2), path: path, line: error.line + 1, column: error.column)
                }
                let body = current.endIndex < bytes.endIndex ? String(text[bytes.index(after: current.endIndex)...]) : ""
                return FrontMatter(yaml: yaml, body: body, bodyLine: close + 2)
            }
            previous = current
        }
        throw .error("front matter opened with '---' on line 1 is never closed (add a line '---' after it)",
                     path: path, line: 1, column: 1)
    }

    private static func isFence(_ line: Substring) -> Bool {
        line.trimmingTrailingSpaces() == "---"
    }

    /// Shifts a node tree's lines down by `lines`, for YAML that began below the file's first line.
    private static func offset(_ node: YAMLNode, lines: Int) -> YAMLNode {
        var node = node
        node.line += lines
        switch node.kind {
        case .scalar: break
        case .sequence(let items): node.kind = .sequence(items.map { offset($0, lines: lines) })
        case .mapping(let pairs):
            node.kind = .mapping(pairs.map { YAMLPair(key: offset($0.key, lines: lines), value: offset($0.value, lines: lines)) })
        }
        return node
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> Substring {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
