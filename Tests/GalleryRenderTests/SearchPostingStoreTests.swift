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

    /// Batches of documents appended at once (`SearchIndex`'s path) give the same lists as their
    /// postings appended one by one: documents without postings, a list reached through several
    /// words, lists started within a batch, long gaps between batches, and lists crossing blocks.
    @Test func aBatchGivesTheSameListsAsItsPostingsOneByOne() {
        var batched = SearchPostingStore(), single = SearchPostingStore()
        let listCount = 50
        for _ in 0..<listCount {
            _ = batched.newList()
            _ = single.newList()
        }
        // Word w goes to list numbers[w]; words 7 and 8 share a list.
        var numbers = (0..<Int32(60)).map { $0 % Int32(listCount) }
        numbers[8] = numbers[7]
        var document: UInt32 = 0
        var step = 0
        for batch in 0..<40 {
            let first = document
            var ends: [Int32] = [], terms: [Int32] = [], scores: [UInt8] = []
            for _ in 0..<(batch % 5 == 4 ? 1 : 300) {
                // Some documents with no postings.
                let length = step % 17 == 0 ? 0 : 1 + step % 9
                var used = Set<Int32>()
                for index in 0..<length {
                    let word = Int32((step * 7 + index * 13) % 60)
                    guard used.insert(numbers[Int(word)]).inserted else { continue }
                    terms.append(word)
                    scores.append(UInt8(1 + (step + index) % 255))
                    single.append(document, score: scores.last!, to: Int(numbers[Int(word)]))
                }
                ends.append(Int32(terms.count))
                step += 1
                document += 1
            }
            batched.append(documentsFrom: first, ends: ends, terms: terms, scores: scores, lists: numbers)
            // A batch starting far past the last: gaps of several bytes.
            if batch % 7 == 3 { document += 20_000 }
        }
        #expect(batched.byteCount == single.byteCount)
        for list in 0..<listCount {
            #expect(batched.count(list) == single.count(list))
            #expect(batched.postings(list) == single.postings(list))
        }
        #expect(single.postings(Int(numbers[7])).count > 1_000)
    }
}

extension SearchPostingStoreTests {
    /// One-byte gaps read as pairs wherever a longer gap has shifted them: a pair whose gap is a
    /// block's last byte and whose score opens the next block, gaps of 127 and 128 side by side.
    @Test func pairsSplitAcrossBlocksComeBackWhole() {
        var store = SearchPostingStore()
        let list = store.newList()
        var expected: [UInt32] = []
        var document: UInt32 = 0
        for step in 0..<3_000 {
            document += [1, 200, 1, 127, 128, 3, 1, 20_000][step % 8]
            store.append(document, score: UInt8(1 + step % 255), to: list)
            expected.append(document << 8 | UInt32(1 + step % 255))
        }
        #expect(store.postings(list) == expected)
    }
}
