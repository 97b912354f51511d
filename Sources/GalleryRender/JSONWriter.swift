import GalleryContent

/// JSON written as it is made, into memory of its own, byte for byte as `JSONValue.write(to:)`
/// writes the same document: for documents whose shape is known in code (a recipe page's JSON-LD),
/// where building the tree of values first, sorting each object's keys and freeing it all cost more
/// than writing it (issue 37). The caller gives each object's members in sorted key order (what
/// `JSONValue` sorts for itself), with keys that need no escaping; an absent value (nil, or
/// `JSONValue.null`) leaves its member out, as `JSONValue` leaves a null member out. One document
/// (one value at the top). Not copyable, like the renderer's output: one owner frees the memory.
/// A member's key is written with its comma, quotes and colon in one copy: through an array's
/// `append`, each of those bytes was a call, about 210 instructions a key (issue 37).
struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0
    /// Nothing is written yet in the open array or object, or a key was just written: the next
    /// item or member takes no comma before it.
    private var atStart = true

    init(capacity: Int = 0) {
        self.capacity = max(capacity, 256)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The text written, as a String.
    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

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
        let length = key.utf8CodeUnitCount
        var end = room(for: length + 4)
        if !atStart {
            end.pointee = UInt8(ascii: ",")
            end += 1
        }
        end.pointee = UInt8(ascii: "\"")
        (end + 1).update(from: key.utf8Start, count: length)
        end += length + 1
        end[0] = UInt8(ascii: "\"")
        end[1] = UInt8(ascii: ":")
        count = end + 2 - base
        atStart = true
    }

    /// A member or an item whose JSON is known when the code is written (`"@type":"HowToStep"`),
    /// copied as it is: the members every step or picture repeats, not escaped again each time.
    mutating func fixed(_ json: StaticString) {
        separate()
        unescaped(json)
    }

    /// Bytes that need no escaping (a step's fragment inside its address's quotes), as they are.
    mutating func unescaped(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// What `other` wrote, as it is (a text escaped once and written many times).
    mutating func unescaped(_ other: borrowing JSONWriter) {
        append(UnsafeBufferPointer(start: other.base, count: other.count))
    }

    /// A string value (an array's item, or a member's value after `key`).
    mutating func string(_ text: String) {
        separate()
        quote()
        escaped(text)
        quote()
    }

    /// A string value written in pieces by `pieces` (`escaped`, `unescaped`) between its quotes.
    mutating func string(_ pieces: (inout JSONWriter) -> Void) {
        separate()
        quote()
        pieces(&self)
        quote()
    }

    /// `text` escaped as a JSON string's contents (`JSONValue.escapingJSON`), without its quotes.
    mutating func escaped(_ text: String) {
        JSONValue.withUTF8(text) { bytes in
            JSONValue.escapingJSON(bytes) { piece in append(piece) }
        }
    }

    /// An integer value, in decimal as `JSONValue.int` is written.
    mutating func int(_ value: Int) {
        separate()
        decimal(value)
    }

    /// A duration as ISO 8601 (`PT1H30M`), the same text as `RecipeDuration.iso8601`, written in
    /// place: a recipe page writes three, and each was a String built piece by piece (issue 37).
    mutating func duration(_ duration: RecipeDuration) {
        separate()
        let seconds = duration.seconds
        let (hours, minutes, rest) = (seconds / 3600, seconds % 3600 / 60, seconds % 60)
        unescaped("\"PT")
        if hours > 0 {
            decimal(hours)
            put(UInt8(ascii: "H"))
        }
        if minutes > 0 {
            decimal(minutes)
            put(UInt8(ascii: "M"))
        }
        if rest > 0 || (hours <= 0 && minutes <= 0) {
            decimal(rest)
            put(UInt8(ascii: "S"))
        }
        quote()
    }

    /// `value` in decimal, `-` before it when it is negative, as `String(value)` writes it.
    mutating func decimal(_ value: Int) {
        // The digits from the last, into the end of 20 bytes of room (Int.min has 19 and its sign).
        let end = room(for: 20) + 20
        var start = end
        var rest = value.magnitude
        repeat {
            start -= 1
            start.pointee = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        if value < 0 {
            start -= 1
            start.pointee = UInt8(ascii: "-")
        }
        append(UnsafeBufferPointer(start: start, count: end - start))
    }

    /// Any value, written as `JSONValue` writes it.
    mutating func value(_ value: JSONValue) {
        separate()
        var bytes: [UInt8] = []
        value.write(to: &bytes)
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// `"key":"text"`, or nothing when `text` is nil.
    mutating func member(_ key: StaticString, _ text: String?) {
        guard let text else { return }
        self.key(key)
        string(text)
    }

    /// `"key":"PT…"`, or nothing when there is no duration.
    mutating func member(_ key: StaticString, _ duration: RecipeDuration?) {
        guard let duration else { return }
        self.key(key)
        self.duration(duration)
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
        put(bracket)
        atStart = true
    }

    private mutating func close(_ bracket: UInt8) {
        put(bracket)
        atStart = false
    }

    /// A comma before any item of an array or member of an object but the first.
    @inline(__always)
    private mutating func separate() {
        if !atStart { put(UInt8(ascii: ",")) }
        atStart = false
    }

    @inline(__always)
    private mutating func quote() {
        put(UInt8(ascii: "\""))
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        room(for: 1).pointee = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        room(for: bytes.count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    /// Where the next byte goes, with room for `needed` bytes from there.
    @inline(__always)
    private mutating func room(for needed: Int) -> UnsafeMutablePointer<UInt8> {
        if count + needed > capacity { grow(toHold: count + needed) }
        return base + count
    }

    private mutating func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
