import Mustache
import Testing

/// A list item shared by several pages, as a recipe is by the books holding it: `title` and
/// `tags` are its own, `number` and `link` (holes) differ from page to page, `html` is a hole
/// written raw.
private struct Row: MustacheReplayable {
    let key: Int
    let title: String
    let number: String
    let link: String
    let replays: MustacheReplays
    var replayUses = 2
    /// The order of each of its passes (`replayOrder(ofPass:)`); nil: unknown.
    var orders: [Int]?

    var replayKey: Int { key }
    func replayOrder(ofPass pass: Int) -> Int? { orders.flatMap { pass < $0.count ? $0[pass] : nil } }
    var keys: [String] { ["title", "number", "link", "html", "tags"] }

    func value(forKey key: String) -> MustacheValue? { answer(key, holes: false) }
    var recordingContext: any MustacheObject { Recording(row: self) }

    func holeText(_ index: Int) -> String {
        switch index {
        case 0: number
        case 1: link
        default: "<b>\(number)</b>"
        }
    }

    func answer(_ key: String, holes: Bool) -> MustacheValue? {
        func hole(_ index: Int) -> MustacheValue { holes ? .object(MustacheHole(index)) : .string(holeText(index)) }
        return switch key {
        case "title": .string(title)
        case "number": hole(0)
        case "link": hole(1)
        case "html": hole(2)
        case "tags": ["a & b", "c"]
        default: nil
        }
    }

    struct Recording: MustacheObject {
        let row: Row
        var keys: [String] { row.keys }
        func value(forKey key: String) -> MustacheValue? { row.answer(key, holes: true) }
    }
}

/// A section's pass over a replayable item is recorded once and written again for the same item
/// on other pages, its holes filled with each page's text (`MustacheReplayable`): the pages come
/// out as they would rendered one by one, whatever the template reads.
@Suite struct MustacheReplayTests {
    /// Page `page` of a site whose pages list the same three rows, each numbered and linked per page.
    func page(_ page: Int, replays: MustacheReplays, replaying: Bool = true, extra: [String: MustacheValue] = [:]) -> MustacheValue {
        let titles = ["Negroni", "Gin & Tonic", "<Daiquiri>"]
        let rows = MustacheLazyArray(count: titles.count, mayReplay: replaying) { index in
            .object(Row(key: index, title: titles[index], number: "\(page * 10 + index)", link: "../\(page)/r\(index)/", replays: replays))
        }
        var context: [String: MustacheValue] = ["rows": .lazyArray(rows), "site": "Bar", "page": .int(page)]
        context.merge(extra) { _, new in new }
        return .dictionary(context)
    }

    /// What the template makes of pages 1 and 2, replayed (with the store's counts) and rendered alone.
    func both(_ source: String, budget: Int = 1 << 20, extra: @escaping (Int) -> [String: MustacheValue] = { _ in [:] },
              partials: TemplateLibrary = TemplateLibrary()) throws
        -> (replayed: [String], rendered: [String], counts: (recorded: Int, replayed: Int), held: Int) {
        let template = try Template(source: source, name: "page")
        let replays = MustacheReplays(budget: budget)
        let replayed = try [1, 2].map { try template.render(page($0, replays: replays, extra: extra($0)), partials: partials) }
        let rendered = try [1, 2].map { number in
            try template.render(page(number, replays: MustacheReplays(budget: 0), replaying: false, extra: extra(number)), partials: partials)
        }
        return (replayed, rendered, replays.counts, replays.heldBytes)
    }

    @Test func aSecondPageWritesTheRecordingWithItsOwnHoles() throws {
        let result = try both("{{#rows}}<li><a href=\"{{link}}\">{{number}}. {{title}}</a> {{{html}}} {{site}}{{#tags}} {{.}}{{/tags}}</li>\n{{/rows}}")
        #expect(result.replayed == result.rendered)
        #expect(result.rendered[1].contains(#"<li><a href="../2/r1/">21. Gin &amp; Tonic</a> <b>21</b> Bar a &amp; b c</li>"#))
        #expect(result.counts.recorded == 3 && result.counts.replayed == 3)
        // Each row is let go after its second (last) use.
        #expect(result.held == 0)
    }

