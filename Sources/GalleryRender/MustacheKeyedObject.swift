import Mustache

/// A lazy context (`MustacheObject`) whose keys are the cases of its own enum, each named as its
/// case is: it says how to answer each case (`value(_:)`), and this finds the case of a name, by
/// the number a template gave it (`MustacheKeyTable`) or by its text, for every such object
/// alike. Each of the printable cookbook's objects once wrote the same three lookups around its
/// own table (issue 37); a case's name is the one key it answers, so no list of names can drift
/// from the enum. It lives beside the page kinds' contexts, not in the Mustache module, so that
/// the compiler makes each type's lookups its own (specialized): generic, across the module
/// boundary, they cost the printable books 90 million instructions more at 1,000 recipes.
protocol MustacheKeyedObject: MustacheObject {
    /// The keys, one case each, named as the case (the `stringValue` of a `CodingKey` enum); its
    /// raw values number the cases from 0.
    associatedtype Key: RawRepresentable<Int>, CaseIterable, CodingKey
    /// The table of `Key`'s names: `static let keyTable = MustacheKeyTable(Key.self)`, made
    /// once per type.
    static var keyTable: MustacheKeyTable { get }
    /// The value of `key`, made now; nil when the object has no value for it, so the lookup goes
    /// on further out (null stops it, as a dictionary's null does).
    func value(_ key: Key) -> MustacheValue?
    /// The value of a name that is none of `Key`'s: by default nil, looked for further out; an
    /// object that also answers names shared with other pages (the page header's) answers here.
    func value(otherKey key: String) -> MustacheValue?
}

extension MustacheKeyedObject {
    var keys: [String] { Self.keyTable.names }

    func value(otherKey key: String) -> MustacheValue? { nil }

    func value(forKey key: String) -> MustacheValue? {
        guard let raw = Self.keyTable[key], let known = Key(rawValue: raw) else { return value(otherKey: key) }
        return value(known)
    }

    func value(forKey key: String, number: Int) -> MustacheValue? {
        guard let raw = Self.keyTable[number: number], let known = Key(rawValue: raw) else { return value(otherKey: key) }
        return value(known)
    }
}
