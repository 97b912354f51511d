import Foundation
import GalleryContent
import GalleryImages
import GallerySupport
import Mustache
import Synchronization

/// The files of the search index (`SearchIndex`) under the tree's `search/`, unless site.yml turns
/// search off: the manifest, the term shards, each shard's best records, the postings of common
/// terms, the record groups.
/// Each is a file of its own with its own fingerprint, so an incremental build or `serve` writes
/// again only the shards and records an edit changed.
package struct SearchIndexFile: GeneratedFile {
    /// The search index's manifest; its shards and records are beside it (`SearchIndex`).
    package static let manifestPath = "search/index.json"

    /// What file `index` of the kind is.
    enum Part: Equatable {
        case manifest
        case shard(Int)
        case bestRecords(shard: Int)
        case postings(shard: Int, term: Int, number: Int)
        case records(group: Int)
    }

    package func count(in site: PagePlan) -> Int {
        guard site.site.config.search else { return 0 }
        let plan = site.searchPlan.layout(of: site)
        return 1 + 2 * plan.shardKeys.count + plan.postings.count + SearchIndex.recordGroups(plan.documentCount)
    }

    func part(_ index: Int, in site: PagePlan) -> Part {
        let plan = site.searchPlan.layout(of: site)
        if index == 0 { return .manifest }
        var index = index - 1
        if index < plan.shardKeys.count { return .shard(index) }
        index -= plan.shardKeys.count
        if index < plan.shardKeys.count { return .bestRecords(shard: index) }
        index -= plan.shardKeys.count
        if index < plan.postings.count {
            let (shard, term, number) = plan.postings[index]
            return .postings(shard: shard, term: term, number: number)
        }
        return .records(group: index - plan.postings.count)
    }

    package func path(_ index: Int, in site: PagePlan) -> String {
        let keys = site.searchPlan.layout(of: site).shardKeys
        switch part(index, in: site) {
        case .manifest: return SearchIndexFile.manifestPath
        case .shard(let shard): return SearchIndex.shardPath(keys[shard])
        case .bestRecords(let shard): return SearchIndex.bestRecordsPath(keys[shard])
        case .postings(let shard, _, let number): return SearchIndex.postingsPath(keys[shard], number)
        case .records(let group): return SearchIndex.recordsPath(group)
        }
    }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        let plan = site.plan.searchPlan.index(of: site.plan)
        if let failure = plan.failure { throw failure }
        let shards = plan.index.shards
        let data: Data
        switch part(index, in: site.plan) {
        case .manifest: data = plan.index.manifest
        case .shard(let shard): data = SearchIndex.shardFile(plan.shardFile(shard))
        case .bestRecords(let shard): data = site.searchRecords(plan.shardFile(shard).bestDocuments, cache: plan.records)
        case .postings(let shard, let term, _):
            data = SearchIndex.postingsFile(plan.shardFile(shard), shards[shard], term: term) { documents, bytes in
                site.appendSearchRecords(documents, cache: plan.records, to: &bytes)
            }
        case .records(let group): data = site.searchRecords(group: group, documentCount: plan.index.documentCount, cache: plan.records)
        }
        return OutputFile(path: path(index, in: site.plan), contents: .data(data))
    }

    /// Every file is made: the index (at 100,000 recipes, 7.3 million postings) goes, and
    /// only what the paths need stays.
    package func finished(in site: PagePlan) {
        site.searchPlan.releaseIndex()
    }

    /// The manifest and the shards by their terms and postings; the postings files by their shard's
    /// and their best records'; a record group by its recipes' cards and pages.
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        let plan = site.plan.searchPlan.index(of: site.plan)
        var hasher = inputs.hasher("search")
        func combineRecords(_ documents: [Int]) {
            for document in documents {
                hasher.combine(document)
                site.plan.combineRecord(of: document, inputs: inputs, into: &hasher)
            }
        }
        switch part(index, in: site.plan) {
        case .manifest:
            hasher.combine(plan.index.manifest)
        case .shard(let shard):
            hasher.combine(SearchIndex.fingerprint(plan.index.shards[shard]))
        case .bestRecords(let shard):
            combineRecords(plan.shardFile(shard).bestDocuments)
        case .postings(let shard, let term, _):
            hasher.combine(term)
            hasher.combine(SearchIndex.fingerprint(plan.index.shards[shard]))
            combineRecords(plan.shardFile(shard).termRecords[term])
        case .records(let group):
            hasher.combine(group)
            let range = group * SearchIndex.recordsPerGroup..<min(plan.index.documentCount, (group + 1) * SearchIndex.recordsPerGroup)
            for document in range { site.plan.combineRecord(of: document, inputs: inputs, into: &hasher) }
        }
        hasher.combine(plan.failure != nil)
        return hasher.finalize()
    }
}