    /// Each section counts its own passes over an item and keeps its own recording of it, whatever
    /// the other sections over the same items do, for keys far apart as for neighbours; a place let
    /// go after an item's last pass is taken by a later recording.
    @Test func eachSectionKeepsItsOwnPassesAndRecordingsOfTheSameItems() throws {
        let template = try Template(source: "{{#rows}}<{{number}} {{title}}>{{/rows}}|{{#rows}}[{{link}}{{title}}]{{/rows}}", name: "page")
        let replays = MustacheReplays(budget: 1 << 20)
        let keys = [0, 7, 4_000]
        func page(_ page: Int, keys: [Int], uses: Int = 2) -> MustacheValue {
            let rows = MustacheLazyArray(count: keys.count, mayReplay: true) { index in
                .object(Row(key: keys[index], title: "T\(keys[index])&", number: "\(page)-\(index)", link: "/\(page)/",
                            replays: replays, replayUses: uses))
            }
            return .dictionary(["rows": .lazyArray(rows)])
        }
        func alone(_ value: MustacheValue) throws -> String {
            guard case .dictionary(var fields) = value, case .lazyArray(let rows) = fields["rows"] else { return "" }
            fields["rows"] = .array(rows.items)
            return try template.render(.dictionary(fields))
        }
        for number in [1, 2] {
            let context = page(number, keys: keys)
            #expect(try template.render(context) == (try alone(context)))
        }
        // Three items in two sections: recorded on page 1, written again on page 2, let go after.
        #expect(replays.counts == (recorded: 6, replayed: 6) && replays.heldBytes == 0)
        // Other keys, recorded in the places let go, and written again from them.
        for number in [3, 4] {
            let context = page(number, keys: [3, 9])
            #expect(try template.render(context) == (try alone(context)))
        }
        #expect(replays.counts == (recorded: 10, replayed: 10) && replays.heldBytes == 0)
    }

    /// An item's last pass, here its only one, is rendered, not recorded: no later pass would
    /// write the recording again.
    @Test func anItemsOnlyPassIsRenderedNotRecorded() throws {
        let template = try Template(source: "{{#rows}}{{number}}. {{title}};{{/rows}}", name: "page")
        let replays = MustacheReplays(budget: 1 << 20)
        let rows = MustacheLazyArray(count: 2, mayReplay: true) { index in
            .object(Row(key: index, title: "T\(index)", number: "\(index)", link: "", replays: replays, replayUses: 1))
        }
        #expect(try template.render(.dictionary(["rows": .lazyArray(rows)])) == "0. T0;1. T1;")
        #expect(replays.counts == (recorded: 0, replayed: 0) && replays.heldBytes == 0)
    }

    /// A hole stands for a non-empty string: as a section, inverted, dotted or as the context of
    /// its own section it renders as the string would.
    @Test func aHoleBehavesAsItsTextInSectionsAndDottedNames() throws {
        let result = try both("{{#rows}}[{{#number}}<{{.}}|{{title}}>{{/number}}{{^link}}none{{/link}}{{number.length}}{{#link}}{{{.}}}{{/link}}]{{/rows}}")
        #expect(result.replayed == result.rendered)
        #expect(result.rendered[0] == "[<10|Negroni>../1/r0/][<11|Gin &amp; Tonic>../1/r1/][<12|&lt;Daiquiri&gt;>../1/r2/]")
        #expect(result.counts.replayed == 3)
    }

    /// A plain value read outside the item is checked on each page: where it differs, the pass
    /// is rendered; where it reads alike, replayed.
    @Test func aValueOutsideTheItemThatDiffersIsRenderedAgain() throws {
        let result = try both("{{#rows}}{{title}} on page {{page}}; {{/rows}}")
        #expect(result.replayed == result.rendered)
        #expect(result.rendered[1] == "Negroni on page 2; Gin &amp; Tonic on page 2; &lt;Daiquiri&gt; on page 2; ")
        #expect(result.counts.replayed == 0)
        let alike = try both("{{#rows}}{{title}} at {{site}}{{missing}}{{#nothing}}!{{/nothing}}; {{/rows}}")
        #expect(alike.replayed == alike.rendered && alike.counts.replayed == 3)
    }

