import Foundation
import GallerySupport

/// The site-wide search index, split so that a query fetches only what it needs (the shape is
/// Pagefind's, without its WebAssembly): a small manifest listing the term shards; one shard per
/// term prefix (a term's first two letters), giving each term its document count and its best
/// `topPostings` documents with their scores; for the few terms found in more documents than that,
/// every posting in a file of its own, fetched only when a query of several words must intersect
/// them; and the result records (title, address, thumbnail, tags, time) in groups of
/// `recordsPerGroup` documents. Documents are numbered in site order (recipes as the gallery
/// orders them, then pages), so equal scores rank as the gallery does. Pure: terms in, bytes out,
/// the same bytes for the same terms.
package struct SearchIndex: Sendable, Equatable {
    /// Records in one file of `search/r/`, which only a query of several words fetches (a
    /// one-word query's come beside its shard): its ten results are often near one another in
    /// site order (equal scores rank in that order), so at 100,000 recipes groups of 128 (about
    /// 3.7 KB compressed) serve them in two or three fetches where groups of 16 took seven to ten,
    /// each costing the page's main thread more than its bytes do at 4× CPU throttling.
    package static let recordsPerGroup = 128
    /// Postings a shard holds for each term, the best first: enough for the first results of a
    /// one-word query however common the word.
    package static let topPostings = 64
    /// Results the box shows: a shard's best records (`bestDocuments`) are each of its terms' first
    /// `shownResults`, so that a one-word query draws its results without a second round trip.
    package static let shownResults = 10
    /// A postings file carries the records of its term's whole best tier (the documents at its
    /// highest score) when the tier is at most this many documents and at most an eighth of the
    /// term's (`tierRecords`).
    package static let tierRecords = 256

    /// Version of the file format, which search.js checks: 2 writes postings grouped by score
    /// (`SearchPostings`); 3 puts a postings file's shard in it (`postingsFile`); 4 its term's best
    /// records too.
    package static let version = 4

    /// One term: its folded text and every document it occurs in with its score, by document.
    package struct Term: Sendable, Equatable {
        package var text: String
        /// Where its postings are: the finished index's store, shared by all its terms, and its list there.
        private let store: FinishedPostings
        private let list: Int

        fileprivate init(text: String, store: FinishedPostings, list: Int) {
            self.text = text
            self.store = store
            self.list = list
        }

        /// `document << 8 | score`, ascending: read out of the store when asked for.
        package var postings: [UInt32] { store.postings.postings(list) }
        /// How many postings it has, without reading them.
        package var postingCount: Int { store.postings.count(list) }

        package var documents: [Int] { postings.map { Int($0 >> 8) } }

        package static func == (a: Term, b: Term) -> Bool {
            a.text == b.text && a.postingCount == b.postingCount && a.postings == b.postings
        }
    }

    /// The terms of one prefix, in code-point order.
    package struct Shard: Sendable, Equatable {
        package var key: String
        package var terms: [Term]
        /// The terms too common for the shard to list whole: each has a postings file.
        package var fullTerms: [Int] { terms.indices.filter { terms[$0].postingCount > SearchIndex.topPostings } }
    }

    package private(set) var documentCount = 0
    package private(set) var shards: [Shard] = []

    /// Builds the index from every document's scored terms, in document order, a batch at a time
    /// (`add`), so a large site's terms are never all held at once.
    package init() {}

    /// The terms met so far, numbered; a term's number is its list's in `postings`.
    private var vocabulary = SearchTermTable()
    private var postings = SearchPostingStore()

    /// Appends the next documents, each as its distinct terms with their scores (1…255).
    package mutating func add(_ documents: [[ScoredTerm]]) {
        add(SearchTermBatch(documents))
    }

    /// Appends the next documents, a batch as `SearchTermTally` tallied them: each of the batch's
    /// words is looked up among the index's terms once, then every document's postings are added
    /// by number.
    package mutating func add(_ batch: SearchTermBatch) {
        var numbers = [Int32](repeating: 0, count: batch.wordCount)
        batch.arena.withUnsafeBufferPointer { arena in
            for word in 0..<batch.wordCount {
                let start = Int(batch.starts[word])
                let bytes = UnsafeBufferPointer(rebasing: arena[start..<start + Int(batch.lengths[word])])
                numbers[word] = Int32(vocabulary.number(of: bytes, hash: batch.hashes[word]))
            }
        }
        while postings.listCount < vocabulary.count { _ = postings.newList() }
        postings.append(documentsFrom: UInt32(documentCount), ends: batch.ends, terms: batch.terms, scores: batch.scores, lists: numbers)
        documentCount += batch.documentCount
    }

    /// Groups the terms into shards; call once every document is added. The postings stay where
    /// `add` put them (`SearchPostingStore`), shared by the terms. Terms are sorted by their bytes
    /// (code-point order, UTF-8's), so each shard's terms follow one another and the shards come
    /// in the order of their keys.
    package mutating func finish() {
        let store = FinishedPostings(postings)
        postings = SearchPostingStore()
        var shards: [Shard] = []
        for number in vocabulary.sortedNumbers() {
            let bytes = vocabulary.bytes(number)
            let key = bytes.prefix(Self.shardKeyLength(bytes))
            let term = Term(text: vocabulary.text(number), store: store, list: number)
            if let last = shards.last, last.key.utf8.elementsEqual(key) {
                shards[shards.count - 1].terms.append(term)
            } else {
                shards.append(Shard(key: String(decoding: key, as: UTF8.self), terms: [term]))
            }
        }
        vocabulary.removeAll()
        self.shards = shards
    }

    /// The bytes of a term's first two code points (its shard's key), from their UTF-8 lead bytes.
    static func shardKeyLength(_ bytes: ArraySlice<UInt8>) -> Int {
        var length = 0
        for _ in 0..<2 where bytes.startIndex + length < bytes.endIndex {
            let lead = bytes[bytes.startIndex + length]
            length += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }
        return min(length, bytes.count)
    }

    package static func == (a: SearchIndex, b: SearchIndex) -> Bool {
        a.documentCount == b.documentCount && a.shards == b.shards
    }

    /// A term's shard: its first two code points (search.js takes the same from a query word).
    package static func shardKey(_ term: String) -> String {
        String(String.UnicodeScalarView(term.unicodeScalars.prefix(2)))
    }

    /// Code-point order, which JavaScript's default sort does not share but every build does.
    static func codePointOrder(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    /// A shard's file name: the key itself when it is ASCII letters and digits, otherwise the hex of
    /// its UTF-8 bytes (at least four characters, so never a two-letter key's name).
    package static func fileName(_ key: String) -> String {
        if key.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }) { return key }
        return key.utf8.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    // MARK: Files

    /// The manifest: `{"version":2,"documents":N,"group":128,"top":64,"shards":["ab",…],"postings":{"egg":0,…}}`,
    /// `postings` naming each term that has a postings file and its number in its shard, so that a
    /// query of several words asks for those files beside the shards rather than after them.
    package var manifest: Data {
        var bytes: [UInt8] = []
        bytes += #"{"version":\#(Self.version),"documents":\#(documentCount),"group":\#(Self.recordsPerGroup),"top":\#(Self.topPostings),"shards":["#.utf8
        for (index, shard) in shards.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONValue.string(shard.key).write(to: &bytes)
        }
        bytes += #"],"postings":{"#.utf8
        var first = true
        for shard in shards {
            for (number, term) in shard.fullTerms.enumerated() {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                JSONValue.string(shard.terms[term].text).write(to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                SearchPostings.appendDecimal(UInt32(number), to: &bytes)
            }
        }
        bytes += "}}\n".utf8
        return Data(bytes)
    }

    /// A term's first `limit` postings, the best first: higher score, then earlier document (the
    /// order search.js ranks in). One pass counts the scores (0–255) to find the lowest that makes
    /// the cut, a second takes the postings above it and the earliest at it, and only those are
    /// sorted: a common term at 100,000 recipes has tens of thousands of postings. A list no longer
    /// than `limit` is only sorted.
    static func best(_ postings: [UInt32], limit: Int) -> [UInt32] {
        let order: (UInt32, UInt32) -> Bool = { a, b in (a & 0xFF, b >> 8) > (b & 0xFF, a >> 8) }
        guard postings.count > limit else { return postings.sorted(by: order) }
        var counts = [Int](repeating: 0, count: 256)
        for posting in postings { counts[Int(posting & 0xFF)] += 1 }
        var threshold = 255, above = 0
        while threshold > 0 && above + counts[threshold] < limit {
            above += counts[threshold]
            threshold -= 1
        }
        var room = limit - above
        var chosen: [UInt32] = []
        chosen.reserveCapacity(min(limit, postings.count))
        for posting in postings {
            let score = Int(posting & 0xFF)
            if score > threshold {
                chosen.append(posting)
            } else if score == threshold && room > 0 {
                chosen.append(posting)
                room -= 1
            }
        }
        return chosen.sorted(by: order)
    }

    /// A shard's file and what the files beside it need of it, made once a build: its postings
    /// files hold the shard too, and its terms' first documents are its best records and theirs.
    package struct ShardFile: Sendable {
        /// The shard's object, `{"term":[count,[score,"documents",…],file?],…}`: each term's best
        /// `topPostings` postings grouped by score, the best first (`SearchPostings`); a term with
        /// more adds the number of its postings file.
        package let bytes: [UInt8]
        /// The documents whose records a term's postings file carries, ascending: its first
        /// `shownResults`, and its whole best tier when that is a small part of a common term
        /// (`SearchIndex.postingsRecords`). Empty for a term without a postings file.
        package let termRecords: [[Int]]
        /// The documents among the first `shownResults` of any of the shard's terms, ascending: a
        /// query of one word, whichever of the shard's terms it matches (as a whole, a beginning or
        /// with a typo), shows only documents of this list, since a document outranked in its term
        /// by ten others is outranked by them in the query too.
        package let bestDocuments: [Int]

        package init(_ shard: Shard) {
            var bytes: [UInt8] = [UInt8(ascii: "{")]
            var termRecords: [[Int]] = []
            var all: [Int] = []
            var full = 0
            for (index, term) in shard.terms.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONValue.string(term.text).write(to: &bytes)
                bytes += ":[".utf8
                let postings = term.postings
                SearchPostings.appendDecimal(UInt32(postings.count), to: &bytes)
                bytes += ",[".utf8
                let top = best(postings, limit: topPostings)
                SearchPostings.append(top, to: &bytes)
                bytes.append(UInt8(ascii: "]"))
                if postings.count > topPostings {
                    bytes.append(UInt8(ascii: ","))
                    SearchPostings.appendDecimal(UInt32(full), to: &bytes)
                    full += 1
                }
                bytes.append(UInt8(ascii: "]"))
                let first = top.prefix(shownResults).map { Int($0 >> 8) }.sorted()
                termRecords.append(postings.count > topPostings ? postingsRecords(postings, first: first) : [])
                all += first
            }
            bytes.append(UInt8(ascii: "}"))
            all.sort()
            var distinct: [Int] = []
            distinct.reserveCapacity(all.count)
            for document in all where distinct.last != document { distinct.append(document) }
            self.bytes = bytes
            self.termRecords = termRecords
            self.bestDocuments = distinct
        }
    }

    /// The documents whose records a common term's postings file carries, ascending: its `first`
    /// documents, and the whole of its best tier (its documents at its highest score) when that
    /// tier is at most `tierRecords` documents and an eighth of the term's postings. A query of
    /// several words shows documents of each word's best tier when ten are in all of them (a
    /// title word's: "velvet fox"), and those are the first ten of neither word when the words
    /// do not go together: with the tier's records, the rarer word's file brings them, where
    /// they took a second round trip for their record groups (three at 100,000 recipes). A tier
    /// that is most of its term (an ingredient's) is left out: its records would outweigh the
    /// postings, and the query's first ten are those of the term's first ten then.
    static func postingsRecords(_ postings: [UInt32], first: [Int]) -> [Int] {
        var highest: UInt32 = 0, tier = 0
        for posting in postings {
            let score = posting & 0xFF
            if score > highest {
                highest = score
                tier = 1
            } else if score == highest {
                tier += 1
            }
        }
        guard tier > first.count, tier <= tierRecords, tier * 8 <= postings.count else { return first }
        return postings.compactMap { $0 & 0xFF == highest ? Int($0 >> 8) : nil }
    }

    /// The documents among the first `shownResults` of any of the shard's terms (`ShardFile.bestDocuments`).
    package static func bestDocuments(_ shard: Shard) -> [Int] {
        ShardFile(shard).bestDocuments
    }

    /// A term's first `shownResults` documents, ascending.
    package static func bestDocuments(_ term: Term) -> [Int] {
        best(term.postings, limit: shownResults).map { Int($0 >> 8) }.sorted()
    }

    /// A shard's file (`ShardFile.bytes`).
    package static func shardFile(_ shard: Shard) -> Data {
        shardFile(ShardFile(shard))
    }

    package static func shardFile(_ file: ShardFile) -> Data {
        Data(file.bytes + [UInt8(ascii: "\n")])
    }

    package static func postingsFile(_ shard: Shard, term: Int, records: ([Int], inout [UInt8]) -> Void) -> Data {
        postingsFile(ShardFile(shard), shard, term: term, records: records)
    }

    /// A common term's every posting, grouped by score, the best first, after its whole shard and
    /// before the records of its first `shownResults` documents or its best tier (`ShardFile.termRecords`, written by
    /// `records` as `{"document":record,…}`): `[{shard},[score,"documents",…],{records}]`
    /// (`SearchPostings`). A query of several words needs the shard and the postings for each
    /// word, and at 4× CPU throttling each fetch costs a fresh page's main thread some 5 ms before
    /// its bytes do: with the shard (a few hundred bytes) inside, a word whose own term has a
    /// postings file takes one fetch, not two. The records (about 400 bytes compressed) spare a
    /// second round trip when the query's first ten are the first of one word's, as they are
    /// when its words go together (egg white, coconut cream: the rarer word's best documents
    /// have the other word too).
    package static func postingsFile(_ file: ShardFile, _ shard: Shard, term: Int, records: ([Int], inout [UInt8]) -> Void) -> Data {
        let postings = shard.terms[term].postings
        var bytes: [UInt8] = []
        bytes.reserveCapacity(file.bytes.count + 2 * postings.count + 1024)
        bytes.append(UInt8(ascii: "["))
        bytes += file.bytes
        bytes += ",[".utf8
        SearchPostings.append(SearchPostings.bestFirst(postings), to: &bytes)
        bytes += "],".utf8
        records(file.termRecords[term], &bytes)
        bytes += "]\n".utf8
        return Data(bytes)
    }

    /// Where the index's files go, under the tree's `search/`.
    package static func shardPath(_ key: String) -> String { "search/t/\(fileName(key)).json" }
    package static func bestRecordsPath(_ key: String) -> String { "search/b/\(fileName(key)).json" }
    package static func postingsPath(_ key: String, _ number: Int) -> String { "search/p/\(fileName(key))-\(number).json" }
    package static func recordsPath(_ group: Int) -> String { "search/r/\(group).json" }

    /// How many record files `documentCount` documents take.
    package static func recordGroups(_ documentCount: Int) -> Int {
        (documentCount + recordsPerGroup - 1) / recordsPerGroup
    }

    /// A fingerprint of a shard's terms, equal exactly when its file's bytes are.
    package static func fingerprint(_ shard: Shard) -> Fingerprint {
        var hasher = FingerprintHasher("search shard")
        hasher.combine(shard.key)
        for term in shard.terms {
            hasher.combine(term.text)
            term.postings.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        return hasher.finalize()
    }
}

/// A folded word of a document and what it scores there: the sum of the weights of the fields it
/// occurs in (`SearchDocument.Field`).
package struct ScoredTerm: Sendable, Hashable {
    package var text: String
    package var score: Int

    package init(_ text: String, _ score: Int) {
        self.text = text
        self.score = score
    }
}

/// A finished index's postings, shared by its terms and let go with the last of them.
final class FinishedPostings: Sendable {
    let postings: SearchPostingStore

    init(_ postings: SearchPostingStore) {
        self.postings = postings
    }
}
