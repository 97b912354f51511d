import Testing
@testable import GalleryRender

/// Each search record's bytes kept once a build, within a budget (`SearchRecordCache`).
@Suite struct SearchRecordCacheTests {
    @Test func aKeptRecordIsAppendedAsItWasMade() {
        let cache = SearchRecordCache(documentCount: SearchIndex.recordsPerGroup + 3)
        var bytes: [UInt8] = Array("[".utf8)
        #expect(!cache.append(SearchIndex.recordsPerGroup + 1, to: &bytes), "nothing is kept before it is made")
        cache.keep(SearchIndex.recordsPerGroup + 1, Array(#"{"t":"Mojito"}"#.utf8))
        cache.keep(0, Array(#"{"t":"Daiquiri"}"#.utf8))
        #expect(cache.append(SearchIndex.recordsPerGroup + 1, to: &bytes))
        #expect(cache.append(0, to: &bytes))
        #expect(String(decoding: bytes, as: UTF8.self) == #"[{"t":"Mojito"}{"t":"Daiquiri"}"#)
    }

    @Test func theFirstOfTwoMakingsOfOneRecordStays() {
        let cache = SearchRecordCache(documentCount: 2)
        cache.keep(1, Array("first".utf8))
        cache.keep(1, Array("second".utf8))
        var bytes: [UInt8] = []
        #expect(cache.append(1, to: &bytes) && bytes == Array("first".utf8))
    }

    /// At 100,000 recipes keeping every record raised the build's peak by 11 MB: past the budget a
    /// record is not kept, and whoever asks for it makes it again.
    @Test func recordsPastTheBudgetAreNotKept() {
        let cache = SearchRecordCache(documentCount: 4, budget: 10)
        cache.keep(0, Array("123456".utf8))
        cache.keep(1, Array("1234".utf8))
        cache.keep(2, Array("1".utf8))
        cache.keep(3, Array("".utf8))
        var bytes: [UInt8] = []
        #expect(cache.append(0, to: &bytes) && cache.append(1, to: &bytes))
        #expect(!cache.append(2, to: &bytes), "6 + 4 bytes fill the budget of 10")
        #expect(bytes == Array("1234561234".utf8))
    }
}
