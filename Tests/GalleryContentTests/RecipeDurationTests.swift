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
