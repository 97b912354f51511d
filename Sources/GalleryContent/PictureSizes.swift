import Foundation
import GallerySupport

/// A `sizes` attribute as a theme writes it in `theme.yml` (`sizes: hero:`): the width its CSS
/// shows a picture at, for each media condition, in `px` or `vw`. gallerygen writes it on the
/// page widened by how far a picture must overflow its box to cover it (a panorama in a 16:9
/// hero), which only it knows; the breakpoints and widths are the theme's, beside its stylesheet.
package struct PictureSizes: Sendable, Equatable {
    /// One candidate: `(min-width: 760px) 41vw` is the media condition `(min-width: 760px)`, the
    /// length 41 and the unit `vw`.
    package struct Entry: Sendable, Equatable {
        package var media: String?
        package var length: Double
        package var unit: Unit
    }

    package enum Unit: String, Sendable, Equatable {
        case px, vw
    }

    package var entries: [Entry]

    /// Reads `text`; the reason it cannot be used otherwise. Every candidate but the last has a
    /// media condition and the last has none (the width when no condition holds), each length is
    /// a positive number of `px` or `vw` (what gallerygen can widen).
    package static func parse(_ text: String) -> Result<PictureSizes, Problem> {
        var candidates: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                candidates.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        candidates.append(text[start...])
        var entries: [Entry] = []
        for (position, candidate) in candidates.enumerated() {
            let trimmed = candidate.trimmingSpaces()
            guard !trimmed.isEmpty else { return .failure(Problem("candidate \(position + 1) is empty")) }
            let words = trimmed.split(separator: " ", omittingEmptySubsequences: true)
            let lengthText = words.last!
            let media = words.count > 1 ? String(trimmed.dropLast(lengthText.count)).trimmingSpaces() : nil
            guard let unit = [Unit.px, .vw].first(where: { lengthText.hasSuffix($0.rawValue) }),
                  let length = Double(lengthText.dropLast(2)), length > 0, length <= 10_000 else {
                return .failure(Problem("'\(lengthText)' in candidate \(position + 1) must be a width in px or vw (such as 450px or 41vw)"))
            }
            let isLast = position == candidates.count - 1
            if let media, !(media.hasPrefix("(") && media.hasSuffix(")")) {
                return .failure(Problem("candidate \(position + 1) must be a media condition in parentheses and a width, found '\(trimmed)'"))
            }
            if !isLast, media == nil {
                return .failure(Problem("only the last candidate may have no media condition ('\(trimmed)' is candidate \(position + 1))"))
            }
            if isLast, media != nil {
                return .failure(Problem("the last candidate must be a width alone, the one used when no condition holds (found '\(trimmed)')"))
            }
            entries.append(Entry(media: media, length: length, unit: unit))
        }
        return .success(PictureSizes(entries: entries))
    }

    /// Why a `sizes` text cannot be used.
    package struct Problem: Error, Sendable, Equatable {
        package var message: String
        init(_ message: String) { self.message = message }
    }

    /// The attribute with every width multiplied by `factor` (at least 1), rounded up: a pixel
    /// width to whole pixels, a viewport share to a hundredth of a `vw`, so it errs large.
    package func attribute(widenedBy factor: Double) -> String {
        entries.map { entry in
            let value: String
            switch entry.unit {
            case .px: value = "\(Int((entry.length * factor).rounded(.up)))px"
            case .vw: value = PictureSizes.viewportWidth(share: entry.length / 100 * factor)
            }
            return entry.media.map { "\($0) \(value)" } ?? value
        }.joined(separator: ", ")
    }

    /// `share` of the viewport's width (0.41 → `41vw`), rounded up to a hundredth of a `vw`.
    package static func viewportWidth(share: Double) -> String {
        "\(CSSNumber.format((share * 10_000).rounded(.up) / 100))vw"
    }
}