/// A tree's search index, made once for all the kind's questions (how many files, which paths,
/// which bytes) by whichever thread asks first; copies of a renderer share it.
package final class SearchIndexPlan: Sendable {
    package struct Made: Sendable {
        package var index = SearchIndex()
        /// Each postings file: its shard, its term in the shard, its number among the shard's.
        var postings: [(shard: Int, term: Int, number: Int)] = []
        var shards: [SearchIndex.Shard] { index.shards }
        /// A body that could not be read again: the index is not written, and the build fails.
        var failure: Diagnostic?
        /// Each shard's file and best documents, made once for its file and its postings files.
        var shardFiles: [SharedLazy<SearchIndex.ShardFile>] = []
        /// Each record's bytes, made once for every file that holds it.
        var records = SearchRecordCache(documentCount: 0)

        func shardFile(_ shard: Int) -> SearchIndex.ShardFile {
            shardFiles[shard].get { SearchIndex.ShardFile(shards[shard]) }
        }
    }

    /// What the files' count and paths need of the index, kept when the index goes.
    struct Layout: Sendable {
        var shardKeys: [String]
        var postings: [(shard: Int, term: Int, number: Int)]
        var documentCount: Int
    }

    /// The index, made on first use; nil again once every file of it is made (`releaseIndex`),
    /// and made again only if asked for after that.
    private let made = Mutex<Made?>(nil)
    private let madeLayout = SharedLazy<Layout>()

    package init() {}

    package func index(of site: PagePlan) -> Made {
        made.withLock { made in
            if let made { return made }
            let index = Self.make(site)
            made = index
            return index
        }
    }

    /// The shard keys, postings files and document count: made with the index, kept without it.
    func layout(of site: PagePlan) -> Layout {
        madeLayout.get {
            let made = index(of: site)
            return Layout(shardKeys: made.shards.map(\.key), postings: made.postings, documentCount: made.index.documentCount)
        }
    }

    /// Lets the index go (the build has written its files); the layout stays.
    func releaseIndex() {
        made.withLock { $0 = nil }
    }

    /// Whether the index is made and not yet let go.
    var holdsIndex: Bool { made.withLock { $0 != nil } }

    /// Documents a core tokenises in one go, with one ICU iterator.
    static let batchSize = 256

    static func make(_ renderer: PagePlan) -> Made {
        var made = Made()
        let count = renderer.searchDocumentCount
        let language = renderer.site.config.language
        let failure = Mutex<Diagnostic?>(nil)
        // Batches of batches, two for each core: about a thousand documents' terms at a time on
        // two cores are all a build holds (16 batches held 7 MB at 100,000 recipes).
        let round = batchSize * 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
        for start in stride(from: 0, to: count, by: round) {
            let end = min(count, start + round)
            let batches = concurrentMap(count: (end - start + batchSize - 1) / batchSize) { batch -> SearchTermBatch in
                let words = SearchWords(language: language)
                for document in (start + batch * batchSize)..<min(end, start + (batch + 1) * batchSize) {
                    do {
                        try renderer.noteSearchTerms(document, words: words)
                    } catch {
                        let diagnostic = error as? Diagnostic ?? .error("\(error)", path: "search/")
                        failure.withLock { $0 = $0 ?? diagnostic }
                        words.endDocument()
                    }
                }
                return words.takeBatch()
            }
            for batch in batches { made.index.add(batch) }
            // The lists grow by copying: the room the old copies leave is handed back as it goes,
            // or a large site's index would leave the heap some 10 MB above what it holds.
            FreeMemory.release()
        }
        made.index.finish()
        FreeMemory.release()
        made.shardFiles = made.index.shards.map { _ in SharedLazy() }
        made.records = SearchRecordCache(documentCount: made.index.documentCount)
        for (shard, value) in made.index.shards.enumerated() {
            for (number, term) in value.fullTerms.enumerated() { made.postings.append((shard, term, number)) }
        }
        made.failure = failure.withLock { $0 }
        return made
    }
}

