import Foundation
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
}
