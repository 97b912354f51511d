import Testing
import GalleryContent
@testable import GalleryRender

struct JSONWriterTests {
    /// Members given in sorted order, nulls left out, commas between items at every depth, strings
    /// escaped for a `<script>` element: the bytes `JSONValue` writes for the same document.
    @Test func writesWhatJSONValueWrites() {
        let tree: JSONValue = .object([
            "@type": "Recipe",
            "empty": .array([]),
            "list": .array(["a", .object(["@type": "HowToStep", "text": "Stir </script> <!-- x", "url": .null]), .array(["b", "c"])]),
            "none": .null,
            "nested": .object(["inner": .object([:]), "z": "\u{2028}\"\\"]),
        ])
        var json = JSONWriter()
        json.beginObject()
        json.member("@type", "Recipe")
        json.array("empty") { _ in }
        json.array("list") { json in
            json.string("a")
            json.object { json in
                json.member("@type", "HowToStep")
                json.member("text", "Stir </script> <!-- x")
                json.member("url", nil as String?)
            }
            json.value(.array(["b", "c"]))
        }
        json.member("none", JSONValue.null)
        json.object("nested") { json in
            json.object("inner") { _ in }
            json.member("z", "\u{2028}\"\\")
        }
        json.endObject()
        var expected: [UInt8] = []
        tree.write(to: &expected)
        #expect(json.text == String(decoding: expected, as: UTF8.self))
    }

    /// A string written in pieces (a step's address: the page's, escaped, then its fragment)
    /// takes its place among the members: commas before and after it.
    @Test func stringWrittenInPieces() {
        var json = JSONWriter()
        json.beginObject()
        json.member("a", "first")
        json.key("url")
        json.string { url in
            url.escaped("https://example.com/a\"b/")
            url.unescaped("#step-")
            url.decimal(2)
        }
        json.member("z", "last")
        json.endObject()
        #expect(json.text == #"{"a":"first","url":"https://example.com/a\"b/#step-2","z":"last"}"#)
    }
}

extension JSONWriterTests {
    /// A member known when the code is written is copied as it is, with the commas the writer
    /// puts between members and items.
    @Test func fixedMembersTakeTheirPlaceAmongTheOthers() {
        var json = JSONWriter()
        json.beginObject()
        json.fixed(#""@context":"https://schema.org","@type":"Recipe""#)
        json.array("steps") { json in
            json.object { json in
                json.fixed(#""@type":"HowToStep""#)
                json.member("text", "Stir")
            }
            json.object { json in
                json.fixed(#""@type":"HowToStep""#)
            }
        }
        json.endObject()
        #expect(json.text == #"{"@context":"https://schema.org","@type":"Recipe","steps":[{"@type":"HowToStep","text":"Stir"},{"@type":"HowToStep"}]}"#)
    }
}

extension JSONWriterTests {
    /// Every control character, each byte an escape looks at, and non-ASCII text (U+2028 and
    /// U+2029, their near neighbours, accents, emoji, curly quotes), alone, at every place in and
    /// across the eight-byte words the scan reads, and mixed: escaped by `JSONWriter` and
    /// `JSONValue` as the rules say, read here scalar by scalar.
    @Test func escapesEveryByteThatNeedsIt() {
        var pieces = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        pieces += ["\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\u{2019}", "é", "☃", "🍋", "</", "<!--", "<</", "<<!", "K", "ß"]
        var texts = pieces
        for piece in pieces {
            for offset in 0..<18 {
                texts.append(String(repeating: "a", count: offset) + piece + String(repeating: "b", count: 17 - offset))
            }
        }
        texts.append(pieces.joined())
        texts.append("")
        // Mixes of the pieces that need a look and plain runs, from a fixed generator.
        let mixed = ["\"", "\\", "\n", "\u{1}", "<", "/", "!", "\u{2028}", "\u{2019}", "é", "plain", "ab", "c"]
        var state: UInt64 = 7
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<(Int(state >> 60) + 1) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += mixed[Int(state >> 33) % mixed.count]
            }
            texts.append(text)
        }
        for text in texts {
            let expected = Self.escapedByTheRules(text)
            var json = JSONWriter()
            json.string(text)
            #expect(json.text == expected, "\(Array(text.utf8))")
            #expect(JSONValue.string(text).text == expected, "\(Array(text.utf8))")
        }
    }

    /// JSON's escapes and those that keep a `<script>` element whole (`</` as `<\/`, `<!` as
    /// `\u003c!`, U+2028 and U+2029), written scalar by scalar.
    static func escapedByTheRules(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var escaped = "\""
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\"": escaped += #"\""#
            case "\\": escaped += #"\\"#
            case "\n": escaped += #"\n"#
            case "\r": escaped += #"\r"#
            case "\t": escaped += #"\t"#
            case "/" where index > 0 && scalars[index - 1] == "<": escaped += #"\/"#
            case "<" where index + 1 < scalars.count && scalars[index + 1] == "!": escaped += #"\u003c"#
            case "\u{2028}": escaped += #"\u2028"#
            case "\u{2029}": escaped += #"\u2029"#
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    /// Durations written in place read as `RecipeDuration.iso8601`: none, seconds only, odd
    /// minutes, whole hours, over a day, and negative ones (`PT-5S`).
    @Test func durationsAsISO8601() {
        var seconds = [0, 1, 45, 59, 60, 61, 119, 300, 3599, 3600, 3601, 5400, 5430, 86_399, 86_400, 86_401, 90_000,
                       1_000_000, -1, -5, -59, -60, -61, -3600, -3700, -90_000, Int.max, Int.min]
        seconds += stride(from: -7300, through: 100_000, by: 37)
        for value in seconds {
            let duration = RecipeDuration(seconds: value)
            var json = JSONWriter()
            json.duration(duration)
            #expect(json.text == "\"\(duration.iso8601)\"", "\(value)")
        }
    }

    /// Integers as `String(_:)` writes them, the sign and the largest magnitudes included.
    @Test func integersInDecimal() {
        for value in [0, 1, 9, 10, 99, 100, 12_345, -1, -10, -12_345, Int.max, Int.min] {
            var json = JSONWriter()
            json.beginArray()
            json.int(value)
            json.decimal(value)
            json.endArray()
            #expect(json.text == "[\(value)\(value)]")
        }
    }
}
