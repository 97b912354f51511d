import GallerySupport

/// Reads typed fields out of a YAML mapping, turning every wrong type into a diagnostic at the
/// value's position and every unknown key into a warning, so one pass reports all problems.
struct FieldReader {
    let path: String
    private(set) var diagnostics: [Diagnostic] = []
    /// The mapping node itself, for errors about a missing key.
    let node: YAMLNode?
    /// The mapping's entries with text keys, in document order, each marked once it is read. A
    /// front matter has a dozen keys: a scan of small strings finds one faster than hashing it.
    private var entries: [Entry] = []
    /// Each key's entry, made only for a mapping too long to scan (`scanLimit`).
    private var index: [String: Int]?
    private static let scanLimit = 16

    private struct Entry {
        var key: String
        var keyNode: YAMLNode
        var value: YAMLNode
        var isRead = false
        /// The key's first byte: keys whose first bytes are different ASCII characters differ,
        /// told without a string comparison (`String ==` compares canonical equivalence, and an
        /// ASCII character stays first in any equivalent form).
        var firstByte: UInt8

        init(key: String, keyNode: YAMLNode, value: YAMLNode) {
            self.key = key
            self.keyNode = keyNode
            self.value = value
            firstByte = key.utf8.first ?? 0
        }
    }

    /// `what` names the mapping in messages, e.g. "front matter" or "site.yml".
    init(_ node: YAMLNode?, path: String, what: String) {
        self.path = path
        self.node = node
        guard let node, !node.isNull else { return }
        guard node.isMapping else {
            diagnostics.append(.error("\(what) must be a mapping of 'key: value' lines, found \(node.kindName)",
                                      path: path, line: node.line, column: node.column))
            return
        }
        // The entries read where they lie in the document's events (keys and values
        // alternately), without a list of pairs.
        let document = node.document
        let end = document.events[node.index].end
        entries.reserveCapacity(16)
        var child = node.index + 1
        while child < end {
            let key = YAMLNode(document, child)
            let valueIndex = document.next(after: child)
            guard valueIndex < end else { break }
            child = document.next(after: valueIndex)
            guard let text = key.scalar else {
                diagnostics.append(.error("keys in \(what) must be plain names", path: path, line: key.line, column: key.column))
                continue
            }
            if position(of: text) != nil {
                diagnostics.append(.error("duplicate key '\(text)'", path: path, line: key.line, column: key.column))
                continue
            }
            entries.append(Entry(key: text, keyNode: key, value: YAMLNode(document, valueIndex)))
            if index != nil {
                index?[text] = entries.count - 1
            } else if entries.count > Self.scanLimit {
                index = Dictionary(uniqueKeysWithValues: entries.indices.map { (entries[$0].key, $0) })
            }
        }
    }

