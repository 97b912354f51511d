/// The data a template renders: the JSON-shaped model that tags and sections look names up in.
package indirect enum MustacheValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([MustacheValue])
    /// A list whose items are made as a section reaches them and let go once rendered, so that a
    /// page of thousands of cards never holds every card's values at once. It renders as `array`
    /// of the same items does.
    case lazyArray(MustacheLazyArray)
    case dictionary([String: MustacheValue])
}

/// `count` items, item `index` made by `item(index)` each time it is read.
package struct MustacheLazyArray: Sendable, Equatable {
    package let count: Int
    private let item: @Sendable (Int) -> MustacheValue

    package init(count: Int, item: @escaping @Sendable (Int) -> MustacheValue) {
        self.count = count
        self.item = item
    }

    package subscript(index: Int) -> MustacheValue { item(index) }

    /// Every item, made now.
    package var items: [MustacheValue] { (0..<count).map(item) }

    /// Equal when their items are (made to compare: for tests, not for rendering).
    package static func == (a: MustacheLazyArray, b: MustacheLazyArray) -> Bool {
        a.count == b.count && a.items == b.items
    }
}

extension MustacheValue {
    /// Whether a section skips this value and an inverted section shows its content.
    ///
    /// The spec (and the mustache(5) manual) name only null, false and the empty list;
    /// empty strings and zero are truthy.
    var isFalsy: Bool {
        switch self {
        case .null, .bool(false): true
        case .array(let items): items.isEmpty
        case .lazyArray(let list): list.count == 0
        default: false
        }
    }

    /// The text an interpolation tag writes for this value, before escaping.
    var interpolatedText: String {
        switch self {
        case .null, .dictionary: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.text(for: value)
        case .string(let value): value
        // Mirrors JavaScript's Array.join, which most Mustache data comes from.
        case .array(let items): items.map(\.interpolatedText).joined(separator: ",")
        case .lazyArray(let list): list.items.map(\.interpolatedText).joined(separator: ",")
        }
    }

    /// Whole doubles print without a fraction (`1.0` → "1") so JSON numbers that happen to be
    /// decoded as doubles render the way they were written; others use the shortest exact form.
    private static func text(for value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }
}

extension MustacheValue: ExpressibleByNilLiteral {
    package init(nilLiteral: ()) { self = .null }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int) { self = .int(value) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    package init(floatLiteral value: Double) { self = .double(value) }
}

extension MustacheValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// Later duplicates win, as they would in a JSON object.
    package init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
