import Foundation
import GalleryContent

/// Times as other formats write them: ISO 8601 durations (`PT1H15M`, `P0DT0H20M`, `PT0.5H`),
/// bare minutes (`20`), and free text (`1 hr 15 mins`, `about 1 hour and 5 minutes`, `1:30`).
package enum ImportedDuration {
    /// Seconds, or nil when `text` names no duration (or one of zero, which no recipe means).
    package static func seconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let value = Double(trimmed), value > 0, value < 100_000 { return Int((value * 60).rounded()) }
        if trimmed.uppercased().hasPrefix("P"), let seconds = iso8601(trimmed.uppercased()) {
            return seconds > 0 ? seconds : nil
        }
        let parts = trimmed.split(separator: ":")
        if parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), hours >= 0, (0..<60).contains(minutes) {
            let seconds = hours * 3600 + minutes * 60
            return seconds > 0 ? seconds : nil
        }
        let filler: Set<String> = ["about", "approx", "approx.", "approximately", "around", "and", "~", "+", "or", "so"]
        let words = trimmed.lowercased().replacingOccurrences(of: ",", with: " ").split(separator: " ")
            .filter { !filler.contains(String($0)) }
        guard let duration = RecipeDuration(parsing: words.joined(separator: " ")), duration.seconds > 0 else { return nil }
        return duration.seconds
    }

    /// `P[nY][nM][nW][nD][T[nH][nM][nS]]` with decimal amounts; years and months are refused
    /// (no recipe takes them, and they have no fixed length).
    static func iso8601(_ text: String) -> Int? {
        var total = 0.0
        var number = ""
        var inTime = false
        var sawUnit = false
        for character in text.dropFirst() {
            if character == "T" {
                guard number.isEmpty, !inTime else { return nil }
                inTime = true
            } else if character.isNumber || character == "." || character == "," {
                number.append(character == "," ? "." : character)
            } else {
                guard let amount = Double(number), amount >= 0, amount < 1_000_000 else { return nil }
                switch (character, inTime) {
                case ("W", false): total += amount * 604_800
                case ("D", false): total += amount * 86_400
                case ("H", true): total += amount * 3600
                case ("M", true): total += amount * 60
                case ("S", true): total += amount
                default: return nil
                }
                number = ""
                sawUnit = true
            }
        }
        guard number.isEmpty, sawUnit, total < 100_000_000 else { return nil }
        return Int(total.rounded())
    }

    /// The front matter form, which `RecipeDuration(parsing:)` reads back: "1 h 15 min".
    package static func text(_ seconds: Int) -> String {
        RecipeDuration(seconds: seconds).description
    }
}
