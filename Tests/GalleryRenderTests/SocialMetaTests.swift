import Mustache
import Testing
@testable import GalleryRender

struct SocialMetaTests {
    /// The template's `meta.properties` are the tags in the order they are written, each its
    /// attribute, name and content, and `canonicalURL` the page's address.
    @Test func theContextListsEveryTagInOrder() {
        var meta = SocialMeta(type: "article", siteName: "Bar", title: "Negroni", description: "Bitter & bright", url: "https://example.com/n/",
                              image: SocialMeta.Image(url: "https://example.com/n.jpg", alt: "Red", width: 1600, height: 900),
                              twitterHandle: "@bar")
        meta.publishedTime = "2024-03-14"
        meta.tags = ["gin", "bitter"]
        let expected: MustacheValue = .dictionary([
            "canonicalURL": "https://example.com/n/",
            "properties": .array(meta.properties.map { ["attribute": .string($0.attribute), "name": .string($0.name), "content": .string($0.content)] }),
        ])
        #expect(meta.context.expanded == expected)
        #expect(meta.properties.map(\.name) == ["og:type", "og:site_name", "og:title", "og:description", "og:url", "og:image",
                                                "og:image:width", "og:image:height", "og:image:alt", "article:published_time",
                                                "article:tag", "article:tag", "twitter:card", "twitter:site"])
        let bare = SocialMeta(type: "website", siteName: "Bar", title: "Bar", description: nil, url: nil, image: nil, twitterHandle: nil)
        #expect(bare.context.expanded == .dictionary(["canonicalURL": .null, "properties": .array(bare.properties.map {
            ["attribute": .string($0.attribute), "name": .string($0.name), "content": .string($0.content)]
        })]))
    }
}
