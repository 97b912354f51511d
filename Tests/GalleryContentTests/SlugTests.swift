import Testing
@testable import GalleryContent

@Suite struct SlugTests {
    @Test func aLongSlugIsCutAtAWord() {
        let slug = Slug.make(from: String(repeating: "Velvet Harbour Sour ", count: 15), style: .unicode)
        #expect(slug.utf8.count > 255)
        let short = Slug.shortened(slug)
        #expect(short.utf8.count <= Slug.maximumBytes)
        #expect(slug.hasPrefix(short + "-"), "whole words only: \(short)")
        #expect(!short.hasSuffix("-"))
        #expect(Slug.isValid(short, style: .unicode))
        #expect(Slug.shortened("gimlet") == "gimlet")
        #expect(Slug.shortened("alpha-beta-gamma", maximumBytes: 11) == "alpha-beta")
    }

    @Test func aWordTooLongIsCutAtACharacterCountingUTF8Bytes() {
        // One word of 3-byte characters: cut between characters, within the byte limit.
        let japanese = String(repeating: "日本のカレー", count: 20)
        let short = Slug.shortened(japanese)
        #expect(short.utf8.count <= Slug.maximumBytes && short.utf8.count > Slug.maximumBytes - 3)
        #expect(japanese.hasPrefix(short))
        // A letter with its combining mark stays whole.
        let marked = String(repeating: "e\u{301}", count: 60)
        #expect(Slug.shortened(marked, maximumBytes: 10).unicodeScalars.last == "\u{301}")
    }
}
