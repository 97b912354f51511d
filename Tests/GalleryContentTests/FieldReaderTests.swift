import Testing
@testable import GalleryContent

@Suite struct FieldReaderTests {
    /// A key is found as `String ==` finds it: canonically equivalent spellings (a Kelvin sign
    /// is a K, a decomposed é an é) included, in a short mapping scanned and a long one indexed.
    @Test func keysAreFoundAsStringEqualityFindsThem() throws {
        for filler in [0, 20] {
            let extra = (0..<filler).map { "k\($0): \($0)\n" }.joined()
            let yaml = extra + "\u{212A}ind: kelvin\ncafe\u{301}: decomposed\ntitle: Gin\nb: x\n\"\": empty\n"
            let node = try #require(try YAMLParser.parse(yaml))
            var reader = FieldReader(node, path: "r.md", what: "front matter")
            #expect(reader.string("Kind") == "kelvin")
            #expect(reader.string("café") == "decomposed")
            #expect(reader.string("title") == "Gin")
            #expect(reader.string("b") == "x")
            #expect(reader.string("") == "empty")
            #expect(reader.string("tit") == nil)
            #expect(reader.string("a") == nil)
            if filler > 0 { #expect(reader.int("k7") == 7) }
            reader.warnUnknownKeys(in: "front matter")
            #expect(reader.diagnostics.count == max(0, filler - 1), "\(reader.diagnostics)")
        }
    }
}
