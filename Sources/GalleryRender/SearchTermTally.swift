/// The words of a batch of documents, tallied as bytes: each distinct word of the batch is copied
/// once into an arena and numbered (an open-addressing table of its hash finds it again), and each
/// document is the list of its words' numbers with their scores. No `String` and no dictionary is
/// made per word or per document: the index turns each of the batch's words into its own term
/// number once (`SearchIndex.add(_:)`), not each of its documents' words, which a `String` per
/// document word and a second hash of it cost three times over. The words and the table are
/// buffers of its own rather than arrays, which checked on every word whether they were shared
/// (so it cannot be copied), and it is a structure, whose fields a class would check on every
/// access. One thread fills it (`SearchWords` owns one) and hands it on (`take`), a batch at a time.
struct SearchTermTally: ~Copyable {
    /// A distinct word of the batch: where it is in the arena, its hash (`Self.hash`), the
    /// document it was last noted in (-1: none yet) and its fields there.
    private struct Word {
        var start: Int32
        var length: Int32
        var hash: UInt64
        var seenIn: Int32
        var fields: UInt8
    }

    /// The batch's words' bytes, one after another, already folded, and `arenaSlack` zero bytes
    /// past its capacity: a word's last bytes are compared eight at a time (`equal`).
    private var arena: UnsafeMutablePointer<UInt8>
    private var arenaCount = 0, arenaCapacity = 4096
    private var words: UnsafeMutablePointer<Word>
    private var wordCount = 0, wordCapacity = 512
    /// Open addressing, linear probing: 1 + the word's number, 0 for an empty slot. A power of
    /// two, at most half full.
    private var slots: UnsafeMutablePointer<Int32>
    private var slotCount = 1024

    /// The words of the document being tallied, in the order first seen.
    private var current: [Int32] = []
    /// The documents done: their words' numbers and scores, one after another, and where each
    /// document's end.
    private var terms: [Int32] = []
    private var scores: [UInt8] = []
    private var ends: [Int32] = []

    private static let arenaSlack = 8

    init() {
        arena = Self.newArena(arenaCapacity)
        words = .allocate(capacity: wordCapacity)
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
    }

    deinit {
        arena.deallocate()
        words.deallocate()
        slots.deallocate()
    }

    /// A word's score from the fields it occurs in (bit `Field.rawValue`): the sum of their weights.
    private static let fieldScores: [UInt8] = (0..<16).map { mask in
        UInt8(SearchDocument.Field.allCases.reduce(0) { $0 + (mask & 1 << $1.rawValue != 0 ? $1.weight : 0) })
    }

