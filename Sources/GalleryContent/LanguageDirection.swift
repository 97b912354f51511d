import GalleryLayout

extension SiteConfig {
    /// Right to left when `language:` is written in a right-to-left script: Arabic, Hebrew,
    /// Persian, Urdu (and Pashto, Sindhi, Uyghur, Yiddish, Dhivehi, Sorani Kurdish), with any
    /// region (`ar-EG`, `fa_IR`); a script subtag decides when there is one (`ur-Latn` is left to
    /// right, `az-Arab` right to left). `site.direction` in templates, `dir` on every page.
    package var layoutDirection: LayoutDirection { Self.layoutDirection(ofLanguage: language) }

    /// The direction a BCP 47 language tag is written in.
    package static func layoutDirection(ofLanguage tag: String) -> LayoutDirection {
        let subtags = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = subtags.first else { return .leftToRight }
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rightToLeftScripts.contains(script) ? .rightToLeft : .leftToRight
        }
        return rightToLeftLanguages.contains(primary) ? .rightToLeft : .leftToRight
    }

    private static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"]
    private static let rightToLeftScripts: Set<String> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"]
}
