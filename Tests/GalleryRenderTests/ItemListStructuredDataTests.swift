import Testing
@testable import GalleryRender

/// The gallery's `ItemList` JSON-LD, written as it is made (`JSONWriter`, issue 37).
@Suite struct ItemListStructuredDataTests {
    /// The document as a tree of `JSONValue`s writes it: keys sorted, nulls left out, strings
    /// escaped for a `<script>` element.
    static func expected(_ list: ItemListStructuredData) -> String {
        JSONValue.object([
            "@context": "https://schema.org",
            "@type": "ItemList",
            "numberOfItems": .int(list.urls.count),
            "itemListElement": .array(list.urls.enumerated().map { index, url in
                .object(["@type": "ListItem", "position": .int(list.startPosition + index), "url": .string(url)])
            }),
        ]).text
    }

    @Test func writesTheSameTextAsTheTreeOfValues() {
        let lists = [
            ItemListStructuredData(urls: []),
            ItemListStructuredData(urls: ["https://example.com/bar/recipes/negroni/"]),
            ItemListStructuredData(urls: ["../recipes/a/index.html", "../recipes/%C3%A9t%C3%A9/index.html", "quote\"and</script>\u{2028}"],
                                   startPosition: 61),
        ]
        for list in lists {
            #expect(list.script == Self.expected(list))
        }
        #expect(lists[1].script
            == #"{"@context":"https://schema.org","@type":"ItemList","itemListElement":[{"@type":"ListItem","position":1,"url":"https://example.com/bar/recipes/negroni/"}],"numberOfItems":1}"#)
    }
}
