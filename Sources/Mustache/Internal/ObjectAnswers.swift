/// What each object on a render's context stack answered so far, by key number (a nil answer: it
/// has no such key), so that a name read twice, or looked for further out from inner sections,
/// asks the object once (`Renderer.lookUp`). Objects are immutable values: the same key gives the
/// same answer.
///
/// In memory of its own, `slots` places per stack level (level `n`'s from `n * slots`), of which
/// the first `counts[n]` hold answers: a context pushed starts its level by letting go of the
/// answers of the one it replaces (the previous item of a list) and setting a count. Emptying a
/// list of its own per level (`removeAll(keepingCapacity:)`), or filling fresh places for each
/// level of each page, cost several hundred instructions per section pass (issue 37). Not
/// copyable: one owner lets the answers go, once.
struct ObjectAnswers: ~Copyable {
    /// The answers kept per level; an object asked more names than this at one level is asked
    /// the others each time (as it may be: it gives the same answer).
    static var slots: Int { 48 }

    private var numbers: UnsafeMutablePointer<Int>
    private var values: UnsafeMutablePointer<MustacheValue?>
    private var counts: UnsafeMutablePointer<Int>
    /// The levels there are places for.
    private var levels: Int

    init(levels: Int = 8) {
        self.levels = max(levels, 1)
        numbers = .allocate(capacity: self.levels * Self.slots)
        values = .allocate(capacity: self.levels * Self.slots)
        counts = .allocate(capacity: self.levels)
        counts.initialize(repeating: 0, count: self.levels)
    }

    deinit {
        for level in 0..<levels { letGo(level) }
        numbers.deallocate()
        values.deallocate()
        counts.deallocate()
    }

    /// Lets go of level `level`'s answers: a new context is there.
    mutating func clear(_ level: Int) {
        if level >= levels { grow(toHold: level) }
        letGo(level)
        counts[level] = 0
    }

    /// Lets go of level `level`'s answers (most of the cost: the last reference to an answer frees it).
    private func letGo(_ level: Int) {
        (values + level * Self.slots).deinitialize(count: counts[level])
    }

    /// The answer kept for key `number` at `level`: nil when none is (`.some(nil)`: the object
    /// has no such key).
    @inline(__always)
    func answer(_ number: Int, at level: Int) -> MustacheValue?? {
        guard level < levels else { return nil }
        let start = level * Self.slots
        for slot in start..<(start + counts[level]) where numbers[slot] == number { return .some(values[slot]) }
        return nil
    }

    /// Keeps `value` as the answer to key `number` at `level`, if the level has room.
    mutating func keep(_ value: MustacheValue?, for number: Int, at level: Int) {
        if level >= levels { grow(toHold: level) }
        let count = counts[level]
        guard count < Self.slots else { return }
        let slot = level * Self.slots + count
        numbers[slot] = number
        (values + slot).initialize(to: value)
        counts[level] = count + 1
    }

    /// Makes room for `level`, moving the answers kept.
    private mutating func grow(toHold level: Int) {
        let newLevels = max(levels * 2, level + 1)
        let newNumbers = UnsafeMutablePointer<Int>.allocate(capacity: newLevels * Self.slots)
        let newValues = UnsafeMutablePointer<MustacheValue?>.allocate(capacity: newLevels * Self.slots)
        let newCounts = UnsafeMutablePointer<Int>.allocate(capacity: newLevels)
        newCounts.initialize(repeating: 0, count: newLevels)
        for old in 0..<levels {
            let start = old * Self.slots
            (newNumbers + start).initialize(from: numbers + start, count: counts[old])
            (newValues + start).moveInitialize(from: values + start, count: counts[old])
            newCounts[old] = counts[old]
        }
        numbers.deallocate()
        values.deallocate()
        counts.deallocate()
        (numbers, values, counts, levels) = (newNumbers, newValues, newCounts, newLevels)
    }
}
