import Mustache
import Testing

struct MustacheTableTests {
    private let fields: [String: MustacheValue] = [
        "title": "Fish & <chips>", "count": 3, "none": .null, "empty": [],
        "paths": .table(["home": "index.html"]), "items": ["a", "b"],
    ]

    @Test func rendersAsTheDictionaryOfItsFieldsWould() throws {
        let template = try Template(
            source: "{{title}}|{{{title}}}|{{count}}|[{{none}}]|{{^empty}}no{{/empty}}|{{paths.home}}|{{#items}}{{.}}{{/items}}|{{#paths}}{{home}}{{/paths}}",
            name: "t")
        let rendered = try template.render(.table(fields))
        #expect(rendered == "Fish &amp; &lt;chips&gt;|Fish & <chips>|3|[]|no|index.html|ab|index.html")
        #expect(rendered == (try template.render(MustacheValue.table(fields).expanded)))
    }

    @Test func aNameItLacksIsLookedForFurtherOutAndItsNullStopsTheLookup() throws {
        let template = try Template(source: "{{#t}}{{title}}/{{site}}/{{none}}{{/t}}", name: "t")
        let context: MustacheValue = ["t": .table(fields), "site": "Bar", "none": "outer"]
        #expect(try template.render(context) == "Fish &amp; &lt;chips&gt;/Bar/")
    }

    /// A name first numbered after the table was made (a template parsed later) is not one of its
    /// fields: the table was made with every one of its names numbered.
    @Test func aNameNumberedAfterTheTableIsNotFound() throws {
        let table = MustacheValue.table(["later": "no"])
        let template = try Template(source: "{{neverSeenBeforeThisTest}}{{later}}", name: "t")
        #expect(try template.render(table) == "no")
    }

    @Test func itsKeysAndFieldsAreTheDictionarys() {
        let table = MustacheTable(fields)
        #expect(table.keys == fields.keys.sorted())
        #expect(table.value(forKey: "count") == 3)
        #expect(table.value(forKey: "nothing") == nil)
        #expect(MustacheValue.table(fields) == .dictionary(fields))
    }
}
