import Synchronization

/// A list item whose section pass is rendered once and its bytes written again wherever the same
/// item is listed by the same section: a recipe printed in the site's cookbook and in the book of
/// each of its tags is the same few kilobytes but for its number and its links, and rendering it
/// from scratch in every book cost two thirds of the books' instructions (issue 37).
///
/// The first pass over an item renders `recordingContext`, which answers every name as the item
/// does except that what differs between the items of one `replayKey` (its place in a book, a URL
/// made from the page's root) is a `MustacheHole`: the renderer writes nothing for a hole but
/// remembers where it stood. A later pass over an item with the same key writes the recorded
/// bytes with each hole filled by `holeText`. The recording also keeps every name the pass looked
/// up outside the item (a theme string, `root`) and what it found; a later page whose answers to
/// any of them differ, or a pass that read anything but a plain value from outside the item, is
/// rendered as usual, so a theme cannot tell a replayed pass from a rendered one.
///
/// The item promises: items with the same key answer every name alike but for holes; a hole
/// stands only where the item's own value is a non-empty string (truthy, without members, like
/// the hole); `holeText(i)` is that string.
package protocol MustacheReplayable: MustacheObject {
    /// Where recordings are kept: one store for all the pages that may share them.
    var replays: MustacheReplays { get }
    /// Items with the same key share a recording.
    var replayKey: Int { get }
    /// How many passes of one section over items of this key the pages make in all: the
    /// recording is let go after the last. A key is a small number (an item's position).
    var replayUses: Int { get }
    /// When pass number `pass` (from 0) of one section over items of this key comes, as a small
    /// number that orders the passes of all the store's items (a book's place among the books):
    /// a store that is full lets go of the recordings wanted last for one wanted sooner. Nil,
    /// the default, when the item cannot tell: its recording is kept only where there is room.
    func replayOrder(ofPass pass: Int) -> Int?
    /// The item as the recording pass reads it, every value that differs between items of one
    /// key a `MustacheHole`.
    var recordingContext: any MustacheObject { get }
    /// This item's text for hole `index`, before escaping.
    func holeText(_ index: Int) -> String
}

extension MustacheReplayable {
    /// A replayable item answers for itself (`MustacheObject.replayable`).
    package var replayable: (any MustacheReplayable)? { self }
    package func replayOrder(ofPass pass: Int) -> Int? { nil }
}

/// A place in a recorded pass that each item fills with its own text (`MustacheReplayable`).
/// It answers no names and writes nothing where it is rendered.
package struct MustacheHole: MustacheObject {
    package let index: Int

    package init(_ index: Int) {
        self.index = index
    }

    package var keys: [String] { [] }
    package func value(forKey key: String) -> MustacheValue? { nil }
    package var holeIndex: Int? { index }
}

