import Synchronization

/// Each search record's bytes (`PageRenderer.appendSearchRecord`), made once a build and copied
/// wherever the record is written: its group's file, and the best records and postings files of
/// the terms it leads, about five and a half times a record at 1,000 recipes. Kept by record
/// group (`SearchIndex.recordsPerGroup` documents), each behind its own lock, so threads making
/// different files rarely wait on one another; a record is made when first asked for. Let go with
/// the index once its files are made. At about 100 bytes a record, keeping every one held 11 MB
/// more at the peak of a 100,000-recipe build (143 MB against a bound of 146), so no more than
/// `budget` bytes are kept: every record of a site of up to some 20,000 recipes, the first asked
/// for beyond that, the rest made again each time they are written.
final class SearchRecordCache: Sendable {
    /// The bytes of records kept at most, over all groups.
    static let budget = 2 << 20

    private struct Group {
        var bytes: [UInt8] = []
        /// Per document of the group: where its record starts and ends in `bytes`, or -1 before it is made.
        var starts: [Int32]
        var ends: [Int32]

        init(count: Int) {
            starts = [Int32](repeating: -1, count: count)
            ends = starts
        }
    }

    private final class Slot: Sendable {
        let group: Mutex<Group>

        init(count: Int) {
            group = Mutex(Group(count: count))
        }
    }

    private let slots: [Slot]
    /// The bytes of records kept so far.
    private let kept = Atomic<Int>(0)

    /// The most bytes of records this cache keeps.
    let budget: Int

    init(documentCount: Int, budget: Int = SearchRecordCache.budget) {
        self.budget = budget
        let size = SearchIndex.recordsPerGroup
        slots = stride(from: 0, to: documentCount, by: size).map { Slot(count: min(size, documentCount - $0)) }
    }

    /// Appends `document`'s record to `bytes` if it is made; false, with nothing appended, if not.
    func append(_ document: Int, to bytes: inout [UInt8]) -> Bool {
        let offset = document % SearchIndex.recordsPerGroup
        return slots[document / SearchIndex.recordsPerGroup].group.withLock { group in
            let start = Int(group.starts[offset]), end = Int(group.ends[offset])
            guard start >= 0 else { return false }
            group.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end])) }
            return true
        }
    }

    /// Keeps `document`'s record (when two threads made it at once, the first's: they are the same
    /// bytes), unless the records kept already fill the budget.
    func keep(_ document: Int, _ record: [UInt8]) {
        guard kept.add(record.count, ordering: .relaxed).newValue <= budget else { return }
        let offset = document % SearchIndex.recordsPerGroup
        slots[document / SearchIndex.recordsPerGroup].group.withLock { group in
            guard group.starts[offset] < 0 else { return }
            group.starts[offset] = Int32(group.bytes.count)
            group.bytes += record
            group.ends[offset] = Int32(group.bytes.count)
        }
    }
}
