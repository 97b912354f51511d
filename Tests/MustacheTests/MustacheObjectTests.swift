import Mustache
import Testing

/// A context answering `title`, `count` (made when asked, counted) and `missing` (null), as a
/// page kind's lazy context does.
private struct Card: MustacheObject {
    let title: String
    let asked: Counter?

    /// One level of `inner` only: a context is a finite tree.
    var keys: [String] { title.hasSuffix("!") ? ["title", "count", "missing"] : ["title", "count", "missing", "inner"] }

    func value(forKey key: String) -> MustacheValue? {
        switch key {
        case "title": return .string(title)
        case "count":
            asked?.add()
            return .int(title.count)
        case "missing": return .null
        case "inner": return title.hasSuffix("!") ? nil : .object(Card(title: title + "!", asked: nil))
        default: return nil
        }
    }
}

/// The same card finding its keys by number (`MustacheKeyTable`), as the site's page contexts do.
private struct NumberedCard: MustacheObject {
    let title: String

    private enum Key: Int { case title, count, missing }
    private static let table = MustacheKeyTable(["title": Key.title, "count": .count, "missing": .missing])
    var keys: [String] { Self.table.names }

    func value(forKey key: String) -> MustacheValue? { Self.table[key].flatMap(Key.init).map(value) }
    func value(forKey key: String, number: Int) -> MustacheValue? { Self.table[number: number].flatMap(Key.init).map(value) }

    private func value(_ key: Key) -> MustacheValue {
        switch key {
        case .title: .string(title)
        case .count: .int(title.count)
        case .missing: .null
        }
    }
}

private final class Counter: @unchecked Sendable {
    private(set) var value = 0
    func add() { value += 1 }
}

struct MustacheObjectTests {
    @Test func rendersAsTheDictionaryOfItsKeysWould() throws {
        let template = try Template(source: "{{title}} {{count}} [{{missing}}] {{inner.title}}{{#inner}}/{{title}}{{/inner}}", name: "t")
        let object = MustacheValue.object(Card(title: "Fish & <chips>", asked: nil))
        let rendered = try template.render(object)
        #expect(rendered == "Fish &amp; &lt;chips&gt; 14 [] Fish &amp; &lt;chips&gt;!/Fish &amp; &lt;chips&gt;!")
        #expect(rendered == (try template.render(object.expanded)))
    }

    @Test func aKeyItDoesNotAnswerIsLookedForFurtherOut() throws {
        let template = try Template(source: "{{#card}}{{title}}/{{site}}/{{missing}}{{/card}}", name: "t")
        let context: MustacheValue = ["card": .object(Card(title: "Negroni", asked: nil)), "site": "Bar", "missing": "outer"]
        // `site` is not the card's: found outside; `missing` is the card's null: it stops there.
        #expect(try template.render(context) == "Negroni/Bar/")
    }

    @Test func computesOnlyWhatTheTemplateAsksFor() throws {
        let counter = Counter()
        let object = MustacheValue.object(Card(title: "Negroni", asked: counter))
        _ = try Template(source: "{{title}}", name: "t").render(object)
        #expect(counter.value == 0)
        _ = try Template(source: "{{count}}{{count}}", name: "t").render(object)
        #expect(counter.value == 1)
    }

    @Test func aKeyReadAgainInTheSameSectionAsksTheObjectOnce() throws {
        let counter = Counter()
        let context: MustacheValue = ["card": .object(Card(title: "Negroni", asked: counter)), "rows": [1, 2, 3]]
        // Each row misses `count` and finds it in the card, which is asked the first time only.
        let rendered = try Template(source: "{{#card}}{{#rows}}{{.}}:{{count}} {{/rows}}{{/card}}", name: "t").render(context)
        #expect(rendered == "1:7 2:7 3:7 ")
        #expect(counter.value == 1)
        // Another pass over the card is another section: it asks again.
        _ = try Template(source: "{{#card}}{{count}}{{/card}}{{#card}}{{count}}{{/card}}", name: "t").render(context)
        #expect(counter.value == 3)
    }

    /// The renderer keeps an object's answers in a fixed room per level (`ObjectAnswers`): objects
    /// nested deeper than its first room, answers overwritten by the next item of a list, and an
    /// object asked more names than a level keeps, all render as their dictionaries do.
    @Test func answersKeptPerLevelRenderAsDictionariesWouldAtAnyDepthAndCount() throws {
        func nest(_ depth: Int) -> MustacheValue {
            depth == 0 ? .object(Card(title: "leaf", asked: nil)) : .table(["n\(depth)": nest(depth - 1), "d": .int(depth)])
        }
        let sections = (1...20).reversed().map { "{{#n\($0)}}{{d}}" }.joined() + "{{title}}{{count}}" + (1...20).map { "{{d}}{{/n\($0)}}" }.joined()
        let deep = try Template(source: sections, name: "deep")
        #expect(try deep.render(nest(20)) == (try deep.render(nest(20).expanded)))

        let names = (0..<70).map { "k\($0)" }
        let wide = MustacheValue.table(Dictionary(uniqueKeysWithValues: names.map { ($0, MustacheValue.string($0.uppercased())) }))
        let list = MustacheValue.array((0..<3).map { item in .table(["k\(item)": .string("item \(item)"), "x": .int(item)]) })
        let source = "{{#list}}[{{x}}" + names.map { "{{\($0)}}" }.joined() + names.reversed().map { "{{\($0)}}" }.joined() + "]{{/list}}"
        let template = try Template(source: source, name: "wide")
        let context = MustacheValue.table(["list": list]).expanded
        let objects: MustacheValue = ["list": list]
        #expect(try template.render(wide) == (try template.render(wide.expanded)))
        let both: MustacheValue = .table(names.reduce(into: ["list": list]) { $0[$1] = .string($1.uppercased()) })
        #expect(try template.render(both) == (try template.render(both.expanded)))
        #expect(try template.render(objects) == (try template.render(context)))
    }

