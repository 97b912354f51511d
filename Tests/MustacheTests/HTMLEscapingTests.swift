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

    /// The escape tests eight bytes at a time: each unsafe character at every position around a
    /// word's edges, alone, in pairs, next to bytes that differ from one by a bit (`%`, `=`, `?`,
    /// `¦` = 0xC2 0xA6), escapes as a byte by byte escape would, through a template and alone.
    @Test func escapesEveryCharacterWhereverItFallsInAWord() throws {
        func byteByByte(_ text: String) -> String {
            var escaped = ""
            for character in text {
                switch character {
                case "&": escaped += "&amp;"
                case "<": escaped += "&lt;"
                case ">": escaped += "&gt;"
                case "\"": escaped += "&quot;"
                case "'": escaped += "&#39;"
                default: escaped.append(character)
                }
            }
            return escaped
        }
        let template = try Template(source: "{{text}}", name: "t")
        let fillers = ["a", "%", "=", "?", "¦", "é", "$", "\u{7F}", "#"]
        for unsafe in ["&", "<", ">", "\"", "'", "<>", "&'"] {
            for filler in fillers {
                for length in 0..<20 {
                    for position in 0...length {
                        let text = String(repeating: filler, count: position) + unsafe + String(repeating: filler, count: length - position)
                        #expect(escapeHTML(text) == byteByByte(text))
                        #expect(try template.render(["text": .string(text)]) == byteByByte(text))
                    }
                }
            }
        }
        let plain = String(repeating: "--x:12.5%;--y:3;", count: 9)
        #expect(try template.render(["text": .string(plain)]) == plain)
    }
}
