@testable import GalleryRender
import Testing

struct BylinePhraseTests {
    @Test func splitsAtTheDateAndTheAuthor() {
        #expect(BylinePhrase("Added {date} by {author}", hasAuthor: true).pieces == [.text("Added "), .date, .text(" by "), .author])
        #expect(BylinePhrase("{author}が{date}に追加", hasAuthor: true).pieces == [.author, .text("が"), .date, .text("に追加")])
        #expect(BylinePhrase("{date}", hasAuthor: false).pieces == [.date])
    }

    /// Without an author `{author}` is text, as is any other brace; the phrase's own text is escaped.
    @Test func keepsOtherBracesAsTextAndEscapesIt() {
        #expect(BylinePhrase("Added {date} by {author}", hasAuthor: false).pieces == [.text("Added "), .date, .text(" by {author}")])
        #expect(BylinePhrase("<b>{date}</b> & {x} {", hasAuthor: true).pieces == [.text("&lt;b&gt;"), .date, .text("&lt;/b&gt; &amp; {x} {")])
    }
}
