import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// Open Graph and X (Twitter) card tags and the canonical link for a page's `<head>`, so shared
/// links show a title, a summary and a picture. Addresses must be absolute here, so the page URL
/// and a local picture appear only when site.yml has a `base_url`.
package struct SocialMeta: Sendable {
    /// A picture for the link preview, with an absolute URL.
    package struct Image: Sendable, Hashable {
        package var url: String
        package var alt: String
        package var width: Int?
        package var height: Int?
    }

    /// `og:type`: the gallery and tag pages are a `website`, a recipe an `article`.
    package var type: String
    package var siteName: String
    package var title: String
    package var description: String?
    /// The page's absolute address; also its canonical link.
    package var url: String?
    package var image: Image?
    /// A recipe's date (`article:published_time`) and tags (`article:tag`).
    package var publishedTime: String?
    package var tags: [String] = []
    /// The site's `@handle` for `twitter:site`.
    package var twitterHandle: String?

    /// The tags in the order they are written: (attribute, name, content).
    package var properties: [(attribute: String, name: String, content: String)] {
        // Room for them all at once: grown from the first three, the list was copied twice a page.
        var list: [(attribute: String, name: String, content: String)] = []
        list.reserveCapacity(11 + tags.count)
        list.append(("property", "og:type", type))
        list.append(("property", "og:site_name", siteName))
        list.append(("property", "og:title", title))
        if let description { list.append(("property", "og:description", description)) }
        if let url { list.append(("property", "og:url", url)) }
        if let image {
            list.append(("property", "og:image", image.url))
            if let width = image.width, let height = image.height {
                list.append(("property", "og:image:width", String(width)))
                list.append(("property", "og:image:height", String(height)))
            }
            list.append(("property", "og:image:alt", image.alt))
        }
        if let publishedTime { list.append(("property", "article:published_time", publishedTime)) }
        for tag in tags { list.append(("property", "article:tag", tag)) }
        list.append(("name", "twitter:card", image == nil ? "summary" : "summary_large_image"))
        if let twitterHandle { list.append(("name", "twitter:site", twitterHandle)) }
        return list
    }

    /// The template context base.mustache reads as `meta`: `canonicalURL` and `properties`,
    /// answered as the template asks (`MustacheObject`): every page has one, and a dictionary per
    /// tag was most of the cost of a recipe page's `meta` (issue 37).
    var context: MustacheValue { .object(Context(meta: self)) }

    private struct Context: MustacheKeyedObject {
        let meta: SocialMeta

        enum Key: Int, CaseIterable, CodingKey { case canonicalURL, properties }
        static let keyTable = MustacheKeyTable(Key.self)

        func value(_ key: Key) -> MustacheValue? {
            switch key {
            case .canonicalURL: return meta.url.map(MustacheValue.string) ?? .null
            case .properties:
                let list = PropertyList(meta.properties)
                return .lazyArray(MustacheLazyArray(count: list.properties.count) { .object(Property(list: list, index: $0)) })
            }
        }
    }

    /// The page's tags, held once for all of their `Property` objects.
    private final class PropertyList: Sendable {
        let properties: [(attribute: String, name: String, content: String)]

        init(_ properties: [(attribute: String, name: String, content: String)]) {
            self.properties = properties
        }
    }

    /// One tag of `properties`: `attribute`, `name` and `content`. Its place in the page's list
    /// rather than its three texts: small enough to be held without a box of its own, where a
    /// box per tag of every page was most of the cost of `meta` (issue 37).
    private struct Property: MustacheKeyedObject {
        let list: PropertyList
        let index: Int

        enum Key: Int, CaseIterable, CodingKey { case attribute, name, content }
        static let keyTable = MustacheKeyTable(Key.self)

        /// The one text asked, read where it lies: a copy of the whole tag (three texts) for
        /// each retained and released all three (issue 37).
        func value(_ key: Key) -> MustacheValue? {
            switch key {
            case .attribute: .string(list.properties[index].attribute)
            case .name: .string(list.properties[index].name)
            case .content: .string(list.properties[index].content)
            }
        }
    }
}

extension PageRenderer {
    /// The social tags of a page at `path`; `image` is the page's picture and its alt text, shown
    /// by its widest published crop (`publishedImages`).
    func socialMeta(path: String, root: String, type: String = "website", title: String, description: String?,
                    image: (reference: ImageReference, alt: String)? = nil) -> SocialMeta {
        socialMeta(url: site.config.publishedURL?.page(path), root: root, type: type, title: title, description: description, image: image)
    }

    /// `socialMeta(path:root:type:title:description:image:)` with the page's absolute address
    /// (`url`) made already, as a recipe page makes it for its structured data too.
    func socialMeta(url: String?, root: String, type: String = "website", title: String, description: String?,
                    image: (reference: ImageReference, alt: String)? = nil) -> SocialMeta {
        let published = site.config.publishedURL
        var picture: SocialMeta.Image?
        if let image, let best = PublishedImage.widest(publishedImages(image.reference, root: root)) {
            let address = published?.resolve(best.url, root: root) ?? best.url
            if address.hasPrefix("https://") || address.hasPrefix("http://") {
                picture = SocialMeta.Image(url: address, alt: image.alt, width: best.width, height: best.height)
            }
        }
        return SocialMeta(type: type, siteName: site.config.title, title: title,
                          description: description ?? site.config.description,
                          url: url, image: picture, twitterHandle: site.config.twitter)
    }

    /// A gallery page's social tags, pictured by its first recipe that has a picture.
    func galleryMeta(_ recipes: ArraySlice<Recipe>, path: String, root: String) -> MustacheValue {
        let pictured = recipes.first { $0.image != nil }
        let image = pictured.flatMap { recipe in recipe.image.map { ($0, recipe.imageAlt ?? recipe.title) } }
        return socialMeta(path: path, root: root, title: site.config.title, description: site.config.description, image: image).context
    }
}
