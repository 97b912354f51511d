import Mustache
import Testing

struct HTMLEscapingTests {
    @Test func escapesTheFiveUnsafeCharacters() {
        #expect(escapeHTML(#"<a href="x">Tom & Jerry's</a>"#)
            == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }

    @Test func leavesOtherTextAlone() {
        #expect(escapeHTML("Crème brûlée — 100% / 2 🍮") == "Crème brûlée — 100% / 2 🍮")
        #expect(escapeHTML("") == "")
    }

    @Test func escapesNextToMultibyteCharacters() {
        #expect(escapeHTML("é<ü>") == "é&lt;ü&gt;")
    }
}
