import Foundation
import GalleryLayout
import Testing
@testable import GalleryContent

@Suite struct RecipeDurationTests {
    /// ASCII durations are read from their bytes; every spelling, wrong ones included, reads as
    /// the character-by-character reading reads it.
    @Test func asciiDurationsReadAsTheCharacterReadingReadsThem() {
        let samples = ["5 min", "1h30m", "1 h 30 min", "2 hours", "1.5 h", "90 s", "90s", "3 DAYS", "1,5 h", "1, 30 min",
                       "", " ", "min", "5", "5 5", "-5 min", "5 parsecs", "1e3 s", "inf min", "INF min", "nan h", "0x10 s",
                       "5\tmin", "5  min ", ",,5,,min,,", "1h 30", "1000000 s", "999999.5 s", "1.2.3 h", ".5 h", "5. min",
                       "5 min\r\n", "2 Hrs 15 Mins", "1d2h3m4s", "h 5", "5 m 5"]
        for text in samples {
            #expect(RecipeDuration.seconds(ofASCII: text) == RecipeDuration.seconds(of: text), "\(text.debugDescription)")
        }
        #expect(RecipeDuration(parsing: "1h30m")?.seconds == 5400)
        #expect(RecipeDuration(parsing: "2 Hrs 15 Mins")?.seconds == 8100)
        #expect(RecipeDuration(parsing: "5 parsecs") == nil)
    }

    /// schema.org's form: hours, minutes and seconds each only when there are some, `PT0S` for none.
    @Test func durationsWriteISO8601WithOnlyTheirUnits() {
        let expected = [0: "PT0S", 45: "PT45S", 300: "PT5M", 3600: "PT1H", 3601: "PT1H1S", 5400: "PT1H30M", 5430: "PT1H30M30S",
                        90_000: "PT25H", -5: "PT-5S"]
        for (seconds, text) in expected {
            #expect(RecipeDuration(seconds: seconds).iso8601 == text, "\(seconds)")
        }
    }

    /// Random ASCII spellings, amounts of many digits among them, read from the bytes as the
    /// character reading reads them (an amount's digits read exactly as `Double` reads them).
    @Test func randomAsciiDurationsReadAsTheCharacterReadingReadsThem() {
        let pieces = ["1", "5", "0", "9", "12", ".", ".5", "3.3333333", "123456789012345", "1234567890123456", "0.1234567890123456",
                      "999999.99", "1000000", " ", ",", "  ", "h", "H", "min", "MINS", "s", "sec", "seconds", "d", "days", "hr",
                      "hrs", "m", "minute", "e", "x", "+", "-", "_", "/", "hours", "Second", "sx", "mi"]
        var generator = SeededGenerator(seed: 37)
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(RecipeDuration.seconds(ofASCII: text) == RecipeDuration.seconds(of: text), "\(text.debugDescription)")
        }
        #expect(RecipeDuration(parsing: "0.1 h")?.seconds == 360)
        #expect(RecipeDuration(parsing: "3.3333333 min")?.seconds == 200)
    }
}

@Suite struct RecipeDateTests {
    /// ASCII dates are cut into their fields from the bytes, as the character reading cuts them.
    @Test func asciiDatesAreCutAsTheCharacterReadingCutsThem() {
        let samples = ["2024-03-14", "2024-03-14T10:00", "2024-3-14", "2024--03-1", "+202-01-01", "2024-03-1", "", "2024",
                       "2024-03-14 \r\n", "20240314xx", "-2024-03-14", "2024-03-14-", "99999-1-01", "2024_03_14"]
        for text in samples {
            #expect(RecipeDate.fieldsOfASCII(text) == .some(RecipeDate.fields(of: text)), "\(text.debugDescription)")
        }
        // Past the ASCII, or a carriage return among the first eleven: the character reading.
        for text in ["2024-03-14\u{301}", "2024-03-1é", "2024-03\r\n14", "2024-03-14\r\n", "2024-03-1\r\n"] {
            #expect(RecipeDate.fieldsOfASCII(text) == nil)
        }
        // `DDDD-DD-DD` is read as numbers straight from the bytes: the numbers the fields give.
        for text in samples + ["2024-03-14\u{301}", "2024-03-14\r", "0000-00-00", "9999-12-31", "2024-03-14\u{7F}", "2024-3-140"] {
            let fields = (RecipeDate.fieldsOfASCII(text) ?? RecipeDate.fields(of: text)).flatMap { fields in
                fields.count == 3 ? fields.compactMap { Int($0) } : nil
            }
            if let digits = RecipeDate.plainDigits(text) {
                #expect(fields == [digits.0, digits.1, digits.2], "\(text.debugDescription)")
            }
        }
        #expect(RecipeDate.plainDigits("2024-03-14T10:00").map { [$0.0, $0.1, $0.2] } == [2024, 3, 14])
        #expect(RecipeDate.plainDigits("2024-03-14\u{301}") == nil && RecipeDate.plainDigits("+202-01-01") == nil)
        #expect(RecipeDate(parsing: "2024-02-29")?.day == 29)
        #expect(RecipeDate(parsing: "2023-02-29") == nil)
        #expect(RecipeDate(parsing: "+202-01-01")?.year == 202)
    }

    /// `YYYY-MM-DD`, zero-padded, for every date a site can give (years 1 to 9999), as the
    /// sitemap, the byline's `datetime` and the JSON-LD write it.
    @Test func datesWriteISO8601ZeroPadded() throws {
        let samples = ["2024-03-14": "2024-03-14", "0001-01-01": "0001-01-01", "9999-12-31": "9999-12-31",
                       "+202-01-01": "0202-01-01", "2024-3-009": "2024-03-09", "0999-10-01": "0999-10-01"]
        for (text, written) in samples {
            #expect(try #require(RecipeDate(parsing: text)).iso8601 == written, "\(text)")
        }
        // A year set past what a front matter can hold is still written, unpadded beyond it.
        var date = try #require(RecipeDate(parsing: "2024-03-14"))
        date.year = 12345
        #expect(date.iso8601 == "12345-03-14")
        date.year = -5
        #expect(date.iso8601 == "00-5-03-14")
    }
}