    /// Each level keeps its context and its answers, dictionaries' as objects' (`ObjectAnswers`):
    /// the next item of a list, an object, a dictionary or a plain value at the same level, answers
    /// for itself, and what it lacks is found further out, never in the item before it.
    @Test func eachItemOfAListAnswersForItselfWhateverTheItemBeforeIt() throws {
        let template = try Template(source: "{{#list}}[{{title}}|{{count}}|{{.}}]{{/list}}{{#list}}{{#title}}{{count}}{{/title}}{{/list}}", name: "t")
        let context: MustacheValue = ["title": "outer", "count": 0, "list": [
            .object(Card(title: "A", asked: nil)), ["title": "B&"], 5, ["x": 1], .object(Card(title: "CC", asked: nil)), ["count": 9], nil,
        ]]
        let rendered = try template.render(context)
        #expect(rendered == "[A|1|][B&amp;|0|][outer|0|5][outer|0|][CC|2|][outer|9|][outer|0|]1000290")
        #expect(rendered == (try template.render(context.expanded)))
    }

    /// A level keeps its context only in its answers' place (`ObjectAnswers.context(at:)`): the
    /// implicit iterator gives back the object, dictionary or plain value pushed there.
    @Test func theImplicitIteratorIsTheContextPushedAtItsLevel() throws {
        let template = try Template(source: "{{#list}}<{{#.}}{{title}}{{/.}}|{{.}}>{{/list}}{{.}}", name: "t")
        let context: MustacheValue = ["title": "outer", "list": [
            .object(Card(title: "A&", asked: nil)), ["title": "B"], "C", 7, ["x": 1], [.object(Card(title: "D", asked: nil))],
        ]]
        let rendered = try template.render(context)
        #expect(rendered == "<A&amp;|><B|><outer|C><outer|7><outer|><D|>")
        #expect(rendered == (try template.render(context.expanded)))
        #expect(try Template(source: "{{.}}|{{#.}}{{.}}{{/.}}", name: "t").render("x<") == "x&lt;|x&lt;")
    }

    @Test func anObjectFindingKeysByNumberRendersAsByName() throws {
        // Names parsed before and after the table was made, one it lacks (found further out), one
        // only part of a dotted name.
        let before = try Template(source: "{{#card}}{{title}}:{{count}}{{/card}}", name: "t")
        let context: MustacheValue = ["card": .object(NumberedCard(title: "Gimlet")), "site": "Bar", "missing": "outer",
                                      "other": ["title": "inner"]]
        #expect(try before.render(context) == "Gimlet:6")
        let after = try Template(source: "{{#card}}{{site}}/{{missing}}/{{other.title}}/{{card.count}}/{{titles}}{{/card}}", name: "t")
        #expect(try after.render(context) == "Bar//inner/6/")
        #expect(try after.render(context) == (try after.render(context.expanded)))
        #expect(MustacheValue.object(NumberedCard(title: "A")).expanded == ["title": "A", "count": 1, "missing": nil])
    }

    /// An object value holds its object by one reference (`MustacheObjectReference`), which its
    /// copies share; a name with dots asks each object on its way through that reference, and
    /// renders as the dictionaries the objects expand to.
    @Test func anObjectIsHeldByOneReferenceThatNamesWithDotsReadThrough() throws {
        let counter = Counter()
        let card = MustacheValue.object(Card(title: "Sour", asked: counter))
        let copy = card
        guard case .object(let reference) = card, case .object(let shared) = copy else {
            Issue.record("not an object")
            return
        }
        #expect(reference === shared)
        #expect((reference.object as? Card)?.title == "Sour")
        let template = try Template(source: "{{card.inner.title}}|{{card.count}}|{{#card}}{{count}}{{inner.inner.title}}|{{.}}{{/card}}",
                                    name: "t")
        let context: MustacheValue = ["card": card]
        #expect(try template.render(context) == "Sour!|4|4|")
        #expect(counter.value == 2)
        #expect(try template.render(context) == (try template.render(context.expanded)))
    }

    @Test func equalsTheDictionaryItExpandsTo() {
        let object = MustacheValue.object(Card(title: "A", asked: nil))
        let dictionary: MustacheValue = ["title": "A", "count": 1, "missing": nil, "inner": ["title": "A!", "count": 2, "missing": nil]]
        #expect(object.expanded == dictionary.expanded)
        #expect(object != ["title": "B"])
    }

    @Test func rendersIntoALentBufferAfterWhatItHolds() throws {
        var buffer = Array("<!-- -->".utf8)
        try Template(source: "{{a}}<{{{a}}}", name: "t").render(["a": "x&y"], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "<!-- -->x&amp;y<x&y")
    }

    @Test func handsItsBytesOverAsRenderingThemWould() throws {
        // Past the output's first room (32 KB), so the bytes handed over are those of a grown buffer.
        let template = try Template(source: "{{#rows}}<li>{{name}}</li>{{/rows}}", name: "t")
        let context: MustacheValue = ["rows": .array((0..<5_000).map { ["name": .string("row \($0) & co")] })]
        let handed = try template.render(context, taking: { bytes in
            defer { bytes.deallocate() }
            return Array(bytes)
        })
        #expect(handed.count > 32 * 1024)
        #expect(handed == (try template.renderUTF8(context)))
    }

    @Test(arguments: ["", "plain", "a&b<c>d\"e'f", "&&", "ünïcödé <b>", "'"])
    func escapingIntoBytesMatchesEscapeHTML(_ text: String) {
        var bytes: [UInt8] = []
        appendEscapingHTML(text, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == escapeHTML(text))
    }
}
