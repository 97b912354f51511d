import Testing
@testable import GalleryRender

@Suite struct SearchTermTableTests {
    @Test func termsAreNumberedInTheOrderFirstMetAcrossGrowth() {
        var table = SearchTermTable()
        let words = (0..<5_000).map { "w\($0)" } + ["piña", "pina", "カレー", ""]
        for (number, word) in words.enumerated() {
            #expect(table.number(of: word) == number)
        }
        for (number, word) in words.enumerated().reversed() {
            #expect(table.number(of: word) == number, "met again: the same number")
        }
        #expect(table.count == words.count && table.texts == words)
        table.removeAll()
        #expect(table.count == 0)
    }
}
