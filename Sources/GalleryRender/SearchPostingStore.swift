/// Every term's postings as the search index collects them, compressed: a list is a stream of
/// bytes, each posting its document's gap from the list's previous one (a variable-length number,
/// 7 bits a byte, most significant last) and its score (one byte), kept in blocks taken from
/// shared pages. A list's first block is 16 bytes and each next one twice the last, up to 4 KB,
/// each starting with where the list goes on.
///
/// Why: at 100,000 recipes the index holds some 7.5 million postings, and as one array of
/// `UInt32` a term (about 110,000 terms, most of them found once, such as a title's number) they
/// took 38 MB while the index was built and 32 MB while its files were written, at the build's
/// peak. A common word's gaps are a byte each, so most postings take two bytes here, and a term
/// found once takes one 16-byte block instead of an array of its own.
struct SearchPostingStore: Sendable {
    /// Bytes per page: blocks never cross one.
    static let pageSize = 1 << 16
    static let firstBlock = 16
    static let largestBlock = 4096

    /// Where a block is: its page in the high bits, its offset in the low 16.
    private typealias Address = UInt32

    private struct List {
        var head: Address = 0
        var tail: Address = 0
        /// Bytes used in the tail block, its link included.
        var fill: UInt16 = 0
        /// The tail block's size as a power of two above `firstBlock`.
        var level: UInt8 = 0
        var count: UInt32 = 0
        var lastDocument: UInt32 = 0
    }

    private var pages: [[UInt8]] = []
    /// How much of the last page is taken.
    private var pageFill = SearchPostingStore.pageSize
    private var lists: [List] = []

    init() {}

    /// How many lists there are; a new list's number is this.
    var listCount: Int { lists.count }

    /// Starts an empty list and returns its number.
    mutating func newList() -> Int {
        lists.append(List())
        return lists.count - 1
    }

    /// The bytes its pages take.
    var byteCount: Int { pages.count * Self.pageSize }

    /// The number of postings of list `list`.
    func count(_ list: Int) -> Int { Int(lists[list].count) }

    /// Appends `document` (past the list's last) with `score` (1…255) to list `list`.
    mutating func append(_ document: UInt32, score: UInt8, to list: Int) {
        var state = lists[list]
        add(document, score: score, to: &state)
        lists[list] = state
    }

    /// Appends a batch of documents' postings, the first document `first` and each next one past
    /// it: document `first + d`'s postings are positions `ends[d - 1]..<ends[d]` (from 0 for the
    /// first) of `terms` and `scores`, each posting going to list `lists[terms[position]]`. The same
    /// as appending them one by one, but the lists are held through one buffer for the whole batch
    /// instead of each posting reading and writing its list through the array (its uniqueness
    /// checked each time): at 1,000 recipes this took about a third of the postings' instructions.
    mutating func append(documentsFrom first: UInt32, ends: [Int32], terms: [Int32], scores: [UInt8], lists numbers: [Int32]) {
        // Taken out of `self` while held, so that `add` (pages only) does not overlap its access.
        var lists: [List] = []
        swap(&lists, &self.lists)
        defer { swap(&lists, &self.lists) }
        lists.withUnsafeMutableBufferPointer { lists in
            var document = first
            var start = 0
            for end in ends {
                for position in start..<Int(end) {
                    add(document, score: scores[position], to: &lists[Int(numbers[Int(terms[position])])])
                }
                start = Int(end)
                document += 1
            }
        }
    }

