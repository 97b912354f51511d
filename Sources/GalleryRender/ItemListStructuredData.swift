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

    /// The text for the gallery's `<script type="application/ld+json">`: written as it is made
    /// (`JSONWriter`), members in the sorted order `JSONValue` writes, not built as a tree of
    /// values first (issue 37).
    package var script: String {
        var writer = JSONWriter(capacity: 96 + urls.reduce(0) { $0 + $1.utf8.count + 48 })
        writer.object { list in
            list.member("@context", "https://schema.org" as String)
            list.member("@type", "ItemList" as String)
            list.array("itemListElement") { items in
                for (index, url) in urls.enumerated() {
                    items.object { item in
                        item.member("@type", "ListItem" as String)
                        item.member("position", .int(startPosition + index))
                        item.member("url", url)
                    }
                }
            }
            list.member("numberOfItems", .int(urls.count))
        }
        return writer.text
    }
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
