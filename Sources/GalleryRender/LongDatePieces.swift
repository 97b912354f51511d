import Foundation
import GalleryContent

/// A language's long date (`ThemeStrings.date`) cut into what each month writes around the day's
/// and the year's numbers, with the language's digits, read from ICU once: a date is then a few
/// copies. Through ICU, each of a site's distinct days cost about 17,000 instructions (770 of a
/// 1,000-recipe site's dates are distinct; issue 37).
///
/// ICU writes a long date from the language's pattern: the day and the year as numbers in the
/// language's digits (the day perhaps zero-padded), the month (and an era, the same for every
/// year written here) as a name, text between them. Each month's date of a probe day is read for
/// where its day and year numbers stand; the pieces are then checked at once against what ICU
/// writes for other days of every month (another weekday, another day, another year) and for the
/// first and last years. Pieces that cannot be read (a number found twice, or not at all) or
/// that write any checked date otherwise give nil: the dates then go through ICU. So do the years
/// before 1583, when the calendar is still Julian (the days the Gregorian reform skipped do not
/// exist), and days a month does not have. A class: it is read for every date, shared.
final class LongDatePieces: Sendable {
    enum Piece: Sendable, Equatable {
        case text([UInt8])
        case day
        case year
    }

    /// Each month's pieces, January first.
    let months: [[Piece]]
    /// The UTF-8 of `0` to `9` in the language's digits.
    let digits: [[UInt8]]
    /// The fewest digits a day is written with (`d` 1, `dd` 2).
    let dayWidth: Int

    /// The years the pieces write: from the first whole Gregorian year to the last a front matter holds.
    static let years = 1583...9999

    /// The pieces of `style` (a long date at UTC in `calendar`, Gregorian) in the language of
    /// `locale`, or nil when they cannot be read or do not write as ICU writes.
    init?(style: Date.FormatStyle, calendar: Calendar, locale: Locale) {
        func icu(_ year: Int, _ month: Int, _ day: Int) -> [UInt8]? {
            calendar.date(from: DateComponents(year: year, month: month, day: day)).map { Array(style.format($0).utf8) }
        }
        // The language's digits, as its numbers are written: `1234567890`, ungrouped.
        let written = 1_234_567_890.formatted(IntegerFormatStyle<Int>(locale: locale).grouping(.never))
        guard written.count == 10 else { return nil }
        let characters = Array(written)
        let digits = (0...9).map { Array(String(characters[($0 + 9) % 10]).utf8) }
        guard Set(digits).count == 10 else { return nil }
        self.digits = digits
        func number(_ value: Int, width: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            Self.append(value, width: width, digits: digits, to: &bytes)
            return bytes
        }
        // Each month's date of the 15th of 2001: its year's and its day's numbers found once each.
        let (year, day) = (number(2001, width: 1), number(15, width: 1))
        var months: [[Piece]] = []
        for month in 1...12 {
            guard let text = icu(2001, month, 15) else { return nil }
            let years = Self.ranges(of: year, in: text)
            guard years.count == 1 else { return nil }
            let days = Self.ranges(of: day, in: text).filter { !$0.overlaps(years[0]) }
            guard days.count == 1 else { return nil }
            var pieces: [Piece] = []
            var position = 0
            for (range, piece) in [(years[0], Piece.year), (days[0], Piece.day)].sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
                if range.lowerBound > position { pieces.append(.text(Array(text[position..<range.lowerBound]))) }
                pieces.append(piece)
                position = range.upperBound
            }
            if position < text.count { pieces.append(.text(Array(text[position...]))) }
            months.append(pieces)
        }
        self.months = months
        // A day below ten, padded or not.
        guard let fifth = icu(2001, 1, 5), let width = [1, 2].first(where: { width in
            Self.write(pieces: months[0], year: 2001, day: 5, dayWidth: width, digits: digits) == fifth
        }) else { return nil }
        dayWidth = width
        for (year, month, day) in Self.checkDates {
            guard let expected = icu(year, month, day),
                  Self.write(pieces: months[month - 1], year: year, day: day, dayWidth: width, digits: digits) == expected else { return nil }
        }
    }

    /// The dates the pieces are checked with when read: in every month, the day after the probe
    /// (another weekday, another number) and a last day of 2024; the ends of the years written.
    static let checkDates: [(Int, Int, Int)] = (1...12).flatMap { month in [(2001, month, 16), (2024, month, month == 2 ? 29 : 30)] }
        + [(1583, 1, 1), (1600, 2, 29), (1999, 12, 31), (2000, 2, 28), (9999, 12, 31)]

    /// `date` as ICU writes it with the style the pieces were read from; nil for a year before
    /// 1583 (`years`), or a day the month does not have (which ICU would move to the next month).
    func format(_ date: RecipeDate) -> String? {
        let (year, month, day) = (date.year, date.month, date.day)
        guard Self.years.contains(year), (1...12).contains(month), day >= 1 else { return nil }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let length = month == 2 ? (isLeap ? 29 : 28) : month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31
        guard day <= length else { return nil }
        // Written straight into the string: at most two digits of the day and four of the year.
        let pieces = months[month - 1]
        let widest = digits.reduce(0) { max($0, $1.count) }
        let capacity = pieces.reduce(6 * widest) { total, piece in if case .text(let text) = piece { total + text.count } else { total } }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var count = 0
            func put(_ bytes: [UInt8]) {
                for byte in bytes {
                    buffer[count] = byte
                    count += 1
                }
            }
            func put(_ value: Int, width: Int) {
                var divisor = 1
                var places = 1
                while divisor <= value / 10 {
                    divisor *= 10
                    places += 1
                }
                for _ in places..<max(width, places) { put(digits[0]) }
                while divisor > 0 {
                    put(digits[value / divisor % 10])
                    divisor /= 10
                }
            }
            for piece in pieces {
                switch piece {
                case .text(let text): put(text)
                case .day: put(day, width: dayWidth)
                case .year: put(year, width: 1)
                }
            }
            return count
        }
    }

    private static func write(pieces: [Piece], year: Int, day: Int, dayWidth: Int, digits: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        for piece in pieces {
            switch piece {
            case .text(let text): bytes.append(contentsOf: text)
            case .day: append(day, width: dayWidth, digits: digits, to: &bytes)
            case .year: append(year, width: 1, digits: digits, to: &bytes)
            }
        }
        return bytes
    }

    /// `value` (not negative) in `digits`, zero-padded to `width`.
    private static func append(_ value: Int, width: Int, digits: [[UInt8]], to bytes: inout [UInt8]) {
        var divisor = 1
        var count = 1
        while divisor <= value / 10 {
            divisor *= 10
            count += 1
        }
        for _ in count..<max(width, count) { bytes.append(contentsOf: digits[0]) }
        while divisor > 0 {
            bytes.append(contentsOf: digits[value / divisor % 10])
            divisor /= 10
        }
    }

    /// Where `needle` occurs in `text`, overlapping occurrences included.
    private static func ranges(of needle: [UInt8], in text: [UInt8]) -> [Range<Int>] {
        guard !needle.isEmpty, needle.count <= text.count else { return [] }
        return (0...(text.count - needle.count)).filter { text[$0..<$0 + needle.count].elementsEqual(needle) }
            .map { $0..<$0 + needle.count }
    }
}
