import Foundation

/// How names become slugs: site.yml's `slug_style`.
package enum SlugStyle: String, Sendable, Hashable, CaseIterable {
    /// Unicode letters and digits kept as they are (lower-cased, NFC): "日本のカレー" → `日本のカレー`.
    case unicode
    /// Transliterated to ASCII through ICU (Foundation's `applyingTransform`): "Crème Brûlée" → `creme-brulee`.
    case ascii

    /// What a slug of the style may hold, for error messages.
    package var allowed: String {
        switch self {
        case .unicode: "lower-case letters and digits of any script, and hyphens"
        case .ascii: "lowercase letters a-z, digits and hyphens (slug_style: ascii)"
        }
    }

    /// A slug to suggest in place of `name`; `recipe` when the name has nothing to make one from.
    package func example(for name: String) -> String {
        let slug = Slug.make(from: name, style: self)
        return slug.isEmpty ? "recipe" : slug
    }
}

/// The URL-safe names of recipe and tag pages. A slug is written to disk as UTF-8 and
/// percent-encoded (`URLPath.encode`) in every URL that points at it.
package enum Slug {
    /// The slug of a name: letters and digits lower-cased and composed (NFC), every run of spaces
    /// and punctuation one hyphen, apostrophes dropped ("Dark 'n' Stormy" → `dark-n-stormy`).
    package static func make(from name: String, style: SlugStyle) -> String {
        if isPlainASCII(name) { return name }
        var text = name
        if style == .ascii, !name.utf8.allSatisfy({ $0 < 0x80 }) {
            text = (text.applyingTransform(.toLatin, reverse: false) ?? text)
            text = text.applyingTransform(.stripDiacritics, reverse: false) ?? text
        }
        text = composed(text).lowercased()
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        var pendingHyphen = false
        for scalar in text.unicodeScalars {
            if scalar == "'" || scalar == "’" { continue }
            let keep = scalar.isASCII || style == .ascii ? isASCIILetterOrDigit(scalar)
                : isLetterOrDigit(scalar) || (isMark(scalar) && !slug.isEmpty && !pendingHyphen)
            if keep {
                if pendingHyphen, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                pendingHyphen = false
                slug.append(contentsOf: UTF8.encode(scalar)!)
            } else {
                pendingHyphen = true
            }
        }
        // Lower-casing can decompose (İ → i̇); compose once more so the slug is NFC.
        return composed(String(decoding: slug, as: UTF8.self))
    }

    /// `text` composed (NFC). Text whose scalars are all below U+0300 (Latin, Latin-1, the Latin
    /// extensions) is NFC already: the first scalar that can combine or decompose is U+0300, so
    /// it comes back as it is without Foundation's normalization, most of a slug's cost on such
    /// names (issue 37); any other text goes through Foundation.
    private static func composed(_ text: String) -> String {
        text.unicodeScalars.allSatisfy { $0.value < 0x300 } ? text : text.precomposedStringWithCanonicalMapping
    }

    /// The most UTF-8 bytes a slug made for a new file may take: file systems allow 255 bytes a
    /// name (`<slug>.md`, `<slug>-2.md`), and an address stays readable.
    package static let maximumBytes = 100

    /// `slug` cut to at most `maximumBytes` UTF-8 bytes: whole words (the parts between hyphens)
    /// while they fit, or, when even the first word does not, as many whole characters of it as
    /// fit. A slug that fits comes back unchanged.
    package static func shortened(_ slug: String, maximumBytes: Int = maximumBytes) -> String {
        guard slug.utf8.count > maximumBytes else { return slug }
        var kept = ""
        for word in slug.split(separator: "-") {
            let candidate = kept.isEmpty ? String(word) : kept + "-" + word
            guard candidate.utf8.count <= maximumBytes else { break }
            kept = candidate
        }
        guard kept.isEmpty else { return kept }
        for character in slug {
            guard kept.utf8.count + String(character).utf8.count <= maximumBytes else { break }
            kept.append(character)
        }
        return kept
    }

    /// True when `slug` is already a slug of the style: non-empty, and what `make` gives for it.
    /// Canonically equivalent spellings (a file name in NFD, as macOS writes them) count as valid;
    /// `make` gives the NFC form to use.
    package static func isValid(_ slug: String, style: SlugStyle) -> Bool {
        !slug.isEmpty && slug == make(from: slug, style: style)
    }

    /// Whether `name` is already a slug of lower-case ASCII letters and digits joined by single
    /// hyphens, as most file names and `slug:` values are: `make` would give it back unchanged
    /// (ASCII is its own composed form), after lower-casing and walking it scalar by scalar.
    private static func isPlainASCII(_ name: String) -> Bool {
        var previous = UInt8(ascii: "-")
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
            case UInt8(ascii: "-") where previous != byte: break
            default: return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: "-")
    }

    /// For an ASCII scalar after lower-casing, the same answer as `isLetterOrDigit` (the
    /// letters are a-z, the digits 0-9, the rest punctuation, symbols and controls).
    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber: true
        default: false
        }
    }

    /// Combining marks belong to the letter before them (Devanagari vowel signs, Arabic harakat).
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
