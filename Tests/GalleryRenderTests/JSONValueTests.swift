import Foundation
import Testing
@testable import GalleryRender

struct JSONValueTests {
    /// Each text that needs escaping in a JSON-LD `<script>`, and how it is written.
    static let escapes: [(text: String, written: String)] = [
        ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\r", #"\r"#), ("\t", #"\t"#),
        ("\u{1}", #"\u0001"#), ("\u{1F}", #"\u001f"#), ("\u{0}", #"\u0000"#),
        ("</", #"<\/"#), ("<!", #"\u003c!"#), ("<!--</", #"\u003c!--<\/"#), ("<</", #"<<\/"#),
        ("\u{2028}", #"\u2028"#), ("\u{2029}", #"\u2029"#),
        // Left as they are: a lone `<` or `/`, DEL, and other characters whose UTF-8 starts as
        // U+2028's does (a curly apostrophe, an en dash).
        ("<", "<"), ("<a", "<a"), ("/", "/"), ("a/", "a/"), ("\u{7F}", "\u{7F}"), ("\u{2019}", "\u{2019}"), ("\u{2013}", "\u{2013}"),
        ("\u{2027}", "\u{2027}"), ("\u{202A}", "\u{202A}"), ("é", "é"),
    ]

    /// The bytes are read eight at a time: whatever the offset of an escaped text among plain
    /// ones (ASCII or not), it is written the same, and nothing around it changes.
    @Test func stringsAreEscapedWhereverTheirSpecialBytesFall() {
        for (text, written) in Self.escapes {
            for before in 0...17 {
                for filler in ["a", "é"] {
                    let head = String(repeating: filler, count: before)
                    let tail = String(repeating: "z", count: (before * 5) % 11)
                    var output: [UInt8] = []
                    JSONValue.writeString(head + text + tail, to: &output)
                    #expect(String(decoding: output, as: UTF8.self) == "\"" + head + written + tail + "\"",
                            "\(text.debugDescription) after \(before) \(filler)")
                }
            }
        }
    }

    /// What is written parses back, as JSON, to the text itself, and never closes the script.
    @Test func escapedStringsReadBackAsTheirText() throws {
        let texts = Self.escapes.map(\.text) + [String(Self.escapes.map(\.text).joined()), "",
                                                 "Stir \u{201C}hard\u{201D} \u{2014} then strain</script><!-- x -->"]
        for text in texts {
            var output: [UInt8] = []
            JSONValue.writeString(text, to: &output)
            let written = String(decoding: output, as: UTF8.self)
            #expect(!written.contains("</") && !written.contains("<!") && !written.contains("\n"), "\(text.debugDescription)")
            let parsed = try JSONSerialization.jsonObject(with: Data(("[" + written + "]").utf8)) as? [String]
            #expect(parsed == [text], "\(text.debugDescription)")
        }
    }
}
