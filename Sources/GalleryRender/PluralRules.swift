import CPluralRules
import GalleryContent

/// A language's plural rules, CLDR's as ICU provides them (`uplrules_select`, the counterpart of
/// Foundation's `.stringsdict` plural rules): which of zero, one, two, few, many and other a count
/// takes. "1 recipe" and "3 recipes" in English; 0 and 1 singular in French; Arabic's six forms.
package final class PluralRules: @unchecked Sendable {
    // @unchecked: the rules are read-only once opened, and ICU's PluralRules::select is const and
    // safe to call from several threads at once.
    private let rules: UnsafeMutableRawPointer?

    /// The rules of `locale` (an ICU locale such as `fr`, `pt_BR`); English's when ICU has none.
    package init(locale: String) {
        rules = gallery_plural_rules_open(locale)
    }

    deinit {
        gallery_plural_rules_close(rules)
    }

    /// The category of `count`.
    package func category(_ count: Int) -> PluralCategory {
        guard let rules else { return count == 1 ? .one : .other }
        var keyword = [CChar](repeating: 0, count: 16)
        let length = gallery_plural_rules_select(rules, Double(count), &keyword, Int32(keyword.count))
        guard length > 0 else { return .other }
        return PluralCategory(rawValue: String(decoding: keyword.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)) ?? .other
    }
}