/// What a document of the index is: recipes in gallery order, then pages, then journal posts
/// (newest first).
enum SearchDocumentKind: Equatable {
    case recipe(Int)
    case page(Int)
    case post(Int)

    init(_ document: Int, recipes: Int, pages: Int) {
        if document < recipes {
            self = .recipe(document)
        } else if document < recipes + pages {
            self = .page(document - recipes)
        } else {
            self = .post(document - recipes - pages)
        }
    }
}

extension PagePlan {
    /// Recipes, pages and posts.
    var searchDocumentCount: Int { site.recipes.count + site.pages.count + site.posts.count }

    func searchDocumentKind(_ document: Int) -> SearchDocumentKind {
        SearchDocumentKind(document, recipes: site.recipes.count, pages: site.pages.count)
    }

    /// What document `document`'s record shows: its card, page or post.
    func combineRecord(of document: Int, inputs: PageInputs, into hasher: inout FingerprintHasher) {
        switch searchDocumentKind(document) {
        case .recipe(let number): hasher.combine(inputs.cards[number])
        case .page(let number): hasher.combine(inputs.pages[number])
        case .post(let number): hasher.combine(inputs.posts[number])
        }
    }

    /// Notes document `index`'s words in `words` as its next document (`SearchWords.endDocument`),
    /// from the memo when `serve` has seen the same recipe. Throws, having noted nothing, when a
    /// recipe's body cannot be read again.
    func noteSearchTerms(_ index: Int, words: SearchWords) throws(Diagnostic) {
        switch searchDocumentKind(index) {
        case .recipe: break
        case .page(let number):
            let page = site.pages[number]
            return SearchDocument(page: page, body: Markdown.plainText(page.body)).note(in: words)
        case .post(let number):
            let post = site.posts[number]
            return SearchDocument(post: post, body: Markdown.plainText(post.body)).note(in: words)
        }
        let recipe = site.recipes[index]
        guard let memo else { return SearchDocument.note(recipe: recipe, body: try site.body(of: recipe), in: words) }
        let key = memo.recipe(recipe).page
        if let known = memo.searchTerms(key) { return words.addDocument(known) }
        SearchDocument.note(recipe: recipe, body: try site.body(of: recipe), in: words)
        memo.keepSearchTerms(words.lastDocument(), for: key)
    }
}

extension PageRenderer {
    /// Record group `group`: its documents' records in order.
    func searchRecords(group: Int, documentCount: Int, cache: SearchRecordCache) -> Data {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        let range = group * SearchIndex.recordsPerGroup..<min(documentCount, (group + 1) * SearchIndex.recordsPerGroup)
        for document in range {
            if document > range.lowerBound { bytes.append(UInt8(ascii: ",")) }
            appendSearchRecord(document, cache: cache, to: &bytes)
        }
        bytes += "]\n".utf8
        return Data(bytes)
    }

