import Testing
@testable import GalleryRender

struct JSONWriterTests {
    /// Members given in sorted order, nulls left out, commas between items at every depth, strings
    /// escaped for a `<script>` element: the bytes `JSONValue` writes for the same document.
    @Test func writesWhatJSONValueWrites() {
        let tree: JSONValue = .object([
            "@type": "Recipe",
            "empty": .array([]),
            "list": .array(["a", .object(["@type": "HowToStep", "text": "Stir </script> <!-- x", "url": .null]), .array(["b", "c"])]),
            "none": .null,
            "nested": .object(["inner": .object([:]), "z": "\u{2028}\"\\"]),
        ])
        var json = JSONWriter()
        json.beginObject()
        json.member("@type", "Recipe")
        json.array("empty") { _ in }
        json.array("list") { json in
            json.string("a")
            json.object { json in
                json.member("@type", "HowToStep")
                json.member("text", "Stir </script> <!-- x")
                json.member("url", nil as String?)
            }
            json.value(.array(["b", "c"]))
        }
        json.member("none", JSONValue.null)
        json.object("nested") { json in
            json.object("inner") { _ in }
            json.member("z", "\u{2028}\"\\")
        }
        json.endObject()
        var expected: [UInt8] = []
        tree.write(to: &expected)
        #expect(json.text == String(decoding: expected, as: UTF8.self))
    }

    /// A step's address: the page's, escaped, then its fragment inside the same quotes.
    @Test func memberContinuedAfterItsText() {
        var json = JSONWriter()
        json.beginObject()
        json.member("url", "https://example.com/a\"b/") { $0.append(contentsOf: Array("#step-2".utf8)) }
        json.member("url", nil) { $0.append(contentsOf: Array("#never".utf8)) }
        json.endObject()
        #expect(json.text == #"{"url":"https://example.com/a\"b/#step-2"}"#)
    }
}

extension JSONWriterTests {
    /// A member known when the code is written is copied as it is, with the commas the writer
    /// puts between members and items.
    @Test func fixedMembersTakeTheirPlaceAmongTheOthers() {
        var json = JSONWriter()
        json.beginObject()
        json.fixed(#""@context":"https://schema.org","@type":"Recipe""#)
        json.array("steps") { json in
            json.object { json in
                json.fixed(#""@type":"HowToStep""#)
                json.member("text", "Stir")
            }
            json.object { json in
                json.fixed(#""@type":"HowToStep""#)
            }
        }
        json.endObject()
        #expect(json.text == #"{"@context":"https://schema.org","@type":"Recipe","steps":[{"@type":"HowToStep","text":"Stir"},{"@type":"HowToStep"}]}"#)
    }
}
