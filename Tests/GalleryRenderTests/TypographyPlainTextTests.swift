import Testing
import GallerySupport

extension TypographyTests {
    /// Text with no quote, no `--` and no `...` comes back as it is, whatever its script; text
    /// with one, however it is hidden among other characters, still goes through the rules.
    @Test func textWithoutWhatTheRulesChangeComesBackAsItIs() {
        for text in ["Stir with ice.", "A - B. C.. D", "Piña colada – ½ lime", "e\u{301}-\u{301}-", "-\r\n-", "", ".-.-."] {
            #expect(Typography.smarten(text) == text)
        }
        #expect(Typography.smarten("a--b") == "a–b")
        #expect(Typography.smarten("wait...") == "wait…")
        #expect(Typography.smarten("é 'x'") == "é ‘x’")
        #expect(Typography.smarten("--\u{301}") == "-" + "-\u{301}")
    }
}
