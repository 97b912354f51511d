import Foundation
import Testing
@testable import GalleryContent
@testable import GalleryRender

/// A date written from its language's pieces (`LongDatePieces`) is the date ICU writes.
struct LongDatePiecesTests {
    /// Every language the theme has, and others whose long dates are built otherwise: the year
    /// first (hu, lt, ko, zh, ja), a month written in digits (ja, zh, ko), other digits (fa),
    /// a month that changes the text around it (ca), the month before the day (en-US), text after
    /// the year (ru).
    static let languages = ThemeStrings.builtInLanguages
        + ["en-US", "pt-BR", "ru", "fa", "ca", "hu", "lt", "ko", "he", "th", "hi", "zh", "pl", "bn", "ar-EG", "el", "tr", "vi"]

    /// What ICU writes for `language`, as `ThemeStrings` asks it.
    static func icu(_ language: String) -> (Date.FormatStyle, Calendar, Locale) {
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let locale = Locale(identifier: ThemeStrings.localeIdentifier(language))
        return (Date.FormatStyle(date: .long, time: .omitted, locale: locale, calendar: calendar, timeZone: utc), calendar, locale)
    }

    /// Every day of a leap year, the ends of February of other years, and the first of a month
    /// of years across the whole range the pieces write.
    static let dates: [RecipeDate] = {
        var dates: [RecipeDate] = []
        var day = RecipeDate(parsing: "2024-01-01")!
        for month in 1...12 {
            for number in 1...31 where RecipeDate(parsing: String(format: "2024-%02d-%02d", month, number)) != nil {
                day.month = month
                day.day = number
                dates.append(day)
            }
        }
        for text in ["1900-02-28", "2000-02-29", "2023-02-28", "2100-02-28", "1583-01-01", "9999-12-31"] {
            dates.append(RecipeDate(parsing: text)!)
        }
        for (offset, year) in stride(from: 1583, through: 9999, by: 157).enumerated() {
            dates.append(RecipeDate(parsing: String(format: "%04d-%02d-01", year, offset % 12 + 1))!)
        }
        return dates
    }()

    @Test func everyLanguageWritesItsDatesAsICUDoes() throws {
        for language in Self.languages {
            let (style, calendar, locale) = Self.icu(language)
            let pieces = try #require(LongDatePieces(style: style, calendar: calendar, locale: locale), "\(language)")
            let strings = ThemeStrings.make(language: language, overrides: [:]).0
            for date in Self.dates {
                let moment = try #require(calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day)))
                let written = style.format(moment)
                #expect(pieces.format(date) == written, "\(language) \(date.iso8601)")
                #expect(strings.date(date) == written, "\(language) \(date.iso8601)")
            }
        }
    }

    /// A pattern with a weekday cannot be cut into pieces that hold for every day of a month.
    @Test func aPatternWithAWeekdayHasNoPieces() {
        let (_, calendar, locale) = Self.icu("en")
        let full = Date.FormatStyle(date: .complete, time: .omitted, locale: locale, calendar: calendar, timeZone: calendar.timeZone)
        #expect(LongDatePieces(style: full, calendar: calendar, locale: locale) == nil)
    }

    /// Before 1583 the calendar is Julian, and a day the month does not have moves on: those go
    /// through ICU, whatever it writes for them.
    @Test func datesThePiecesDoNotWriteGoThroughICU() throws {
        let (style, calendar, locale) = Self.icu("fr")
        let pieces = try #require(LongDatePieces(style: style, calendar: calendar, locale: locale))
        let strings = ThemeStrings.make(language: "fr", overrides: [:]).0
        var impossible = try #require(RecipeDate(parsing: "2023-02-28"))
        impossible.day = 30
        var early = try #require(RecipeDate(parsing: "1582-10-10"))
        for date in [early, impossible, try #require(RecipeDate(parsing: "0005-01-05"))] {
            #expect(pieces.format(date) == nil)
            let moment = try #require(calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day)))
            #expect(strings.date(date) == style.format(moment))
        }
        #expect(strings.date(impossible) == "2 mars 2023")
        early.year = 1583
        #expect(pieces.format(early) == "10 octobre 1583")
    }
}