    /// A shard's best records (`SearchIndex.ShardFile.bestDocuments`): `{"document":record,…}`.
    func searchRecords(_ documents: [Int], cache: SearchRecordCache) -> Data {
        var bytes: [UInt8] = []
        appendSearchRecords(documents, cache: cache, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return Data(bytes)
    }

    /// `{"document":record,…}`, for a shard's best records and a postings file's.
    func appendSearchRecords(_ documents: [Int], cache: SearchRecordCache, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        for (position, document) in documents.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            SearchPostings.appendDecimal(UInt32(document), to: &bytes)
            bytes += "\":".utf8
            appendSearchRecord(document, cache: cache, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Document `document`'s record, from `cache` when it is made, else made and kept there.
    private func appendSearchRecord(_ document: Int, cache: SearchRecordCache, to bytes: inout [UInt8]) {
        guard !cache.append(document, to: &bytes) else { return }
        var record: [UInt8] = []
        appendSearchRecord(document, to: &record)
        cache.keep(document, record)
        bytes += record
    }

    /// Document `document`'s record: `[title, address, thumbnail, tags, time]`, addresses from the
    /// tree's root (search.js resolves them against `search/`'s folder); a page adds its kind,
    /// `"page"`, and a post `"post"` with "Journal · date" in place of the time, so that the
    /// results show what kind of thing each is. Written straight into `bytes`, as `JSONValue`
    /// would write the array; once a build (`SearchRecordCache`), though it is written five or six
    /// times: its group, and the best records and postings files that lead with it.
    func appendSearchRecord(_ document: Int, to bytes: inout [UInt8]) {
        func strings(_ items: [String]) {
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONValue.writeString(item, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        func field(_ text: String) {
            bytes.append(UInt8(ascii: ","))
            JSONValue.writeString(text, to: &bytes)
        }
        bytes.append(UInt8(ascii: "["))
        switch plan.searchDocumentKind(document) {
        case .recipe(let number):
            let recipe = site.recipes[number]
            JSONValue.writeString(recipe.title, to: &bytes)
            field(URLPath.encode(RecipePage.path(of: recipe)))
            field(recipe.image.map(searchThumbnail) ?? "")
            bytes.append(UInt8(ascii: ","))
            strings(recipe.tags)
            field((recipe.totalTime ?? recipe.summedTime).map { plan.durations.text($0, in: self.strings) } ?? "")
        case .page(let number):
            let page = site.pages[number]
            JSONValue.writeString(page.title, to: &bytes)
            field(URLPath.encode(ContentPage.path(of: page)))
            bytes += ",\"\",[],\"\"".utf8
            field("page")
        case .post(let number):
            let post = site.posts[number]
            JSONValue.writeString(post.title, to: &bytes)
            field(URLPath.encode(PostPage.path(slug: post.slug)))
            field(post.image.map(searchThumbnail) ?? "")
            bytes.append(UInt8(ascii: ","))
            strings(post.tags)
            field("\(self.strings.text("journal")) · \(self.strings.date(post.date))")
            field("post")
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A result's picture: the smallest rendition (WebP when there is one), the SVG itself, or a
    /// remote picture's address; from the tree's root.
    func searchThumbnail(_ image: ImageReference) -> String {
        let root = assetRoot("")
        switch image {
        case .remote(let url):
            return url
        case .local(let path):
            guard let processed = pictures[path]?.processed else { return URLPath.link(to: AssetPaths.image(path), root: root) }
            if let vector = processed.vectorPath { return URLPath.link(to: vector, root: root) }
            let smallest = (processed.renditions(.webp).isEmpty ? processed.renditions(.jpeg) : processed.renditions(.webp)).min { $0.width < $1.width }
            return URLPath.link(to: smallest?.path ?? AssetPaths.image(path), root: root)
        }
    }

    /// What the header's search box needs (the index's folder, the script, the phrases), or null
    /// when site.yml turns search off.
    func searchContext(root: String) -> MustacheValue {
        guard site.config.search else { return .null }
        func phrases(_ key: String) -> String {
            JSONValue.object(Dictionary(uniqueKeysWithValues: strings.forms(key).map { ($0.key.rawValue, .string($0.value)) })).text
        }
        return ["indexURL": .string(URLPath.link(to: "search/", root: root)),
                "scriptURL": .string(URLPath.link(to: AssetPaths.searchScript, root: assetRoot(root))),
                "matches": .string(phrases("search_matches"))]
    }
}