    /// A list or an object read from outside the item, a list written as text, or a block
    /// cannot be checked cheaply: the section is rendered as usual, and not recorded again.
    @Test func whatCannotBeCheckedIsRenderedAsUsual() throws {
        let outer: (Int) -> [String: MustacheValue] = { ["menu": ["first": .int($0)]] }
        for source in ["{{#rows}}{{title}}{{#menu}}{{first}}{{/menu}};{{/rows}}",
                       "{{#rows}}{{title}}{{tags}};{{/rows}}",
                       "{{#rows}}{{title}}{{$tail}}{{number}}{{/tail}};{{/rows}}"] {
            let result = try both(source, extra: outer)
            #expect(result.replayed == result.rendered, "\(source)")
            #expect(result.counts.recorded == 0 && result.counts.replayed == 0, "\(source)")
        }
    }

    /// The same section reached at another indentation (a standalone partial) is rendered.
    @Test func anotherIndentationIsRenderedAgain() throws {
        let partials = try TemplateLibrary(sources: ["row": "{{#rows}}\n{{title}}\n{{/rows}}\n"])
        let result = try both("{{#first}}\n  {{>row}}\n{{/first}}\n{{^first}}\n    {{>row}}\n{{/first}}\n",
                              extra: { ["first": .bool($0 == 1)] }, partials: partials)
        #expect(result.replayed == result.rendered)
        #expect(result.rendered[1] == "    Negroni\n    Gin &amp; Tonic\n    &lt;Daiquiri&gt;\n")
        #expect(result.counts.replayed == 0)
    }

    /// With no room, nothing is recorded, let alone kept: every pass is rendered from the item
    /// itself, as if it were not replayable (what a test comparing with a store of no room
    /// relies on); the output is the same.
    @Test func nothingIsRecordedWithoutRoom() throws {
        let result = try both("{{#rows}}{{number}} {{title}};{{/rows}}", budget: 0)
        #expect(result.replayed == result.rendered)
        #expect(result.counts.recorded == 0 && result.counts.replayed == 0 && result.held == 0)
    }

    /// A store that is full lets go of the recording wanted last for one wanted sooner (Belady's
    /// rule). Rows 0 and 1, of the same size, are listed on a page with room for one recording
    /// and a half, then each again alone: row 0 wanted again at order `later`, row 1 at order 2.
    /// Row 1 takes row 0's room when row 0 is wanted later; row 0 keeps it when it is wanted
    /// first, or when the orders are unknown (the first recording keeps its room).
    @Test func aFullStoreKeepsTheRecordingWantedSoonest() throws {
        let template = try Template(source: "{{#rows}}<li>{{number}}. {{title}}</li>{{/rows}}", name: "page")
        func page(_ keys: [Int], _ replays: MustacheReplays, later: Int, withOrders: Bool) throws -> String {
            try template.render(.dictionary(["rows": .lazyArray(MustacheLazyArray(count: keys.count, mayReplay: true) { index in
                .object(Row(key: keys[index], title: "Row \(keys[index])", number: "\(keys[index])", link: "", replays: replays,
                            orders: withOrders ? [0, keys[index] == 0 ? later : 2] : nil))
            })]))
        }
        let measuring = MustacheReplays(budget: 1 << 20)
        _ = try page([0], measuring, later: 5, withOrders: false)
        let oneRecording = measuring.heldBytes
        for (later, withOrders, kept) in [(5, true, 1), (1, true, 0), (5, false, 0)] {
            let replays = MustacheReplays(budget: oneRecording * 3 / 2)
            #expect(try page([0, 1], replays, later: later, withOrders: withOrders) == "<li>0. Row 0</li><li>1. Row 1</li>")
            #expect(replays.heldBytes == oneRecording)
            #expect(try page([0], replays, later: later, withOrders: withOrders) == "<li>0. Row 0</li>")
            #expect(replays.counts.replayed == (kept == 0 ? 1 : 0), "later \(later), orders \(withOrders)")
            #expect(try page([1], replays, later: later, withOrders: withOrders) == "<li>1. Row 1</li>")
            #expect(replays.counts.replayed == 1 && replays.heldBytes == 0, "later \(later), orders \(withOrders)")
        }
    }