    /// FNV-1a of a word's bytes: the batch's table and the index's term table (`SearchTermTable`)
    /// both hash a word this way, so the batch hands its hashes on.
    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = hashSeed
        for byte in word { hash = hashing(hash, byte) }
        return hash
    }

    static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `hash` with `byte` added.
    @inline(__always)
    static func hashing(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    // MARK: Noting words

    /// Notes the words of plain ASCII text in `field` (a bit of the mask), quantities left out
    /// unless `keepQuantities`: the words `SearchWords.forEachASCIIWord` finds, lower-cased, hashed
    /// and numbered as they are scanned. False, with nothing noted, for text left to ICU.
    mutating func noteASCII(_ text: UnsafeBufferPointer<UInt8>, field: UInt8, keepQuantities: Bool) -> Bool {
        SearchWords.forEachASCIIWord(text) { start, end, hash, isQuantity in
            if keepQuantities || !isQuantity {
                note(UnsafeBufferPointer(rebasing: text[start..<end]), hash: hash, lowerASCII: true, readable: text.count &- start, field: field)
            }
        }
    }

    /// Notes a word already folded (ICU's) in `field`.
    mutating func note(_ word: UnsafeBufferPointer<UInt8>, field: UInt8) {
        note(word, hash: Self.hash(word), lowerASCII: false, readable: word.count, field: field)
    }

    /// Notes a word in `field`; its bytes are lower-cased as they are compared and copied when
    /// `lowerASCII` (ASCII words, whose every byte `| 0x20` lower-cases: letters become small, and
    /// digits and the marks that join words have that bit already), and `hash` is of those;
    /// `readable` bytes can be read from the word's start (its text goes on past it).
    @inline(__always)
    private mutating func note(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, lowerASCII: Bool, readable: Int, field: UInt8) {
        let number = self.number(of: word, hash: hash, lowerASCII: lowerASCII, readable: readable)
        let document = Int32(ends.count)
        if words[number].seenIn == document {
            words[number].fields |= field
        } else {
            words[number].seenIn = document
            words[number].fields = field
            current.append(Int32(number))
        }
    }

    /// The number of `word` in the batch, added when new.
    @inline(__always)
    private mutating func number(of word: UnsafeBufferPointer<UInt8>, hash: UInt64, lowerASCII: Bool, readable: Int) -> Int {
        let mask = slotCount &- 1
        let bit: UInt8 = lowerASCII ? 0x20 : 0
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let taken = slots[slot]
            if taken == 0 { break }
            let number = Int(taken &- 1)
            let known = words[number]
            if known.hash == hash && Int(known.length) == word.count,
               Self.equal(arena + Int(known.start), word, readable: readable, bit: bit) {
                return number
            }
            slot = (slot &+ 1) & mask
        }
        return add(word, hash: hash, bit: bit, slot: slot)
    }

    /// Whether the folded bytes at `stored` are `word`'s, each `| bit`: eight bytes at a time,
    /// the last ones too where eight can be read (`readable` from the word's start; the arena
    /// has its slack), byte by byte otherwise.
    @inline(__always)
    private static func equal(_ stored: UnsafeMutablePointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>, readable: Int, bit: UInt8) -> Bool {
        guard let base = word.baseAddress else { return true }
        let count = word.count
        let bits = UInt64(bit) &* 0x0101_0101_0101_0101
        @inline(__always) func load(_ pointer: UnsafeRawPointer) -> UInt64 { UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)) }
        var offset = 0
        while offset &+ 8 <= count {
            guard load(stored + offset) == load(base + offset) | bits else { return false }
            offset &+= 8
        }
        let rest = count &- offset
        guard rest > 0 else { return true }
        if readable &- offset >= 8 {
            // The first `rest` bytes of eight, the low ones as loaded little-endian.
            let wanted: UInt64 = (1 &<< (8 &* UInt64(rest))) &- 1
            return (load(stored + offset) ^ (load(base + offset) | bits)) & wanted == 0
        }
        for position in offset..<count where stored[position] != base[position] | bit { return false }
        return true
    }

    private mutating func add(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, bit: UInt8, slot: Int) -> Int {
        if arenaCount + word.count > arenaCapacity {
            arenaCapacity = max(2 * arenaCapacity, arenaCount + word.count)
            let larger = Self.newArena(arenaCapacity)
            larger.update(from: arena, count: arenaCount)
            arena.deallocate()
            arena = larger
        }
        if wordCount == wordCapacity {
            words = Self.grown(words, count: wordCount, to: 2 * wordCapacity)
            wordCapacity *= 2
        }
        for offset in 0..<word.count { arena[arenaCount + offset] = word[offset] | bit }
        let number = wordCount
        (words + number).initialize(to: Word(start: Int32(arenaCount), length: Int32(word.count), hash: hash, seenIn: -1, fields: 0))
        arenaCount += word.count
        wordCount += 1
        slots[slot] = Int32(number + 1)
        if wordCount * 2 > slotCount { resize(slotCount * 2) }
        return number
    }

    /// An arena of `capacity` bytes and its slack, all zero.
    private static func newArena(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let arena = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + arenaSlack)
        arena.initialize(repeating: 0, count: capacity + arenaSlack)
        return arena
    }

    private static func grown<Element>(_ buffer: UnsafeMutablePointer<Element>, count: Int, to capacity: Int) -> UnsafeMutablePointer<Element> {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        larger.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        return larger
    }

    /// A table of `count` slots for the words there are.
    private mutating func resize(_ count: Int) {
        slots.deallocate()
        slotCount = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: 0, count: count)
        let mask = count - 1
        for number in 0..<wordCount {
            let hash = words[number].hash
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    // MARK: Documents

    /// Ends the document being tallied: each of its distinct words with its score, the weights of
    /// the fields it was noted in (each field once).
    mutating func endDocument() {
        terms += current
        // The scores written in place: appended one by one, each checked the array's room.
        let start = scores.count
        scores.append(contentsOf: repeatElement(0, count: current.count))
        let words = words
        Self.fieldScores.withUnsafeBufferPointer { fieldScores in
            current.withUnsafeBufferPointer { current in
                scores.withUnsafeMutableBufferPointer { scores in
                    for (offset, number) in current.enumerated() {
                        scores[start &+ offset] = fieldScores[Int(words[Int(number)].fields & 0xF)]
                    }
                }
            }
        }
        current.removeAll(keepingCapacity: true)
        ends.append(Int32(terms.count))
    }

    /// Adds a document of words already scored (each once), as `serve` kept it.
    mutating func addDocument(_ scored: [ScoredTerm]) {
        for term in scored {
            var text = term.text
            let number = text.withUTF8 { self.number(of: $0, hash: Self.hash($0), lowerASCII: false, readable: $0.count) }
            terms.append(Int32(number))
            scores.append(UInt8(min(max(term.score, 1), 255)))
        }
        ends.append(Int32(terms.count))
    }

    /// The last document's words and scores, in the order first seen.
    func lastDocument() -> [ScoredTerm] {
        let start = ends.count > 1 ? Int(ends[ends.count - 2]) : 0
        let end = Int(ends.last ?? 0)
        return (start..<end).map { position in
            let word = words[Int(terms[position])]
            return ScoredTerm(String(decoding: UnsafeBufferPointer(start: arena + Int(word.start), count: Int(word.length)), as: UTF8.self),
                              Int(scores[position]))
        }
    }

    /// The documents tallied since the last call, handed on; the tally starts a new batch,
    /// keeping its storage unless one huge batch grew its table.
    mutating func take() -> SearchTermBatch {
        let known = UnsafeBufferPointer(start: words, count: wordCount)
        let batch = SearchTermBatch(arena: Array(UnsafeBufferPointer(start: arena, count: arenaCount)),
                                    starts: known.map(\.start), lengths: known.map(\.length), hashes: known.map(\.hash),
                                    terms: terms, scores: scores, ends: ends)
        arenaCount = 0
        wordCount = 0
        terms.removeAll(keepingCapacity: true)
        scores.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        current.removeAll(keepingCapacity: true)
        if slotCount > 1 << 16 {
            resize(1024)
        } else {
            slots.update(repeating: 0, count: slotCount)
        }
        return batch
    }
}

/// A batch of documents' words as `SearchTermTally` tallied them: the batch's distinct words (bytes,
/// folded, with their hashes) and each document's words by number with their scores.
package struct SearchTermBatch: Sendable {
    let arena: [UInt8]
    let starts: [Int32]
    let lengths: [Int32]
    let hashes: [UInt64]
    let terms: [Int32]
    let scores: [UInt8]
    /// Where each document's words end in `terms`.
    let ends: [Int32]

    var wordCount: Int { starts.count }
    var documentCount: Int { ends.count }

    /// A batch of documents given as scored terms (each word once a document).
    init(_ documents: [[ScoredTerm]]) {
        var tally = SearchTermTally()
        for document in documents { tally.addDocument(document) }
        self = tally.take()
    }

    init(arena: [UInt8], starts: [Int32], lengths: [Int32], hashes: [UInt64], terms: [Int32], scores: [UInt8], ends: [Int32]) {
        self.arena = arena
        self.starts = starts
        self.lengths = lengths
        self.hashes = hashes
        self.terms = terms
        self.scores = scores
        self.ends = ends
    }
}
