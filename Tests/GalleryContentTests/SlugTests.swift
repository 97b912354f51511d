import Foundation
import GalleryTestSupport
import Testing
@testable import GalleryContent

@Suite struct SlugTests {
    @Test func aLongSlugIsCutAtAWord() {
        let slug = Slug.make(from: String(repeating: "Velvet Harbour Sour ", count: 15), style: .unicode)
        #expect(slug.utf8.count > 255)
        let short = Slug.shortened(slug)
        #expect(short.utf8.count <= Slug.maximumBytes)
        #expect(slug.hasPrefix(short + "-"), "whole words only: \(short)")
        #expect(!short.hasSuffix("-"))
        #expect(Slug.isValid(short, style: .unicode))
        #expect(Slug.shortened("gimlet") == "gimlet")
        #expect(Slug.shortened("alpha-beta-gamma", maximumBytes: 11) == "alpha-beta")
    }

    @Test func aWordTooLongIsCutAtACharacterCountingUTF8Bytes() {
        // One word of 3-byte characters: cut between characters, within the byte limit.
        let japanese = String(repeating: "日本のカレー", count: 20)
        let short = Slug.shortened(japanese)
        #expect(short.utf8.count <= Slug.maximumBytes && short.utf8.count > Slug.maximumBytes - 3)
        #expect(japanese.hasPrefix(short))
        // A letter with its combining mark stays whole.
        let marked = String(repeating: "e\u{301}", count: 60)
        #expect(Slug.shortened(marked, maximumBytes: 10).unicodeScalars.last == "\u{301}")
    }

    /// Names in every script the fixtures and the sample site use, each of their lines (titles,
    /// tags, file names), and inputs at the edges of the fast path (below U+0300 is NFC already).
    static let names: [String] = {
        var names = ["", " ", "'", "’", "--", "Dark 'n' Stormy", "Crème Brûlée", "CRÈME BRÛLÉE", "Cre\u{300}me", "e\u{301}",
                     "İstanbul", "\u{130}", "Æble Ø Å", "ǅemal ǈ", "ŉ Straße ẞ", "Ⅻ Cocktails", "½ cup ¼", "x\u{2FF}y\u{300}z",
                     "日本のカレー", "Борщ  по-киевски!", "ÉCLAIR", "A\u{30A}ngström", "\u{1E9E}", "ﬁsh ﬂan", "Ａｂｃ１２３", "١٢٣ شاي",
                     "क़ीमा", "한국어 김치", "Ελληνικά Σ", "tab\tnew\nline", "émoji 🍋 drink", "\u{0}nul", "a\u{200D}b", "ı I i"]
        let folders = [Repository.fixtures, Repository.root.appendingPathComponent("Site")]
        for folder in folders {
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where ["md", "yml", "cook", "txt"].contains(file.pathExtension) {
                names.append(file.deletingPathExtension().lastPathComponent)
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                names += text.split(separator: "\n").prefix(200).map(String.init)
            }
        }
        return names
    }()

    /// What `make` gave before its fast path: Foundation's normalization on every name.
    static func foundationSlug(_ name: String, style: SlugStyle) -> String {
        var text = name
        if style == .ascii, !name.utf8.allSatisfy({ $0 < 0x80 }) {
            text = (text.applyingTransform(.toLatin, reverse: false) ?? text)
            text = text.applyingTransform(.stripDiacritics, reverse: false) ?? text
        }
        text = text.precomposedStringWithCanonicalMapping.lowercased()
        var slug = ""
        var pendingHyphen = false
        for scalar in text.unicodeScalars {
            if scalar == "'" || scalar == "’" { continue }
            let category = scalar.properties.generalCategory
            let letterOrDigit = [Unicode.GeneralCategory.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber]
                .contains(category)
            let mark = [Unicode.GeneralCategory.nonspacingMark, .spacingMark, .enclosingMark].contains(category)
            let keep = style == .ascii ? ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
                : letterOrDigit || (mark && !slug.isEmpty && !pendingHyphen)
            if keep {
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return slug.precomposedStringWithCanonicalMapping
    }

    @Test(arguments: SlugStyle.allCases)
    func givesTheSlugsFoundationsNormalizationGave(_ style: SlugStyle) {
        #expect(Self.names.count > 500)
        for name in Self.names {
            let slug = Slug.make(from: name, style: style)
            let expected = Self.foundationSlug(name, style: style)
            // Byte for byte: String's == would take canonically equivalent spellings as equal.
            #expect(Array(slug.utf8) == Array(expected.utf8), "\(name.debugDescription): \(slug) against \(expected)")
        }
    }
}

@Suite struct PlainSlugTests {
    /// ASCII names that are slugs already, and near misses that `make` must still change.
    @Test func aPlainASCIISlugComesBackAsItIsAndNearMissesAreStillMade() {
        for name in ["mojito", "gin-fizz", "no-684", "a1-b2-c3", "x"] {
            #expect(Slug.make(from: name, style: .unicode) == name)
            #expect(Slug.make(from: name, style: .ascii) == name)
            #expect(Slug.isValid(name, style: .unicode))
        }
        let expected = ["Mojito": "mojito", "-gin": "gin", "gin-": "gin", "gin--fizz": "gin-fizz", "gin fizz": "gin-fizz",
                        "gin_fizz": "gin-fizz", "": "", "-": "", "it's": "its"]
        for (name, slug) in expected {
            #expect(Slug.make(from: name, style: .unicode) == slug, "\(name)")
            #expect(!Slug.isValid(name, style: .unicode) || name == slug)
        }
    }
}
