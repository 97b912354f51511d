/// What each context on a render's stack answered so far, by key number (a nil answer: it has no
/// such key), so that a name read twice, or looked for further out from inner sections, asks the
/// context once (`Renderer.lookUp`). Objects are immutable values and dictionaries are values:
/// the same key gives the same answer.
///
/// In memory of its own, `slots` places per stack level (level `n`'s from `n * slots`), of which
/// the first `counts[n]` hold answers: a context pushed starts its level by letting go of the
/// answers and context of the one it replaces (the previous item of a list) and setting a count
/// (`enter`). Emptying a list of its own per level (`removeAll(keepingCapacity:)`), or filling
/// fresh places for each level of each page, cost several hundred instructions per section pass
/// (issue 37). Letting go at `pop` instead counted 5 M more instructions at 1,000 recipes for
/// the same peak memory.
///
/// Each level also keeps its context, the only copy the render holds (`context(at:)`), taken out
/// of its `MustacheValue` when it is pushed: an object (`MustacheObject`) or a dictionary, and a
/// byte saying which, so that a question goes straight to it; any other value as it is. A
/// dictionary's answers are kept as an object's are: a name read again in it (`{{site.title}}`
/// from each card) is found by number, without hashing its text.
/// Not copyable: one owner lets the answers go, once.
struct ObjectAnswers: ~Copyable {
    /// The answers kept per level; a context asked more names than this at one level is asked
    /// the others each time (as it may be: it gives the same answer).
    static var slots: Int { 48 }

    private var numbers: UnsafeMutablePointer<Int>
    private var values: UnsafeMutablePointer<MustacheValue?>
    private var counts: UnsafeMutablePointer<Int>
    /// Per level, bit `number % 64` of each key number kept there: a name whose bit is clear was
    /// not asked at that level yet, and is not looked for among its answers. Most questions
    /// are of names a level has not answered (a lookup walking out through inner contexts), and
    /// looking for each among all the answers kept was a quarter of the lookups' instructions
    /// (issue 37).
    private var kept: UnsafeMutablePointer<UInt64>
    /// What answers at each level: `Kind`'s raw value. A level's place in `objects` or
    /// `dictionaries` is initialized only while its kind says so; the kind is tested, not an
    /// optional, since testing an optional cost a copy of it and its destruction.
    private var kinds: UnsafeMutablePointer<UInt8>
    /// An object's level holds the reference its value held: pushing it is a retain, and a
    /// question reads the object in place.
    private var objects: UnsafeMutablePointer<MustacheObjectReference>
    private var dictionaries: UnsafeMutablePointer<[String: MustacheValue]>
    /// The context of a level that answers no name (`Kind.plain`).
    private var plains: UnsafeMutablePointer<MustacheValue>
    /// The levels there are places for.
    private var levels: Int

    private enum Kind: UInt8 {
        /// Nothing is there.
        case none
        case object
        case dictionary
        /// Answers no name (a string, a number, a list pushed by a section).
        case plain
    }

    init(levels: Int = 8) {
        self.levels = max(levels, 1)
        numbers = .allocate(capacity: self.levels * Self.slots)
        values = .allocate(capacity: self.levels * Self.slots)
        counts = .allocate(capacity: self.levels)
        counts.initialize(repeating: 0, count: self.levels)
        kept = .allocate(capacity: self.levels)
        kept.initialize(repeating: 0, count: self.levels)
        kinds = .allocate(capacity: self.levels)
        kinds.initialize(repeating: Kind.none.rawValue, count: self.levels)
        objects = .allocate(capacity: self.levels)
        dictionaries = .allocate(capacity: self.levels)
        plains = .allocate(capacity: self.levels)
    }

    deinit {
        for level in 0..<levels {
            letGo(level)
            leave(level)
        }
        numbers.deallocate()
        values.deallocate()
        counts.deallocate()
        kept.deallocate()
        kinds.deallocate()
        objects.deallocate()
        dictionaries.deallocate()
        plains.deallocate()
    }

    /// Lets go of level `level`'s answers and context: `context` is there now.
    mutating func enter(_ context: MustacheValue, at level: Int) {
        if level >= levels { grow(toHold: level) }
        letGo(level)
        counts[level] = 0
        kept[level] = 0
        leave(level)
        switch context {
        case .object(let reference):
            (objects + level).initialize(to: reference)
            kinds[level] = Kind.object.rawValue
        case .dictionary(let fields):
            (dictionaries + level).initialize(to: fields)
            kinds[level] = Kind.dictionary.rawValue
        default:
            (plains + level).initialize(to: context)
            kinds[level] = Kind.plain.rawValue
        }
    }

    /// The context at `level` (`enter`), as it was pushed.
    func context(at level: Int) -> MustacheValue {
        switch kinds[level] {
        case Kind.object.rawValue: .object(objects[level])
        case Kind.dictionary.rawValue: .dictionary(dictionaries[level])
        case Kind.plain.rawValue: plains[level]
        default: .null
        }
    }

