import Testing
@testable import GalleryRender

@Suite struct SearchPostingStoreTests {
    /// Lists filled side by side, as documents add their terms: a list of one posting, a long one
    /// crossing many blocks (and pages), and gaps of every length of the variable-length number.
    @Test func postingsComeBackAsTheyWereAddedWhateverTheirGapsAndLength() {
        var store = SearchPostingStore()
        let single = store.newList(), common = store.newList(), sparse = store.newList(), empty = store.newList()
        var expected: [[UInt32]] = [[], [], [], []]
        func add(_ document: UInt32, _ score: UInt8, _ list: Int) {
            store.append(document, score: score, to: list)
            expected[list].append(document << 8 | UInt32(score))
        }
        add(0, 255, single)
        var document: UInt32 = 0
        for step in 0..<40_000 {
            add(document, UInt8(1 + step % 255), common)
            if step % 1_000 == 0 { add(document, 7, sparse) }
            document += 1 + UInt32(step % 3)
        }
        // Gaps needing one to four bytes, then the largest document a posting can hold.
        for gap: UInt32 in [127, 128, 16_383, 16_384, 2_097_151, 2_097_152] {
            document += gap
            add(document, 1, sparse)
        }
        add(0xFF_FFFF, 9, sparse)
        #expect(store.listCount == 4)
        for list in [single, common, sparse, empty] {
            #expect(store.postings(list) == expected[list])
            #expect(store.count(list) == expected[list].count)
        }
    }

    /// A common word's postings take about two bytes each, not four: the point of the store.
    @Test func aCommonTermTakesAboutTwoBytesAPosting() {
        var store = SearchPostingStore()
        let list = store.newList()
        for document in stride(from: UInt32(0), to: 300_000, by: 2) { store.append(document, score: 6, to: list) }
        #expect(store.byteCount <= 2 * 150_000 + SearchPostingStore.pageSize)
    }
}
