import GalleryContent
import GallerySupport

/// schema.org `BlogPosting` JSON-LD for a journal post, with the properties Google's article
/// structured data recommends: headline, image, datePublished and author (an `Organization` when
/// it is the site's own name, as for recipes).
package struct PostStructuredData: Sendable {
    package var post: Post
    package var config: SiteConfig
    /// The page's absolute address; nil when site.yml has no `base_url`.
    package var pageURL: String?
    /// The post's picture: the widest rendition first, absolute when the site has a `base_url`.
    package var imageURLs: [String]

    package var json: JSONValue {
        let author = post.author ?? config.author
        return .object([
            "@context": "https://schema.org",
            "@type": "BlogPosting",
            "headline": .string(post.title),
            "description": .optional(post.summary),
            "url": .optional(pageURL),
            "mainEntityOfPage": .optional(pageURL),
            "image": imageURLs.isEmpty ? .null : .array(imageURLs.map(JSONValue.string)),
            "datePublished": .string(post.date.iso8601),
            "keywords": post.tags.isEmpty ? .null : .string(post.tags.joined(separator: ", ")),
            "author": author.map { .object(["@type": .string($0 == config.author ? "Organization" : "Person"), "name": .string($0)]) } ?? .null,
            "publisher": config.author.map { .object(["@type": "Organization", "name": .string($0)]) } ?? .null,
            "inLanguage": .string(config.language),
        ])
    }

    /// The text for the page's `<script type="application/ld+json">`.
    package var script: String { json.text }
}
