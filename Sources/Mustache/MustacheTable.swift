/// A fixed dictionary whose values a template finds by its names' numbers (`MustacheKey`): the
/// tables every page reads dozens of times (`site`, `t`, `site.paths`) hashed each name's text on
/// every `{{t.KEY}}`, where a number is an array read (issue 37). It renders as
/// `MustacheValue.dictionary` of the same fields does; a theme cannot tell them apart.
package struct MustacheTable: MustacheObject {
    /// One reference, so that a table on the context stack or in an answer is copied as a retain.
    private final class Storage: Sendable {
        let fields: [String: MustacheValue]
        let table: MustacheKeyTable
        let values: [MustacheValue]

        init(_ fields: [String: MustacheValue]) {
            let names = fields.keys.sorted()
            self.fields = fields
            table = MustacheKeyTable(names: names)
            values = names.map { fields[$0] ?? .null }
        }
    }

    private let storage: Storage

    /// The table of `fields`.
    package init(_ fields: [String: MustacheValue]) {
        storage = Storage(fields)
    }

    /// The fields as given.
    package var fields: [String: MustacheValue] { storage.fields }

    package var keys: [String] { storage.table.names }

    package func value(forKey key: String) -> MustacheValue? { storage.fields[key] }

    package func value(forKey key: String, number: Int) -> MustacheValue? {
        storage.table[number: number].map { storage.values[$0] }
    }
}

extension MustacheValue {
    /// `fields` as a table found by number (`MustacheTable`).
    package static func table(_ fields: [String: MustacheValue]) -> MustacheValue {
        .object(MustacheTable(fields))
    }
}