/// The recorded passes of replayable items (`MustacheReplayable`), shared by the pages that list
/// them and safe to use from every rendering thread. A recording is kept from the first pass
/// until its item's last use, and never more than `budget` bytes of them at once: past that, a
/// recording wanted sooner takes the room of those wanted last (Belady's rule, by
/// `MustacheReplayable.replayOrder`), and a pass that would find no room is rendered as usual
/// without being recorded, which costs instructions but no memory. At 10,000 recipes, keeping
/// the first recordings that fitted and refusing the rest left most of the books' passes
/// recorded for nothing and rendered again (13,800 recordings made, 3,300 replayed; issue 37).
package final class MustacheReplays: Sendable {
    private struct Held {
        /// Each section's passes and where the recordings of its items are kept. A theme has a
        /// few sections over replayable lists: they are found by a walk, not a hash.
        var sections: [SectionPasses] = []
        /// The recordings held, where the items' `Item.slot` says, and the section (its place in
        /// `sections`) and key each is held for; a place let go is taken again (`free`). Which
        /// are held, within the budget, is `store`'s to say, keyed by the place.
        var recordings: [PassRecording?] = []
        var owners: [(section: Int32, item: Int32)] = []
        var free: [Int] = []
        var store: NextUseBudget
        var recorded = 0
        var replayed = 0
        /// Each name read outside an item with the value it gave, numbered (`fact`).
        var facts: [(name: VariableName, value: MustacheValue)] = []
        /// The numbers of the facts, by the number of their name's first part (`MustacheKey`,
        /// small and dense): a fact is found by an array read and a comparison with the few of
        /// its name. A dictionary keyed by the name's parts and the value cost an array of the
        /// parts and a hash of the value's text per fact of each recording (issue 37).
        var factsByFirstPart: [[Int]] = []

        /// The place of `section`'s passes in `sections`, made on its first use.
        mutating func place(of section: ObjectIdentifier) -> Int {
            if let place = sections.firstIndex(where: { $0.section == section }) { return place }
            sections.append(SectionPasses(section: section))
            return sections.count - 1
        }

        /// Forgets the recording in `slot`, let go by the store (or after its last pass).
        mutating func forget(_ slot: Int) {
            let owner = owners[slot]
            sections[Int(owner.section)].items[Int(owner.item)].slot = 0
            recordings[slot] = nil
            free.append(slot)
        }
    }

    /// One section's passes over the items of each key (keys are small numbers: an item's
    /// position) and where the recording of each is kept, read by the key: a dictionary of the
    /// recordings keyed by section and key, and one of the pass counts by section, were hashed
    /// on every pass, about 500 instructions (issue 37).
    private struct SectionPasses {
        let section: ObjectIdentifier
        /// By key, from 0 to the largest key seen.
        var items: [Item] = []
        /// Whether a pass read something from outside its item that a recording cannot check:
        /// the section is rendered as usual from then on.
        var isRefused = false

        init(section: ObjectIdentifier) {
            self.section = section
        }

        /// Makes room for key `key` (and every smaller key).
        mutating func makeRoom(for key: Int) {
            if items.count <= key { items += repeatElement(Item(), count: key + 1 - items.count) }
        }
    }

    /// One key's passes so far and its recording, if one is kept.
    private struct Item {
        var passes: Int32 = 0
        /// One more than the place of its recording in `Held.recordings`; 0: none is kept.
        var slot: Int32 = 0
    }

    private let held: Mutex<Held>
    package let budget: Int
    /// Passes that visit fewer nodes than this are rendered, never recorded: a book's contents
    /// line (three names) costs less to render than to find, check and write from a recording,
    /// and its recording would take room from passes worth replaying. 0: every pass may be.
    package let minimumNodes: Int

    package init(budget: Int, minimumNodes: Int = 0) {
        self.budget = budget
        self.minimumNodes = minimumNodes
        held = Mutex(Held(store: NextUseBudget(budget: budget)))
    }

    /// One more pass of `section` over item `key`, of `uses` in all: the recording kept for it,
    /// if any, let go when this is the last pass; how many passes the item has had, this one
    /// included; and whether it is the last. A recording kept for later passes is filed under
    /// the next one's order (`order`, `MustacheReplayable.replayOrder(ofPass:)`).
    func take(section: ObjectIdentifier, key item: Int, uses: Int,
              order: (Int) -> Int?) -> (recording: PassRecording?, passes: Int, isLast: Bool) {
        held.withLock { held in
            let place = held.place(of: section)
            held.sections[place].makeRoom(for: item)
            held.sections[place].items[item].passes += 1
            let kept = held.sections[place].items[item]
            let passes = Int(kept.passes)
            let isLast = passes >= uses
            guard kept.slot > 0 else { return (nil, passes, isLast) }
            let slot = Int(kept.slot) - 1
            guard isLast else {
                held.store.move(slot, to: order(passes))
                return (held.recordings[slot], passes, isLast)
            }
            held.store.letGo(slot)
            let recording = held.recordings[slot].take()
            held.forget(slot)
            return (recording, passes, isLast)
        }
    }

    /// Whether a pass of `section` over item `key` whose next pass comes at `next` may be
    /// recorded: none of the section's passes was refused, none is held for the item, and the
    /// budget has room, or holds recordings wanted later than it.
    func mayRecord(section: ObjectIdentifier, key item: Int, next: Int?) -> Bool {
        held.withLock { held in
            guard let passes = held.sections.first(where: { $0.section == section }) else { return held.store.hasRoom(before: next) }
            return !passes.isRefused && (item >= passes.items.count || passes.items[item].slot == 0) && held.store.hasRoom(before: next)
        }
    }

    /// Keeps `recording` of `section`'s pass over item `key` for the passes left of `uses` in
    /// all, the next of them at `next`, unless none is left, one is kept already or it does not
    /// fit, even in the room of those wanted later.
    func keep(_ recording: PassRecording, section: ObjectIdentifier, key item: Int, uses: Int, next: Int?) {
        held.withLock { held in
            held.recorded += 1
            let place = held.place(of: section)
            held.sections[place].makeRoom(for: item)
            let kept = held.sections[place].items[item]
            guard uses > Int(kept.passes), kept.slot == 0 else { return }
            let slot = held.free.popLast() ?? held.recordings.count
            guard let lettingGo = held.store.hold(slot, bytes: recording.size, next: next) else {
                if slot < held.recordings.count { held.free.append(slot) }
                return
            }
            for gone in lettingGo { held.forget(gone) }
            let owner = (section: Int32(place), item: Int32(item))
            if slot == held.recordings.count {
                held.recordings.append(recording)
                held.owners.append(owner)
            } else {
                held.recordings[slot] = recording
                held.owners[slot] = owner
            }
            held.sections[place].items[item].slot = Int32(slot + 1)
        }
    }

    /// The number of the fact that `name`, read outside an item, gave `value` (a plain value:
    /// `Renderer.noteOutside`): the same for every recording that read it, so that a list checks
    /// it once (`Renderer.readsAlike`).
    func fact(_ name: VariableName, _ value: MustacheValue) -> Int {
        let first = name.first.number
        return held.withLock { held in
            if first < held.factsByFirstPart.count {
                for number in held.factsByFirstPart[first] {
                    let known = held.facts[number]
                    if Self.sameParts(known.name, name), Self.samePlain(known.value, value) { return number }
                }
            } else {
                held.factsByFirstPart += repeatElement([], count: first + 1 - held.factsByFirstPart.count)
            }
            let number = held.facts.count
            held.facts.append((name, value))
            held.factsByFirstPart[first].append(number)
            return number
        }
    }

    /// Whether two names have the same parts (by number, `MustacheKey`).
    private static func sameParts(_ a: VariableName, _ b: VariableName) -> Bool {
        if a === b { return true }
        guard a.components.count == b.components.count else { return false }
        for part in a.components.indices where a.components[part].number != b.components[part].number { return false }
        return true
    }

    /// Whether two plain values are the same fact: a double by its bits, so that a NaN is one fact.
    private static func samePlain(_ a: MustacheValue, _ b: MustacheValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.double(let x), .double(let y)): x.bitPattern == y.bitPattern
        case (.string(let x), .string(let y)): x == y
        default: false
        }
    }

    /// Fact `number`: a name and the value it gave.
    func fact(_ number: Int) -> (name: VariableName, value: MustacheValue) {
        held.withLock { $0.facts[number] }
    }

    /// Renders `section` as usual from now on.
    func refuse(section: ObjectIdentifier) {
        held.withLock { held in
            let place = held.place(of: section)
            held.sections[place].isRefused = true
        }
    }

    func noteReplay() {
        held.withLock { $0.replayed += 1 }
    }

    /// The bytes of the recordings held now.
    package var heldBytes: Int { held.withLock { $0.store.bytes } }
    /// How many passes were recorded and how many replayed so far (tests, benchmarks).
    package var counts: (recorded: Int, replayed: Int) { held.withLock { ($0.recorded, $0.replayed) } }
}