    /// Where `key`'s entry is in `entries`.
    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        let first = key.utf8.first ?? 0
        return entries.firstIndex { ($0.firstByte == first || first >= 0x80 || $0.firstByte >= 0x80) && $0.key == key }
    }

    /// The raw value node of `key`, marking the key as known.
    mutating func value(_ key: String) -> YAMLNode? {
        guard let position = position(of: key) else { return nil }
        entries[position].isRead = true
        let value = entries[position].value
        return value.isNull ? nil : value
    }

    /// The line of every key, for diagnostics raised after reading.
    var keyLines: [Recipe.KeyLine] { entries.map { Recipe.KeyLine(key: $0.key, line: $0.keyNode.line) }.sorted { $0.key < $1.key } }

    /// Each key with its line, in document order (`keyLines` unsorted).
    var keyLineEntries: [(String, Int)] { entries.map { ($0.key, $0.keyNode.line) } }

    /// The key's own position, for messages about the entry as a whole.
    func keyPosition(_ key: String) -> (line: Int, column: Int)? {
        position(of: key).map { (entries[$0].keyNode.line, entries[$0].keyNode.column) }
    }

    /// `key:` as a picture: a path inside the site or an https URL (`ImagePath.reference`); an
    /// error at the value otherwise.
    mutating func imageReference(_ key: String) -> ImageReference? {
        guard let node = value(key) else { return nil }
        guard let text = node.scalar else {
            error("'\(key)' must be a path or an https URL, found \(node.kindName)", at: node)
            return nil
        }
        switch ImagePath.reference(text) {
        case .success(let reference): return reference
        case .failure(let problem):
            error(problem.message, at: node)
            return nil
        }
    }

    mutating func error(_ message: String, at node: YAMLNode) {
        diagnostics.append(.error(message, path: path, line: node.line, column: node.column))
    }

    mutating func error(_ message: String, line: Int, column: Int) {
        diagnostics.append(.error(message, path: path, line: line, column: column))
    }

    /// An error about the file as a whole, reported at its first line.
    mutating func error(_ message: String) {
        diagnostics.append(.error(message, path: path, line: 1, column: 1))
    }

    mutating func string(_ key: String) -> String? {
        guard let node = value(key) else { return nil }
        guard let text = node.scalar else {
            error("'\(key)' must be text, found \(node.kindName)", at: node)
            return nil
        }
        return text
    }

    /// A text field every document of its kind must have (a recipe's or a page's `title`),
    /// trimmed; missing or blank is an error at the key (or at the front matter when it is absent).
    mutating func requiredText(_ key: String) -> String? {
        let text = string(key)?.trimmingSpacesAndNewlines()
        if text?.isEmpty ?? true, !diagnostics.contains(where: { $0.message.hasPrefix("'\(key)'") }) {
            if let position = keyPosition(key) {
                error("'\(key)' must not be empty", line: position.line, column: position.column)
            } else {
                error("missing required field '\(key)'")
            }
        }
        return text
    }

    /// A day written YYYY-MM-DD (a recipe's or a post's `date`); anything else is an error at the value.
    mutating func date(_ key: String) -> RecipeDate? {
        guard let node = value(key) else { return nil }
        if let text = node.scalar, let parsed = RecipeDate(parsing: text) { return parsed }
        error("'\(key)' must be a date written YYYY-MM-DD, found '\(node.scalar ?? node.kindName)'", at: node)
        return nil
    }

    /// A list of texts; a single scalar counts as a one-element list.
    mutating func strings(_ key: String) -> [String] {
        guard let node = value(key) else { return [] }
        if let text = node.scalar { return [text] }
        guard let items = node.sequence else {
            error("'\(key)' must be a list, found \(node.kindName)", at: node)
            return []
        }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for item in items {
            if let text = item.scalar, !item.isNull {
                result.append(text)
            } else {
                error("each entry of '\(key)' must be text, found \(item.kindName)", at: item)
            }
        }
        return result
    }

    mutating func int(_ key: String) -> Int? {
        guard let node = value(key) else { return nil }
        guard let number = node.int else {
            error("'\(key)' must be a whole number, found '\(node.scalar ?? node.kindName)'", at: node)
            return nil
        }
        return number
    }

    mutating func double(_ key: String) -> Double? {
        guard let node = value(key) else { return nil }
        guard let number = node.double else {
            error("'\(key)' must be a number, found '\(node.scalar ?? node.kindName)'", at: node)
            return nil
        }
        return number
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let node = value(key) else { return nil }
        guard let flag = node.bool else {
            error("'\(key)' must be true or false, found '\(node.scalar ?? node.kindName)'", at: node)
            return nil
        }
        return flag
    }

    mutating func appendDiagnostic(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Warnings for keys nobody read, in document order. `dropped` words the warning for a key
    /// whose value is content rather than a setting (a recipe's list or lines of text), saying
    /// what is lost; nil keeps the plain "unknown key" warning.
    mutating func warnUnknownKeys(in what: String, dropped: ((String, YAMLNode) -> String?)? = nil) {
        for entry in entries where !entry.isRead {
            let message = dropped?(entry.key, entry.value) ?? "unknown key '\(entry.key)' in \(what) (ignored)"
            diagnostics.append(.warning(message, path: path, line: entry.keyNode.line, column: entry.keyNode.column))
        }
    }
}

extension FieldReader {
    /// The most tags one recipe or post may have. Every tag is a page listing its recipes, a
    /// filter of the gallery (its own arrangement of the cards in the gallery's CSS) and a link on
    /// the recipe's page: a thousand already make a 3.5 MB gallery page. Real recipe sites use a
    /// handful per recipe; a count past this is a mistake (a list pasted into the wrong field, a
    /// generated file), refused before the build spends minutes and megabytes on it.
    package static let maximumTags = 1_000

    /// `tags:`: a list, or with `splittingCommas` one line of comma-separated tags as well; each
    /// trimmed, empty ones left out. More than `maximumTags` is an error at the key.
    mutating func tags(splittingCommas: Bool) -> [String] {
        let node = value("tags")
        let written = splittingCommas ? node?.scalar.map { $0.split(separator: ",").map(String.init) } ?? strings("tags") : strings("tags")
        var tags: [String] = []
        tags.reserveCapacity(written.count)
        for tag in written {
            let trimmed = tag.trimmingSpaces()
            if !trimmed.isEmpty { tags.append(trimmed) }
        }
        guard tags.count <= Self.maximumTags else {
            let (line, column) = keyPosition("tags") ?? (node?.line ?? 1, node?.column ?? 1)
            error("'tags' lists \(tags.count) tags; at most \(Self.maximumTags) are allowed "
                  + "(each tag is a page and a filter of the gallery): keep the few that group recipes", line: line, column: column)
            return []
        }
        return tags
    }
}
