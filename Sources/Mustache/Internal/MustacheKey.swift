import Synchronization

/// One part of a tag's dotted name (`recipe` and `title` of `{{recipe.title}}`) with a number
/// that stands for its text: every part spelled alike has the same number in every template of
/// the process. The renderer remembers an object's answers by that number (`Renderer.lookUp`), so
/// a name read again in the same context costs a comparison of integers, not of strings, and
/// the object is not asked twice.
struct MustacheKey: Sendable {
    let name: String
    let number: Int

    /// Numbered when a template is parsed, never while one renders.
    init(_ name: String) {
        self.name = name
        number = Self.number(of: name)
    }

    /// The number of `name`, given now if no template or key table has used it yet.
    static func number(of name: String) -> Int {
        numbers.withLock { numbers in
            if let known = numbers[name] { return known }
            let next = numbers.count
            numbers[name] = next
            return next
        }
    }

    /// Every name part seen so far and its number; bounded by the text of the templates parsed.
    private static let numbers = Mutex<[String: Int]>([:])
}

/// The names an object answers (`MustacheObject`), each with the object's own case for it, found
/// by the number a template gave the name (`MustacheKey`): the object switches over its cases
/// instead of comparing the name with each of its keys' text in turn, which a page's lookups
/// that walk out through several objects did dozens of times per tag (issue 37). The cases are
/// kept as raw values so that a lookup is an array read, not a generic call.
package struct MustacheKeyTable: Sendable {
    /// Every name, in the order given.
    package let names: [String]
    /// The raw value of each number's case, -1 for a name the object does not have.
    private let byNumber: [Int]
    private let byName: [String: Int]

    /// The table of `keys`, each name with its case; a name given twice keeps its first case.
    package init<Key: RawRepresentable>(_ keys: KeyValuePairs<String, Key>) where Key.RawValue == Int {
        self.init(pairs: keys.map { ($0.key, $0.value.rawValue) })
    }

    /// The table of an enum's cases, each named as the case is written (`case title` answers
    /// `title`): what a `MustacheKeyedObject` keeps. The name is the `stringValue` the compiler
    /// writes for a `CodingKey` enum: `String(describing:)` found it by reflection, about a
    /// million instructions a table on the first use of each (18 M of a 1,000-recipe build).
    package init<Key: RawRepresentable<Int> & CaseIterable & CodingKey>(_ keys: Key.Type) {
        self.init(pairs: Key.allCases.map { ($0.stringValue, $0.rawValue) })
    }

    /// A table that only tells whether a name is one of `names` (its position there).
    package init(names: [String]) {
        self.init(pairs: Array(zip(names, names.indices)))
    }

    private init(pairs keys: [(String, Int)]) {
        names = keys.map(\.0)
        var byName: [String: Int] = [:]
        var numbered: [(Int, Int)] = []
        for (name, raw) in keys where byName[name] == nil {
            byName[name] = raw
            numbered.append((MustacheKey.number(of: name), raw))
        }
        var byNumber = [Int](repeating: -1, count: (numbered.map(\.0).max() ?? -1) + 1)
        for (number, raw) in numbered { byNumber[number] = raw }
        self.byNumber = byNumber
        self.byName = byName
    }

    /// The raw value of the case of the name numbered `number`; nil when the object has no such key.
    package subscript(number number: Int) -> Int? {
        guard number < byNumber.count else { return nil }
        let raw = byNumber[number]
        return raw < 0 ? nil : raw
    }

    /// The raw value of the case of `name`; nil when the object has no such key.
    package subscript(name: String) -> Int? { byName[name] }
}
