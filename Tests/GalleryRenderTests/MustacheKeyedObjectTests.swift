import Mustache
import Testing
@testable import GalleryRender

/// A card as a keyed object (`MustacheKeyedObject`): its keys are its cases' names, and it
/// answers one more name (`extra`) besides them.
private struct KeyedCard: MustacheKeyedObject {
    let title: String

    enum Key: Int, CaseIterable, CodingKey { case title, count, missing, shout }
    static let keyTable = MustacheKeyTable(Key.self)

    func value(_ key: Key) -> MustacheValue? {
        switch key {
        case .title: .string(title)
        case .count: .int(title.count)
        case .missing: .null
        case .shout: title.isEmpty ? nil : .string(title.uppercased())
        }
    }

    func value(otherKey key: String) -> MustacheValue? { key == "extra" ? "more" : nil }
}

/// The lookups every keyed context shares (the printable cookbook's objects).
@Suite struct MustacheKeyedObjectTests {
    @Test func answersItsCasesByTheirNames() throws {
        #expect(KeyedCard(title: "A").keys == ["title", "count", "missing", "shout"])
        let template = try Template(source: "{{#card}}{{title}}:{{count}}:{{shout}}/{{missing}}/{{extra}}/{{site}}/{{Title}}{{/card}}", name: "t")
        let context: MustacheValue = ["card": .object(KeyedCard(title: "Gimlet")), "site": "Bar", "missing": "outer", "Title": "case"]
        // Its cases by name and number, its other name, then names it lacks found further out.
        #expect(try template.render(context) == "Gimlet:6:GIMLET//more/Bar/case")
        #expect(KeyedCard(title: "Gimlet").value(forKey: "shout") == .string("GIMLET"))
        #expect(KeyedCard(title: "Gimlet").value(forKey: "extra") == .string("more"))
        #expect(KeyedCard(title: "Gimlet").value(forKey: "Shout") == nil)
        // `extra` is not among its keys, so a walk over them (`expanded`) leaves it out.
        let cases = try Template(source: "{{#card}}{{title}}:{{count}}:{{shout}}/{{missing}}/{{site}}{{/card}}", name: "t")
        #expect(try cases.render(context) == (try cases.render(context.expanded)))
        #expect(MustacheValue.object(KeyedCard(title: "A")).expanded == ["title": "A", "count": 1, "missing": nil, "shout": "A"])
    }

    @Test func aCaseWithoutAValueIsLookedForFurtherOut() throws {
        let context: MustacheValue = ["card": .object(KeyedCard(title: "")), "shout": "outside"]
        #expect(try Template(source: "{{#card}}[{{shout}}]{{/card}}", name: "t").render(context) == "[outside]")
    }
}
