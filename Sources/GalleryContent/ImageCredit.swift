import Foundation
import GallerySupport

/// Who made a picture: `image_credit: Jane Doe` or `image_credit: { text: Photo by Jane Doe, url:
/// https://… }` on a recipe, or site.yml's default for every recipe picture without its own. Shown
/// on the picture and written as the `ImageObject`'s `creditText` and `copyrightNotice`.
package struct ImageCredit: Sendable, Hashable {
    package var text: String
    /// Where the credit links (the photographer's site, the licence); nil: plain text.
    package var url: String?

    package init(text: String, url: String? = nil) {
        self.text = text
        self.url = url
    }

    /// Reads `key` of `reader` (`image_credit`): a text, or a mapping with `text` and `url`.
    static func read(_ key: String, from reader: inout FieldReader) -> ImageCredit? {
        guard let node = reader.value(key) else { return nil }
        if let text = node.scalar?.trimmingSpaces() {
            guard !text.isEmpty else {
                reader.error("'\(key)' must not be empty", at: node)
                return nil
            }
            return ImageCredit(text: Typography.smarten(text))
        }
        guard node.mapping != nil else {
            reader.error("'\(key)' must be a text or a mapping with 'text:' and 'url:', found \(node.kindName)", at: node)
            return nil
        }
        var fields = FieldReader(node, path: reader.path, what: "'\(key)'")
        let text = fields.string("text")?.trimmingSpaces()
        var url: String?
        if let urlNode = fields.value("url") {
            let written = urlNode.scalar?.trimmingSpaces() ?? ""
            let lower = written.lowercased()
            if (lower.hasPrefix("https://") || lower.hasPrefix("http://")), URL(string: written)?.host != nil {
                url = written
            } else {
                fields.error("'\(key).url' must be an http or https URL, found '\(urlNode.scalar ?? urlNode.kindName)'", at: urlNode)
            }
        }
        if text?.isEmpty ?? true {
            fields.error("'\(key)' needs a 'text:' (the credit as shown, such as 'Photo by Jane Doe')", at: node)
        }
        fields.warnUnknownKeys(in: "'\(key)'")
        reader.absorb(fields)
        guard let text, !text.isEmpty else { return nil }
        return ImageCredit(text: Typography.smarten(text), url: url)
    }
}