    /// A pass that visits fewer nodes than the store's minimum is rendered, and its section is
    /// not recorded again; a larger one is recorded and replayed. The output is the same.
    @Test func aPassTooSmallToBeWorthReplayingIsRendered() throws {
        let template = try Template(source: "{{#rows}}{{number}}. {{title}};{{/rows}}", name: "page")
        for (minimum, replayed) in [(100, 0), (3, 3)] {
            let replays = MustacheReplays(budget: 1 << 20, minimumNodes: minimum)
            let pages = try [1, 2].map { try template.render(page($0, replays: replays)) }
            let alone = try [1, 2].map { try template.render(page($0, replays: MustacheReplays(budget: 0), replaying: false)) }
            #expect(pages == alone)
            #expect(replays.counts.replayed == replayed && replays.heldBytes == 0)
        }
    }

    /// Page `page` of a site whose pages list the same `count` rows: enough to be streamed in
    /// several pieces.
    func longPage(_ page: Int, count: Int, replays: MustacheReplays, replaying: Bool = true) -> MustacheValue {
        let rows = MustacheLazyArray(count: count, mayReplay: replaying) { index in
            .object(Row(key: index, title: "Recipe \(index) & co", number: "\(page * 100_000 + index)", link: "../\(page)/r\(index)/",
                        replays: replays))
        }
        return .dictionary(["rows": .lazyArray(rows), "site": "Bar"])
    }

    /// A streamed page is handed on in pieces as it is made, between passes, never inside one
    /// being recorded: the pieces make the page a render holding it whole makes, replayed or not.
    @Test func aStreamedPageComesInPiecesThatMakeThePageHeldWhole() throws {
        let template = try Template(
            source: "<ol>\n{{#rows}}  <li><a href=\"{{link}}\">{{number}}. {{title}}</a> {{{html}}} {{site}}{{#tags}} {{.}}{{/tags}}</li>\n{{/rows}}</ol>\n",
            name: "page")
        let replays = MustacheReplays(budget: 8 << 20)
        for page in [1, 2] {
            var pieces: [[UInt8]] = []
            try template.render(longPage(page, count: 3_000, replays: replays), streamingTo: { pieces.append(Array($0)) })
            let whole = try template.renderUTF8(longPage(page, count: 3_000, replays: MustacheReplays(budget: 0), replaying: false))
            #expect(pieces.count >= 3, "a page of \(whole.count) bytes in \(pieces.count) pieces")
            #expect(pieces.allSatisfy { !$0.isEmpty })
            #expect(Array(pieces.joined()) == whole)
        }
        #expect(replays.counts.recorded == 3_000 && replays.counts.replayed == 3_000)
    }

    /// A streamed page that fails has handed on only what was made before the failure.
    @Test func aStreamedPageThatFailsHasHandedOnWhatCameBefore() throws {
        let template = try Template(source: "{{#rows}}<li>{{number}} {{title}}</li>\n{{/rows}}{{>missing}}", name: "page")
        var options = RenderOptions()
        options.missingPartialIsError = true
        var streamed: [UInt8] = []
        #expect(throws: TemplateError.self) {
            try template.render(longPage(1, count: 5_000, replays: MustacheReplays(budget: 1 << 20)), options: options,
                                streamingTo: { streamed += $0 })
        }
        let rows = try Template(source: "{{#rows}}<li>{{number}} {{title}}</li>\n{{/rows}}", name: "rows")
            .renderUTF8(longPage(1, count: 5_000, replays: MustacheReplays(budget: 0), replaying: false))
        #expect(!streamed.isEmpty && streamed.count <= rows.count)
        #expect(Array(rows.prefix(streamed.count)) == streamed)
    }

    /// A replayed pass counts the work its rendering did: a page over the work limit fails
    /// whether its passes are rendered or replayed.
    @Test func aReplayedPassCountsTheWorkItStandsFor() throws {
        let template = try Template(source: "{{#rows}}{{#tags}}{{title}}{{number}}{{/tags}}{{/rows}}", name: "page")
        let replays = MustacheReplays(budget: 1 << 20)
        _ = try template.render(page(1, replays: replays))
        // At most a fifth of 20 section passes, 4: a page makes 3 rows × (1 + 2 tags) = 9.
        let tight = RenderOptions(workLimit: 20)
        #expect(throws: TemplateError.self) { try template.render(page(2, replays: replays), options: tight) }
        #expect(replays.counts.replayed >= 1)
        #expect(throws: TemplateError.self) {
            try template.render(page(2, replays: MustacheReplays(budget: 0), replaying: false), options: tight)
        }
    }
}