    /// Lets go of level `level`'s context.
    private func leave(_ level: Int) {
        switch kinds[level] {
        case Kind.object.rawValue: (objects + level).deinitialize(count: 1)
        case Kind.dictionary.rawValue: (dictionaries + level).deinitialize(count: 1)
        case Kind.plain.rawValue: (plains + level).deinitialize(count: 1)
        default: return
        }
        kinds[level] = Kind.none.rawValue
    }

    /// Lets go of level `level`'s answers (most of the cost: the last reference to an answer frees it).
    /// One at a time, each moved out: `deinitialize(count:)` of a count known only at run time
    /// went through the runtime's generic array destruction, which asked the type's value
    /// witnesses how to destroy each answer (issue 37).
    private func letGo(_ level: Int) {
        let start = values + level * Self.slots
        for slot in 0..<counts[level] {
            _ = (start + slot).move()
        }
    }

    /// The member named `name` (numbered `number`, `MustacheKey`) of the context at `level`
    /// (`enter`): nil when it has none, or is neither an object nor a dictionary. Asked once per
    /// key while the level has room for its answers.
    @inline(__always)
    mutating func member(_ name: String, number: Int, at level: Int) -> MustacheValue? {
        let start = level * Self.slots
        let count = counts[level]
        let bit: UInt64 = 1 << UInt64(truncatingIfNeeded: number & 63)
        if kept[level] & bit != 0 {
            let numbers = numbers
            for slot in start..<(start + count) where numbers[slot] == number { return values[slot] }
        }
        let value: MustacheValue?
        switch kinds[level] {
        case Kind.object.rawValue:
            // The reference moved out for the question and back after it: read through the
            // pointer, the object was copied out of it and destroyed around each question. Held
            // here, its constant `object` is asked in place.
            let reference = (objects + level).move()
            value = reference.object.value(forKey: name, number: number)
            (objects + level).initialize(to: reference)
        case Kind.dictionary.rawValue: value = dictionaries[level][name]
        default: return nil
        }
        if count < Self.slots {
            numbers[start + count] = number
            (values + start + count).initialize(to: value)
            counts[level] = count + 1
            kept[level] |= bit
        }
        return value
    }

    /// Makes room for `level`, moving the answers and contexts kept.
    private mutating func grow(toHold level: Int) {
        let newLevels = max(levels * 2, level + 1)
        let newNumbers = UnsafeMutablePointer<Int>.allocate(capacity: newLevels * Self.slots)
        let newValues = UnsafeMutablePointer<MustacheValue?>.allocate(capacity: newLevels * Self.slots)
        let newCounts = UnsafeMutablePointer<Int>.allocate(capacity: newLevels)
        newCounts.initialize(repeating: 0, count: newLevels)
        let newKept = UnsafeMutablePointer<UInt64>.allocate(capacity: newLevels)
        newKept.initialize(from: kept, count: levels)
        (newKept + levels).initialize(repeating: 0, count: newLevels - levels)
        let newKinds = UnsafeMutablePointer<UInt8>.allocate(capacity: newLevels)
        newKinds.initialize(from: kinds, count: levels)
        (newKinds + levels).initialize(repeating: Kind.none.rawValue, count: newLevels - levels)
        let newObjects = UnsafeMutablePointer<MustacheObjectReference>.allocate(capacity: newLevels)
        let newDictionaries = UnsafeMutablePointer<[String: MustacheValue]>.allocate(capacity: newLevels)
        let newPlains = UnsafeMutablePointer<MustacheValue>.allocate(capacity: newLevels)
        for old in 0..<levels {
            switch kinds[old] {
            case Kind.object.rawValue: (newObjects + old).moveInitialize(from: objects + old, count: 1)
            case Kind.dictionary.rawValue: (newDictionaries + old).moveInitialize(from: dictionaries + old, count: 1)
            case Kind.plain.rawValue: (newPlains + old).moveInitialize(from: plains + old, count: 1)
            default: break
            }
        }
        for old in 0..<levels {
            let start = old * Self.slots
            (newNumbers + start).initialize(from: numbers + start, count: counts[old])
            (newValues + start).moveInitialize(from: values + start, count: counts[old])
            newCounts[old] = counts[old]
        }
        numbers.deallocate()
        values.deallocate()
        counts.deallocate()
        kept.deallocate()
        kinds.deallocate()
        objects.deallocate()
        dictionaries.deallocate()
        plains.deallocate()
        kept = newKept
        (numbers, values, counts, levels) = (newNumbers, newValues, newCounts, newLevels)
        (kinds, objects, dictionaries, plains) = (newKinds, newObjects, newDictionaries, newPlains)
    }
}
