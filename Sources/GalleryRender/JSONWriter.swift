import Mustache

/// JSON written as it is made, into one buffer, byte for byte as `JSONValue.write(to:)` writes
/// the same document: for documents whose shape is known in code (a recipe page's JSON-LD), where
/// building the tree of values first, sorting each object's keys and freeing it all cost more than
/// writing it (issue 37). The caller gives each object's members in sorted key order (what
/// `JSONValue` sorts for itself), with keys that need no escaping; an absent value (nil, or
/// `JSONValue.null`) leaves its member out, as `JSONValue` leaves a null member out.
struct JSONWriter {
    /// The UTF-8 written so far.
    var bytes: [UInt8] = []
    /// One bit per open array or object: whether it has an item (the next one needs a comma).
    private var hasItems: UInt64 = 0
    private var depth = 0
    /// A key was just written: its value needs no comma.
    private var afterKey = false

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written, as a String.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// A member's key; its value is what is written next. A literal, copied as it is.
    mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        append(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// A member or an item whose JSON is known when the code is written (`"@type":"HowToStep"`),
    /// copied as it is: the members every step or picture repeats, not escaped again each time.
    mutating func fixed(_ json: StaticString) {
        separate()
        append(json)
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A string value (an array's item, or a member's value after `key`).
    mutating func string(_ text: String) {
        separate()
        JSONValue.writeString(text, to: &bytes)
    }

    /// Any value, written as `JSONValue` writes it.
    mutating func value(_ value: JSONValue) {
        separate()
        value.write(to: &bytes)
    }

    /// `"key":"text"`, or nothing when `text` is nil.
    mutating func member(_ key: StaticString, _ text: String?) {
        guard let text else { return }
        self.key(key)
        string(text)
    }

    /// `"key":"text…"`, what follows `text` inside the quotes written by `rest` as it is (bytes
    /// that need no escaping: a step's fragment after its page's address); nothing when `text` is nil.
    mutating func member(_ key: StaticString, _ text: String?, continuedBy rest: (inout [UInt8]) -> Void) {
        guard let text else { return }
        self.key(key)
        string(text)
        bytes.removeLast()
        rest(&bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"key":value`, or nothing when `value` is null.
    mutating func member(_ key: StaticString, _ value: JSONValue) {
        if case .null = value { return }
        self.key(key)
        self.value(value)
    }

    /// `"key":[…]`, the items written by `items`.
    mutating func array(_ key: StaticString, _ items: (inout JSONWriter) -> Void) {
        self.key(key)
        beginArray()
        items(&self)
        endArray()
    }

    /// `"key":{…}` (or, without a key, an array's item), the members written by `members`.
    mutating func object(_ key: StaticString? = nil, _ members: (inout JSONWriter) -> Void) {
        if let key { self.key(key) }
        beginObject()
        members(&self)
        endObject()
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        depth += 1
        hasItems &= ~(1 << UInt64(depth))
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        bytes.append(bracket)
    }

    /// A comma before any item of an array or member of an object but the first.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        let bit: UInt64 = 1 << UInt64(depth)
        if hasItems & bit != 0 { bytes.append(UInt8(ascii: ",")) }
        hasItems |= bit
    }
}
