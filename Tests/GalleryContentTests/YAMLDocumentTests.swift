import Testing
@testable import GalleryContent

/// `YAMLDocument` keeps libyaml's events flat; a `YAMLNode` is a place among them. What a node
/// answers must be what the tree of nodes it replaced answered.
@Suite struct YAMLDocumentTests {
    /// An alias reads as a copy of the anchored node standing where the alias is written, with
    /// what is inside it at the anchor's own places (as error messages point there).
    @Test func anAliasReadsAsTheAnchoredNodeStandingWhereTheAliasIs() throws {
        let root = try #require(try YAMLParser.parse("a: &x [1, {b: c}, 'q']\nd: *x\ne: 2\n"))
        let pairs = try #require(root.mapping)
        #expect(pairs.map { $0.key.scalar } == ["a", "d", "e"])
        let (written, copy) = (pairs[0].value, pairs[1].value)
        #expect((written.line, written.column) == (1, 4))
        #expect((copy.line, copy.column) == (2, 4))
        let items = try #require(copy.sequence)
        #expect(items.count == 3)
        #expect(items[0].int == 1 && (items[0].line, items[0].column) == (1, 8))
        #expect(items[1].mapping?.first?.value.scalar == "c")
        #expect(items[2].scalar == "q" && items[2].int == nil)
        #expect(try #require(written.sequence) == items)
        // The entry after the copy is read past all of it.
        #expect(pairs[2].value.int == 2)
    }

    /// A node kept past reading (a recipe's `extra:`) holds its own events and bytes only, and
    /// is equal to (and hashes as) the node it was cut from.
    @Test func aDetachedNodeHoldsOnlyItsOwnEventsAndEqualsWhereItCameFrom() throws {
        let text = "title: A long title that is not part of extra\nextra:\n  glass: { kind: coupe, chilled: true }\n  notes: [a, b]\nz: last\n"
        let root = try #require(try YAMLParser.parse(text))
        let extra = try #require(root.mapping?.first { $0.key.scalar == "extra" }?.value)
        let kept = extra.detached
        #expect(kept == extra)
        #expect(kept.hashValue == extra.hashValue)
        #expect(kept.document.events.count == 11)
        #expect(String(decoding: kept.document.text, as: UTF8.self) == "glasskindcoupechilledtruenotesab")
        #expect(kept.mapping?.last?.value.sequence?.map(\.scalar) == ["a", "b"])
        #expect(kept.mapping?.first?.value.mapping?.last?.value.bool == true)
        // A whole document is kept as it is.
        #expect(root.detached.document === root.document)
    }

    /// Nodes are equal when written alike at the same places: the same text one column over, or
    /// quoted rather than plain, is another node.
    @Test func nodesAreEqualWhenWrittenAlikeAtTheSamePlaces() throws {
        let first = try #require(try YAMLParser.parse("a: [1, x]\n"))
        #expect(first == (try YAMLParser.parse("a: [1, x]\n")))
        #expect(first != (try YAMLParser.parse("a:  [1, x]\n")))
        #expect(first != (try YAMLParser.parse("a: [1, 'x']\n")))
        #expect(first != (try YAMLParser.parse("a: [1, y]\n")))
        #expect(first != (try YAMLParser.parse("a: [1, x, y]\n")))
    }

    /// The core schema's words, read from a plain scalar's bytes; quoted, they are text.
    @Test func plainScalarsAreNullBooleansAndNumbersAsTheCoreSchemaSays() throws {
        let root = try #require(try YAMLParser.parse("[~, null, Null, NULL, '', nul, true, True, TRUE, tRUE, 'true', false, +7, -3, 2.5, .inf, '7']"))
        let items = try #require(root.sequence)
        #expect(items.map(\.isNull) == [true, true, true, true, false, false] + Array(repeating: false, count: 11))
        #expect(items[6...11].map(\.bool) == [true, true, true, nil, nil, false])
        #expect(items[12...16].map(\.int) == [7, -3, nil, nil, nil])
        #expect(items[14].double == 2.5 && items[15].double == nil && items[16].double == nil)
        #expect(items[4].kindName == "a scalar" && items[0].kindName == "null")
    }
}
