import Foundation
import GalleryContent

/// Text from another format cleaned as a cook would expect: HTML entities decoded (twice-encoded
/// ones too), tags removed, white space collapsed; in ingredients and steps, links kept as
/// Markdown links and everything else escaped so it renders as the same characters.
package enum ImportedText {
    /// Plain text: tags removed (a `<br>` or the end of a paragraph becomes a space), entities
    /// decoded, runs of white space made one space, trimmed.
    package static func plain(_ text: String) -> String {
        collapse(decodeEntities(stripTags(text)))
    }

    /// Lines of plain text: a `<br>`, a paragraph or list item, or a line break each end one;
    /// empty lines dropped.
    package static func lines(_ text: String) -> [String] {
        var marked = text
        for tag in ["<br>", "<br/>", "<br />", "</p>", "</li>", "</div>", "</h1>", "</h2>", "</h3>", "</h4>"] {
            marked = marked.replacingOccurrences(of: tag, with: "\n", options: .caseInsensitive)
        }
        return decodeEntities(stripTags(marked)).components(separatedBy: .newlines).map(collapse).filter { !$0.isEmpty }
    }

    /// Inline Markdown from text that may hold HTML: `<a href="https://…">text</a>` becomes
    /// `[text](https://…)`; the rest is plain text, escaped for Markdown.
    package static func markdown(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "<a ", options: .caseInsensitive),
              let close = rest[open.upperBound...].range(of: "</a>", options: .caseInsensitive),
              let tagEnd = rest[open.upperBound..<close.lowerBound].firstIndex(of: ">") {
            let attributes = String(rest[open.upperBound..<tagEnd])
            let label = plain(String(rest[rest.index(after: tagEnd)..<close.lowerBound]))
            let before = plain(String(rest[..<open.lowerBound]))
            result += joined(result, MarkdownText.escape(before))
            if let url = href(attributes), !label.isEmpty {
                result += joined(result, "[\(escapeLinkText(label))](\(url))")
            } else {
                result += joined(result, MarkdownText.escape(label))
            }
            rest = rest[close.upperBound...]
        }
        result += joined(result, MarkdownText.escape(plain(String(rest))))
        return result
    }

    /// Appends with one space between words that a removed tag had separated.
    private static func joined(_ so: String, _ next: String) -> String {
        guard !so.isEmpty, !next.isEmpty else { return next }
        let needsSpace = !so.last!.isWhitespace && !",.;:!?)".contains(next.first!)
        return needsSpace ? " " + next : next
    }

    private static func escapeLinkText(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_[]<>".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// An `href` that is an http(s) address, with characters Markdown would misread percent-encoded.
    private static func href(_ attributes: String) -> String? {
        guard let range = attributes.range(of: "href=", options: .caseInsensitive) else { return nil }
        var value = attributes[range.upperBound...]
        let quote = value.first
        if quote == "\"" || quote == "'" {
            value = value.dropFirst()
            value = value.prefix { $0 != quote }
        } else {
            value = value.prefix { !$0.isWhitespace }
        }
        let url = decodeEntities(String(value)).trimmingCharacters(in: .whitespaces)
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        return url.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28")
            .replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E")
    }

    /// Removes `<…>` tags (and `<script>`/`<style>` with their content); a `<` not starting a tag stays.
    package static func stripTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            guard character == "<", next < text.endIndex, text[next].isLetter || text[next] == "/" || text[next] == "!" else {
                result.append(character)
                index = next
                continue
            }
            guard let end = text[next...].firstIndex(of: ">") else {
                result.append(character)
                index = next
                continue
            }
            let name = text[next..<end].prefix { $0.isLetter }.lowercased()
            index = text.index(after: end)
            if name == "script" || name == "style", let close = text[index...].range(of: "</\(name)", options: .caseInsensitive) {
                index = text[close.upperBound...].firstIndex(of: ">").map { text.index(after: $0) } ?? text.endIndex
            }
            if ["br", "p", "div", "li"].contains(name) { result.append(" ") }
        }
        return result
    }

    /// Decodes `&amp;`, `&#39;`, `&#x2019;` and the named entities recipe pages use, twice, so
    /// that `&amp;#39;` (encoded twice by a CMS) becomes `'`.
    package static func decodeEntities(_ text: String) -> String {
        var current = text
        for _ in 0..<2 {
            guard current.contains("&") else { return current }
            current = decodeOnce(current)
        }
        return current
    }

    private static func decodeOnce(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                result.append(text[index])
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<semicolon]
            var decoded: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                decoded = namedEntities[String(name)]
            }
            if let decoded, decoded.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }) {
                result += decoded
                index = text.index(after: semicolon)
            } else {
                result.append("&")
                index = text.index(after: index)
            }
        }
        return result
    }

    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "hellip": "…", "ndash": "–",
        "mdash": "—", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "deg": "°",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "frac13": "⅓", "frac23": "⅔", "times": "×", "copy": "©",
        "reg": "®", "trade": "™", "middot": "·", "bull": "•", "shy": "", "eacute": "é", "egrave": "è", "ecirc": "ê",
        "agrave": "à", "aacute": "á", "acirc": "â", "ccedil": "ç", "iacute": "í", "oacute": "ó", "ocirc": "ô",
        "uacute": "ú", "ucirc": "û", "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß", "ntilde": "ñ", "iuml": "ï",
        "Eacute": "É", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "euro": "€", "pound": "£", "cent": "¢", "minus": "−",
    ]

    /// Runs of white space as one space, trimmed.
    package static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
