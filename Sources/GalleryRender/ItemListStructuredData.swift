import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// schema.org `ItemList` JSON-LD for the gallery: the recipe pages in gallery order, as Google's
/// "summary page" carousel format asks (each `ListItem` with its position and URL only).
package struct ItemListStructuredData: Sendable {
    /// The pages' URLs in order: absolute when site.yml has a `base_url`, else as the page links them.
    package var urls: [String]
    /// The first item's position: a later gallery page continues the numbering of the ones before.
    package var startPosition: Int

    package init(urls: [String], startPosition: Int = 1) {
        self.urls = urls
        self.startPosition = startPosition
    }

    package var json: JSONValue {
        .object([
            "@context": "https://schema.org",
            "@type": "ItemList",
            "numberOfItems": .int(urls.count),
            "itemListElement": .array(urls.enumerated().map { index, url in
                .object(["@type": "ListItem", "position": .int(startPosition + index), "url": .string(url)])
            }),
        ])
    }

    /// The text for the gallery's `<script type="application/ld+json">`.
    package var script: String { json.text }
}

extension PageRenderer {
    /// A gallery page's `ItemList`; the recipes' pages addressed absolutely when site.yml has a `base_url`.
    func galleryStructuredData(_ recipes: ArraySlice<Recipe>, root: String) -> ItemListStructuredData {
        let published = site.config.publishedURL
        return ItemListStructuredData(urls: recipes.map { recipe in
            published?.page(RecipePage.path(of: recipe)) ?? URLPath.link(to: RecipePage.path(of: recipe), root: root)
        }, startPosition: recipes.startIndex + 1)
    }
}