    /// Appends `document` with `score` to the list whose state is `state` (its pages in `self`).
    @inline(__always)
    private mutating func add(_ document: UInt32, score: UInt8, to state: inout List) {
        if state.count == 0 {
            let block = allocate(Self.firstBlock)
            state.head = block
            state.tail = block
            state.fill = 4
        }
        var gap = document - state.lastDocument
        if gap < 0x80 && Int(state.fill) + 2 <= Self.firstBlock << Int(state.level) {
            // Most postings: a gap of one byte and the score, in the tail block's room.
            let offset = Int(state.tail & 0xFFFF) + Int(state.fill)
            pages[Int(state.tail >> 16)].withUnsafeMutableBufferPointer { page in
                page[offset] = UInt8(gap)
                page[offset + 1] = score
            }
            state.fill += 2
        } else {
            while gap >= 0x80 {
                put(UInt8(gap & 0x7F) | 0x80, in: &state)
                gap >>= 7
            }
            put(UInt8(gap), in: &state)
            put(score, in: &state)
        }
        state.count += 1
        state.lastDocument = document
    }

    /// List `list`'s postings, `document << 8 | score`, by document: block by block, each read
    /// through its page's buffer, a posting's bytes carried over when a block ends within it.
    /// Most postings are a one-byte gap and the score: read as a pair where both are in the block.
    func postings(_ list: Int) -> [UInt32] {
        let state = lists[list]
        let total = Int(state.count)
        return [UInt32](unsafeUninitializedCapacity: total) { result, written in
            var remaining = total
            var block = state.head
            var level = 0
            var document: UInt32 = 0
            var gap: UInt32 = 0
            var shift: UInt32 = 0
            var readsScore = false
            while remaining > 0 {
                let start = Int(block & 0xFFFF)
                let end = start + Self.firstBlock << level
                block = pages[Int(block >> 16)].withUnsafeBufferPointer { page in
                    var position = start + 4
                    while position < end && remaining > 0 {
                        let byte = page[position]
                        if !readsScore && shift == 0 && byte < 0x80 && position + 1 < end {
                            // A one-byte gap and its score.
                            document += UInt32(byte)
                            result[written] = document << 8 | UInt32(page[position + 1])
                            written += 1
                            remaining -= 1
                            position += 2
                            continue
                        }
                        position += 1
                        if readsScore {
                            result[written] = document << 8 | UInt32(byte)
                            written += 1
                            remaining -= 1
                            readsScore = false
                        } else {
                            gap |= UInt32(byte & 0x7F) << shift
                            if byte < 0x80 {
                                document += gap
                                gap = 0
                                shift = 0
                                readsScore = true
                            } else {
                                shift += 7
                            }
                        }
                    }
                    // The next block's address, in the block's first four bytes (none after the tail).
                    guard remaining > 0 else { return 0 }
                    return UInt32(page[start]) | UInt32(page[start + 1]) << 8 | UInt32(page[start + 2]) << 16 | UInt32(page[start + 3]) << 24
                }
                level = min(level + 1, Self.largestLevel)
            }
        }
    }

    private static let largestLevel = (largestBlock / firstBlock).trailingZeroBitCount

    /// Writes `byte` at the end of the list, opening its next block when the tail is full.
    private mutating func put(_ byte: UInt8, in state: inout List) {
        if Int(state.fill) == Self.firstBlock << Int(state.level) {
            let level = min(Int(state.level) + 1, Self.largestLevel)
            let block = allocate(Self.firstBlock << level)
            let page = Int(state.tail >> 16), offset = Int(state.tail & 0xFFFF)
            for shift in 0..<4 { pages[page][offset + shift] = UInt8(truncatingIfNeeded: block >> (8 * UInt32(shift))) }
            state.tail = block
            state.level = UInt8(level)
            state.fill = 4
        }
        pages[Int(state.tail >> 16)][Int(state.tail & 0xFFFF) + Int(state.fill)] = byte
        state.fill += 1
    }

    /// A block of `size` bytes, in a new page when the last has no room for it.
    private mutating func allocate(_ size: Int) -> Address {
        if pageFill + size > Self.pageSize {
            pages.append([UInt8](repeating: 0, count: Self.pageSize))
            pageFill = 0
        }
        let address = UInt32(pages.count - 1) << 16 | UInt32(pageFill)
        pageFill += size
        return address
    }
}
