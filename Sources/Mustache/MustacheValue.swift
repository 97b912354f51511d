/// The data a template renders: the JSON-shaped model that tags and sections look names up in.
///
/// Only the cases too large to hold in place are boxed (`indirect`): a string, a number or a list
/// is made without an allocation of its own, and a page makes thousands of them (issue 37).
package enum MustacheValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([MustacheValue])
    /// A list whose items are made as a section reaches them and let go once rendered, so that a
    /// page of thousands of cards never holds every card's values at once. It renders as `array`
    /// of the same items does.
    indirect case lazyArray(MustacheLazyArray)
    case dictionary([String: MustacheValue])
    /// A context that answers names one at a time as the template asks for them (`MustacheObject`):
    /// it renders as `dictionary` of the same keys and values does. Made by `object(_:)` from the
    /// object itself; held by reference (`MustacheObjectReference`), not boxed (`indirect`).
    case object(MustacheObjectReference)

    /// `object` of `object`: one allocation, as a boxed (`indirect`) case was. The object is
    /// moved in, not copied: taken as borrowed, it was copied into the reference and destroyed.
    @inlinable
    package static func object(_ object: consuming any MustacheObject) -> MustacheValue {
        .object(MustacheObjectReference(object))
    }
}

/// An object (`MustacheObject`) as a `MustacheValue` holds it: the one heap allocation an
/// `indirect` case made too, but one that a lookup reads in place. An object in an `indirect`
/// case's box was copied out (the compiler treats the box's contents as mutable) and destroyed
/// around each question asked of it: a name with dots (`{{t.tags}}`) and each list item pushed
/// cost about 130 instructions more (issue 37).
package final class MustacheObjectReference: Sendable {
    package let object: any MustacheObject

    @usableFromInline
    init(_ object: consuming any MustacheObject) {
        self.object = object
    }
}

/// A context that answers the names a template looks up one at a time, computing each value when
/// it is asked for, instead of a dictionary built whole before rendering: a page's template reads
/// a small part of what a page kind could tell it, and building (then freeing) a dictionary tree of
/// every key for every page cost more than rendering it (issue 37). A theme cannot tell the two
/// apart: a key it answers is found as a dictionary's key would be, and one it does not answer
/// (`nil`) is looked for further out, as a dictionary's missing key is.
package protocol MustacheObject: Sendable {
    /// Every key it may answer: what checks that read a whole context walk (`expanded`).
    var keys: [String] { get }
    /// The value of `key`, made now; nil when it has no such key (null when it has the key
    /// without a value, which stops the lookup there, as a dictionary's null does). A render asks
    /// once per key and section pass and keeps the answer, so the same key must give the same value.
    func value(forKey key: String) -> MustacheValue?
    /// The value of `key` whose number (`MustacheKeyTable`) is `number`: what a render asks. By
    /// default the same as `value(forKey:)`; an object with a key table switches on its own case.
    func value(forKey key: String, number: Int) -> MustacheValue?
    /// The object as a list item whose passes may be recorded and replayed
    /// (`MustacheReplayable`), nil when it is not one: what a section asks each item of a list
    /// that may replay. By default nil, and `self` for a `MustacheReplayable`: a runtime cast
    /// (`as? any MustacheReplayable`) looked the conformance up for each item, about 1,600
    /// instructions each (issue 37).
    var replayable: (any MustacheReplayable)? { get }
    /// The index of the hole the object stands for in a recorded pass (`MustacheHole`), nil when
    /// it is not one: what a recording asks of each object it writes, without a runtime cast.
    var holeIndex: Int? { get }
}

extension MustacheObject {
    package func value(forKey key: String, number: Int) -> MustacheValue? { value(forKey: key) }
    package var replayable: (any MustacheReplayable)? { nil }
    package var holeIndex: Int? { nil }
}

extension MustacheValue {
    /// The value of `key` in a dictionary or an object; nil in anything else or when absent.
    @inline(__always)
    func member(_ key: String) -> MustacheValue? {
        switch self {
        case .dictionary(let fields): fields[key]
        case .object(let reference): reference.object.value(forKey: key)
        default: nil
        }
    }

    /// `member(_:)` of a template's name part (`MustacheKey`), which an object finds by number.
    @inline(__always)
    func member(_ name: String, number: Int) -> MustacheValue? {
        switch self {
        case .dictionary(let fields): fields[name]
        case .object(let reference): reference.object.value(forKey: name, number: number)
        default: nil
        }
    }

    /// The same value with every object (at any depth) made into the dictionary of its keys and
    /// values, and every lazy list made: what a test or a check that walks a context reads.
    package var expanded: MustacheValue {
        switch self {
        case .object(let reference):
            let object = reference.object
            var fields: [String: MustacheValue] = [:]
            for key in object.keys {
                if let value = object.value(forKey: key) { fields[key] = value.expanded }
            }
            return .dictionary(fields)
        case .dictionary(let fields): return .dictionary(fields.mapValues(\.expanded))
        case .array(let items): return .array(items.map(\.expanded))
        case .lazyArray(let list): return .array(list.items.map(\.expanded))
        default: return self
        }
    }
}

extension MustacheValue: Equatable {
    /// Equal when they render alike: objects compare as the dictionaries they expand to, a lazy
    /// list as its items (made to compare: for tests, not for rendering).
    package static func == (a: MustacheValue, b: MustacheValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.lazyArray(let x), .lazyArray(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)): x == y
        case (.object, _), (_, .object): a.expanded == b.expanded
        default: false
        }
    }
}

/// `count` items, item `index` made by `item(index)` each time it is read.
package struct MustacheLazyArray: Sendable, Equatable {
    package let count: Int
    private let item: @Sendable (Int) -> MustacheValue
    /// Whether its items may be `MustacheReplayable` objects, whose passes a section records
    /// once and writes again (the renderer asks only the items of such a list).
    let mayReplay: Bool

    /// - Parameter mayReplay: its items may be `MustacheReplayable`.
    package init(count: Int, mayReplay: Bool = false, item: @escaping @Sendable (Int) -> MustacheValue) {
        self.count = count
        self.mayReplay = mayReplay
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
        case .null, .dictionary, .object: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.text(for: value)
        case .string(let value): value
        // Mirrors JavaScript's Array.join, which most Mustache data comes from.
        case .array(let items): items.map(\.interpolatedText).joined(separator: ",")
        case .lazyArray(let list): list.items.map(\.interpolatedText).joined(separator: ",")
        }
    }

    /// Appends the text an interpolation tag writes for this value to UTF-8 `output`, escaped for
    /// HTML when `escapingHTML`: straight into the bytes, without a String in between.
    func write(to output: inout RenderOutput, escapingHTML: Bool) {
        switch self {
        case .null, .dictionary, .object: return
        case .string(let text):
            if escapingHTML { output.appendEscapingHTML(text) } else { output.append(text) }
        case .int(let value): output.append(String(value))
        default:
            if escapingHTML { output.appendEscapingHTML(interpolatedText) } else { output.append(interpolatedText) }
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
