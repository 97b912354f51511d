import GallerySupport

/// Reads typed fields out of a YAML mapping, turning every wrong type into a diagnostic at the
/// value's position and every unknown key into a warning, so one pass reports all problems.
struct FieldReader {
    let path: String
    private(set) var diagnostics: [Diagnostic] = []
    /// The mapping node itself, for errors about a missing key.
    let node: YAMLNode?
    private var fields: [String: YAMLPair] = [:]
    private var order: [String] = []
    private var read: Set<String> = []

    /// `what` names the mapping in messages, e.g. "front matter" or "site.yml".
    init(_ node: YAMLNode?, path: String, what: String) {
        self.path = path
        self.node = node
        guard let node, !node.isNull else { return }
        guard let pairs = node.mapping else {
            diagnostics.append(.error("\(what) must be a mapping of 'key: value' lines, found \(node.kindName)",
                                      path: path, line: node.line, column: node.column))
            return
        }
        for pair in pairs {
            guard let key = pair.key.scalar else {
                diagnostics.append(.error("keys in \(what) must be plain names", path: path, line: pair.key.line, column: pair.key.column))
                continue
            }
            if fields[key] != nil {
                diagnostics.append(.error("duplicate key '\(key)'", path: path, line: pair.key.line, column: pair.key.column))
                continue
            }
            fields[key] = pair
            order.append(key)
        }
    }

    /// The raw value node of `key`, marking the key as known.
    mutating func value(_ key: String) -> YAMLNode? {
        read.insert(key)
        guard let node = fields[key]?.value, !node.isNull else { return nil }
        return node
    }

    /// The line of every key, for diagnostics raised after reading.
    var keyLines: [Recipe.KeyLine] { fields.map { Recipe.KeyLine(key: $0.key, line: $0.value.key.line) }.sorted { $0.key < $1.key } }

    /// The key's own position, for messages about the entry as a whole.
    func keyPosition(_ key: String) -> (line: Int, column: Int)? {
        fields[key].map { ($0.key.line, $0.key.column) }
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
        let text = string(key)?.trimmingCharacters(in: .whitespacesAndNewlines)
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
        for key in order where !read.contains(key) {
            guard let pair = fields[key] else { continue }
            let message = dropped?(key, pair.value) ?? "unknown key '\(key)' in \(what) (ignored)"
            diagnostics.append(.warning(message, path: path, line: pair.key.line, column: pair.key.column))
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
        let tags = written.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard tags.count <= Self.maximumTags else {
            let (line, column) = keyPosition("tags") ?? (node?.line ?? 1, node?.column ?? 1)
            error("'tags' lists \(tags.count) tags; at most \(Self.maximumTags) are allowed "
                  + "(each tag is a page and a filter of the gallery): keep the few that group recipes", line: line, column: column)
            return []
        }
        return tags
    }
}
