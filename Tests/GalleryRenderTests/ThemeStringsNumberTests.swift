import Foundation
import Testing
@testable import GalleryRender

/// `ThemeStrings.number` writes a count as ICU does in every language, whether it reads it from
/// the digits of 0 to 99 or asks ICU.
@Suite struct ThemeStringsNumberTests {
    /// The built-in languages, and some whose digits are not Latin (Hindi and Marathi write
    /// Latin digits by default, Persian and Bengali their own).
    static let languages = ThemeStrings.builtInLanguages + ["hi", "fa", "bn", "mr", "th", "ar-EG", "en-IN", "pl", "es-ES"]

    @Test func everyNumberToTwelveHundredIsWrittenAsICUWritesIt() {
        for language in Self.languages {
            let style = IntegerFormatStyle<Int>(locale: Locale(identifier: ThemeStrings.localeIdentifier(language)))
            let strings = ThemeStrings.make(language: language, overrides: [:]).0
            for value in 0..<1_200 {
                #expect(strings.number(value) == value.formatted(style), "\(language) \(value)")
            }
        }
    }

    /// A language whose 10 to 99 are not their digits side by side has its hundreds from ICU.
    @Test func hundredsAreComposedOnlyWhenTheTensAre() {
        let latin = ThemeStrings.SmallNumbers { String($0) }
        #expect(latin.composeHundreds)
        let grouped = ThemeStrings.SmallNumbers { $0 == 42 ? "forty-two" : String($0) }
        #expect(!grouped.composeHundreds)
        let hundreds = ThemeStrings.SmallNumbers { $0 >= 100 ? "c\($0)" : String($0) }
        #expect(!hundreds.composeHundreds)
    }
}
