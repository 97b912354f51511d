import Foundation
import Testing
import GallerySupport

@Suite struct TextTrimmingTests {
    /// Ends of every kind: ASCII spaces, tabs and line breaks, no-break and ideographic spaces,
    /// controls, combining marks, non-ASCII letters, and nothing at all.
    static let samples = ["", " ", "\t\t", "plain", "  Gin  ", "\tGin\t", "Gin\n", "\nGin\r\n", " \u{00A0}Gin\u{00A0} ",
                          "\u{3000}日本\u{3000}", "Piña ", " café", "e\u{301}", " a\u{301} ", "\u{85}x\u{85}", "x\u{2028}",
                          "\u{0B}x\u{0C}", "\u{7F}x", " x y ", "  \u{200B}", "a\u{0}", "\r", " \n ", "-", " ~ "]

    @Test func trimmingSpacesGivesWhatFoundationGives() {
        for text in Self.samples {
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            let slice = ("<" + text + ">").dropFirst().dropLast()
            #expect(slice.trimmingSpaces() == slice.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func trimmingSpacesAndNewlinesGivesWhatFoundationGives() {
        for text in Self.samples {
            #expect(text.trimmingSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(Array(text.unicodeScalars))")
        }
    }

    @Test func trimmedTextIsExactlyTheSameBytes() {
        // Canonically equal is not enough: the result keeps the very bytes written.
        let decomposed = " Cafe\u{301} x "
        #expect(Array(decomposed.trimmingSpaces().utf8) == Array("Cafe\u{301} x".utf8))
    }
}
