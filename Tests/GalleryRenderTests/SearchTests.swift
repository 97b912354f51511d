import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit
@testable import GalleryRender
@testable import GallerySupport

@Suite struct SearchTests {
    // MARK: Words

    @Test func wordsFoldCaseAndAccentsAsTheScriptDoes() {
        let words = SearchWords(language: "en")
        #expect(words.words("Piña Colada, CRÈME de coco!") == ["pina", "colada", "creme", "de", "coco"])
        #expect(SearchWords.fold("Ætna Ångström") == "ætna angstrom")
        #expect(SearchWords.fold("ジン") == "ジン", "kana keep their voicing marks, as search.js leaves them")
    }

    @Test func japaneseAndChineseTitlesSplitIntoWords() {
        let japanese = SearchWords(language: "ja").words("抹茶ラテの作り方")
        #expect(japanese.contains("抹茶") && japanese.contains("作り方") && japanese.joined() == "抹茶ラテの作り方", "\(japanese)")
        #expect(SearchWords(language: "zh").words("北京烤鸭") == ["北京", "烤鸭"])
    }

    @Test func hyphensAndPunctuationSplitButApostrophesKeepAWord() {
        #expect(SearchWords(language: "en").words("zero-proof (Mai'Tai) 1.5 oz") == ["zero", "proof", "mai'tai", "1.5", "oz"])
    }

    @Test func plainASCIITextSplitsAsICUSplitsIt() {
        let words = SearchWords(language: "en")
        let samples = ["Stir with ice, strain 1.5 oz (45 ml) of gin.", "mai'tai e.g. 1,000 a.1 1.a a,b 1;2 x'y' 'z 10ml 3.5.6 a..b",
                       "Don't -- shake! \"Equal\" parts; 2/3 & more...", "  ", "A.B.C. 4.50 1,5,6 x.'y"]
        // And 3,000 strings of letters, digits and the marks that join or split words.
        var state: UInt64 = 7
        let alphabet = Array("aZ9 .,;'-()!/\"&x1".utf8)
        let generated = (0..<3_000).map { _ in
            String(decoding: (0..<12).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return alphabet[Int(state >> 33) % alphabet.count]
            }, as: UTF8.self)
        }
        for text in samples + generated {
            var copy = text
            let ascii = copy.withUTF8(SearchWords.asciiWords)
            #expect(ascii == words.icuWords(text), "\(text)")
        }
        var accented = "Piña", underscore = "a_b", colon = "a:b"
        #expect(accented.withUTF8(SearchWords.asciiWords) == nil && underscore.withUTF8(SearchWords.asciiWords) == nil
                && colon.withUTF8(SearchWords.asciiWords) == nil, "left to ICU")
    }

    @Test func aDocumentsTermsAreItsDistinctWordsWithTheFieldsTheyAreIn() {
        let words = SearchWords(language: "en")
        // One instance scores document after document (its tally is reused); the third has
        // more distinct words than the tally's first table holds.
        let many = (0..<700).map { "w\($0 * 7919 % 1000)" }.joined(separator: " ")
        let documents = [
            SearchDocument([(.title, "Piña Colada 2"), (.keyword, "2 oz rum"), (.keyword, "PIÑA juice"), (.body, "Shake: piña, RUM, ice_cube.")]),
            SearchDocument([(.title, "Gin"), (.summary, "gin GIN Gin 1.5"), (.body, "抹茶ラテの作り方 gin")]),
            SearchDocument([(.title, "Many"), (.body, many), (.summary, many.uppercased())]),
        ]
        for document in documents {
            var expected: [String: Int] = [:]
            for (field, text) in document.texts {
                for word in Set(words.words(text)) where field == .title || !SearchWords.isQuantity(word) {
                    expected[word, default: 0] += field.weight
                }
            }
            let terms = document.terms(words: words)
            #expect(terms.count == Set(terms.map(\.text)).count, "each word once")
            #expect(Dictionary(uniqueKeysWithValues: terms.map { ($0.text, $0.score) }) == expected)
        }
    }

    @Test func aWordScannedFromTextAndTheSameWordGivenWholeAreOneTerm() throws {
        // Words of every length around the eight bytes compared at a time, some at the very end
        // of their text (where fewer than eight bytes can be read), scanned from ASCII text, split
        // by ICU (the accented text) and given whole as `serve` keeps them: each is one term.
        let lengths = [1, 2, 7, 8, 9, 15, 16, 17, 24]
        let words = lengths.map { String(repeating: "ab", count: 12).prefix($0) }.map(String.init)
        let tally = SearchWords(language: "en")
        SearchDocument([(.title, words.map { $0.uppercased() }.joined(separator: " "))]).note(in: tally)
        for word in words {
            SearchDocument([(.body, "x " + word), (.summary, word.capitalized)]).note(in: tally)
            SearchDocument([(.body, "é " + word)]).note(in: tally)
        }
        tally.addDocument(words.map { ScoredTerm($0, 6) })
        var index = SearchIndex()
        index.add(tally.takeBatch())
        index.finish()
        let terms = index.shards.flatMap(\.terms)
        #expect(terms.map(\.text).sorted() == (words + ["x", "e"]).sorted(), "each word once (é folded)")
        for term in terms where words.contains(term.text) {
            #expect(term.postingCount == 4, "\(term.text): the title, its own two texts and the words given whole")
        }
    }

    // MARK: Scores

    @Test func titleOutweighsTagsAndIngredientsWhichOutweighTheBody() throws {
        let recipe = Recipe(slug: "m", title: "Lime Margarita", sourcePath: "m.md", summary: "Tart", tags: ["Sour"],
                            ingredients: ["2 oz tequila", "1 oz lime juice"])
        let terms = SearchDocument(recipe: recipe, body: "Shake with ice. A tart classic.").terms(words: SearchWords(language: "en"))
        let score = Dictionary(uniqueKeysWithValues: terms.map { ($0.text, $0.score) })
        #expect(score["margarita"] == 16)
        #expect(score["lime"] == 16 + 6, "title and ingredient")
        #expect(score["tequila"] == 6 && score["sour"] == 6)
        #expect(score["tart"] == 3 + 1, "summary and body, each once")
        #expect(score["ice"] == 1)
        #expect(score["2"] == nil && score["oz"] == 6, "an ingredient's quantity is not a word to find")
    }

    // MARK: Shards

    /// 100 documents with "lime", 3 with "lillet", 1 with "mint": "li" holds both li- terms.
    static func smallIndex(editing edited: Int? = nil) -> SearchIndex {
        var index = SearchIndex()
        index.add((0..<100).map { document in
            var terms = [ScoredTerm("lime", document % 7 == 0 ? 22 : 6)]
            if document < 3 { terms.append(ScoredTerm("lillet", 6)) }
            if document == 50 { terms.append(ScoredTerm(edited == nil ? "mint" : "mango", 16)) }
            return terms.sorted { $0.text < $1.text }
        })
        index.finish()
        return index
    }

    @Test func termsAreShardedByTheirFirstTwoLetters() throws {
        let index = Self.smallIndex()
        #expect(index.shards.map(\.key) == ["li", "mi"])
        #expect(index.shards[0].terms.map(\.text) == ["lillet", "lime"])
        let manifest = try #require(try JSONSerialization.jsonObject(with: index.manifest) as? [String: Any])
        #expect(manifest["documents"] as? Int == 100 && manifest["shards"] as? [String] == ["li", "mi"])
        #expect(manifest["postings"] as? [String: Int] == ["lime": 0], "the one term with a postings file")
        #expect(SearchIndex.shardKey("カレー") == "カレ" && SearchIndex.fileName("カレ") == "e382abe383ac" && SearchIndex.fileName("ab") == "ab")
    }

    @Test func aShardListsEachTermsBestDocumentsAndCommonTermsGetTheirOwnFile() throws {
        let index = Self.smallIndex()
        let shard = try #require(try JSONSerialization.jsonObject(with: SearchIndex.shardFile(index.shards[0])) as? [String: [Any]])
        #expect(shard["lillet"]?.count == 2, "a rare term is listed whole and has no postings file")
        #expect(try Self.postings(#require(shard["lillet"]?[1] as? [Any])) == [0, 6, 1, 6, 2, 6])
        let lime = try #require(shard["lime"])
        #expect(lime[0] as? Int == 100 && lime[2] as? Int == 0)
        let top = try Self.postings(#require(lime[1] as? [Any]))
        #expect(top.count == 2 * SearchIndex.topPostings)
        // Best first (every seventh document scores 22), equal scores in document order.
        #expect(Array(top.prefix(6)) == [0, 22, 7, 22, 14, 22])
        #expect(top[2 * 15] == 1 && top[2 * 15 + 1] == 6)
        #expect(index.shards[0].fullTerms == [1])
        // The postings file holds its shard too, so that a query of several words needs one fetch
        // for the word, and the records of the term's first ten documents (here each document's number).
        let data = SearchIndex.postingsFile(index.shards[0], term: 1) { documents, bytes in
            bytes += ("{" + documents.map { "\"\($0)\":\($0)" }.joined(separator: ",") + "}").utf8
        }
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        #expect(file.count == 3 && (file[0] as? NSDictionary) == (shard as NSDictionary))
        let records = try #require(file[2] as? [String: Int])
        #expect(records.values.sorted() == Array(stride(from: 0, to: 70, by: 7)), "the ten scoring 22, in document order")
        #expect(records.allSatisfy { $0.key == String($0.value) })
        let all = try Self.postings(#require(file[1] as? [Any]))
        #expect(all.count == 200)
        #expect(stride(from: 0, to: all.count, by: 2).map { all[$0] }.sorted() == Array(0..<100))
        #expect(stride(from: 0, to: all.count, by: 2).allSatisfy { all[$0 + 1] == (all[$0] % 7 == 0 ? 22 : 6) })
    }

    @Test func aPostingsFileCarriesTheRecordsOfItsTermsBestTierWhenItIsASmallPartOfTheTerm() throws {
        // "velvet": 400 documents, 30 of them in the title (every 13th); "lime": 100, 15 scoring 22
        // (every 7th, more than an eighth); "fox": 400, 300 in the title (more than `tierRecords`).
        var index = SearchIndex()
        index.add((0..<400).map { document in
            var terms = [ScoredTerm("velvet", document % 13 == 0 && document < 390 ? 17 : 1), ScoredTerm("fox", document < 300 ? 16 : 1)]
            if document < 100 { terms.append(ScoredTerm("lime", document % 7 == 0 ? 22 : 6)) }
            return terms
        })
        index.finish()
        func records(_ term: String) throws -> [Int] {
            let shard = try #require(index.shards.first { $0.terms.contains { $0.text == term } })
            let number = try #require(shard.terms.firstIndex { $0.text == term })
            let data = SearchIndex.postingsFile(shard, term: number) { documents, bytes in
                bytes += ("{" + documents.map { "\"\($0)\":\($0)" }.joined(separator: ",") + "}").utf8
            }
            let file = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
            return try #require(file[2] as? [String: Int]).values.sorted()
        }
        #expect(try records("velvet") == Array(stride(from: 0, to: 390, by: 13)), "the whole tier of 30")
        #expect(try records("lime") == Array(stride(from: 0, to: 70, by: 7)), "its first ten: the tier is most of the term")
        #expect(try records("fox") == Array(0..<10), "its first ten: the tier is over \(SearchIndex.tierRecords)")
    }

    /// Postings grouped by score, read back as `[document, score, …]`.
    static func postings(_ groups: [Any]) throws -> [Int] {
        try #require(SearchOutput.postings(groups))
    }

    @Test func postingsAreWrittenAsScoreGroupsOfDocumentGaps() throws {
        // Gaps of 0, 31 (one digit), 32 and 100,000 (several), a score of its own between.
        let postings: [UInt32] = [0, 32, 65, 100_066].map { $0 << 8 | 6 } + [7 << 8 | 1]
        var bytes: [UInt8] = []
        SearchPostings.append(SearchPostings.bestFirst(postings.sorted { $0 >> 8 < $1 >> 8 }), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"6,"AfhAjh1A",1,"H""#)
        let read = try Self.postings(#require(try JSONSerialization.jsonObject(with: Data("[".utf8 + bytes + "]".utf8)) as? [Any]))
        #expect(read == [0, 6, 32, 6, 65, 6, 100_066, 6, 7, 1])
        #expect((0..<64).map { SearchPostings.character(UInt32($0)) } == SearchPostings.alphabet)
    }

    @Test func theBestPostingsAreThoseASortOfAllPutsFirst() {
        // 5,000 documents, a third of them with the term, scores from a few field sums.
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        let postings = (0..<5_000).filter { _ in next() % 3 == 0 }.map { UInt32($0) << 8 | UInt32([1, 3, 6, 7, 16, 22][next() % 6]) }
        let sorted = postings.sorted { a, b in (a & 0xFF, b >> 8) > (b & 0xFF, a >> 8) }
        for limit in [1, 10, 64, 1_000, postings.count, postings.count + 5] {
            #expect(SearchIndex.best(postings, limit: limit) == Array(sorted.prefix(limit)), "\(limit)")
        }
        #expect(SearchIndex.best([], limit: 10).isEmpty)
    }

    @Test func aShardsBestRecordsAreEachOfItsTermsFirstTenDocuments() {
        let index = Self.smallIndex()
        // "lime": the ten documents scoring 22 (0, 7, … 63) before any scoring 6; "lillet": 0, 1, 2.
        #expect(SearchIndex.bestDocuments(index.shards[0]) == [0, 1, 2, 7, 14, 21, 28, 35, 42, 49, 56, 63])
        #expect(SearchIndex.bestDocuments(index.shards[1]) == [50])
        #expect(SearchIndex.bestRecordsPath("カレ") == "search/b/e382abe383ac.json")
    }

    @Test func anEditChangesOnlyTheShardsOfTheWordsItTouched() {
        let before = Self.smallIndex(), after = Self.smallIndex(editing: 50)
        #expect(after.shards.map(\.key) == ["li", "ma"])
        #expect(SearchIndex.fingerprint(before.shards[0]) == SearchIndex.fingerprint(after.shards[0]))
        #expect(SearchIndex.shardFile(before.shards[0]) == SearchIndex.shardFile(after.shards[0]))
    }

    @Test func theSameDocumentsGiveTheSameBytes() {
        let first = Self.smallIndex(), second = Self.smallIndex()
        #expect(first == second && first.manifest == second.manifest)
        #expect(first.shards.map(SearchIndex.shardFile) == second.shards.map(SearchIndex.shardFile))
    }

    // MARK: The built site

    @Test func theIndexFindsEveryRecipeAndItsRecordsLinkToTheirPages() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        let search = try #require(SearchOutput(output: site.outputDirectory))
        #expect(search.titles == ["Negroni", "Daiquiri <Classic>"])
        #expect(search.urls == ["recipes/negroni/index.html", "recipes/daiquiri/index.html"])
        #expect(search.urls.allSatisfy { site.exists($0) })
        let negroni = search.records[0]
        #expect(negroni[3] as? [String] == ["gin", "bitter"] && negroni[4] as? String == "3 min")
        #expect((negroni[2] as? String)?.hasPrefix("images/red") == true && site.exists(negroni[2] as! String))
        #expect(search.documents("campari", shard: "ca") == [0], "ingredients are words")
        #expect(search.documents("rocks", shard: "ro") == [0], "the glass")
        #expect(search.documents("negroni", shard: "ne") == [0])
        // A shard's best records, by document, are the records themselves.
        let best = try #require(site.text("search/b/ne.json").flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: [Any]] })
        #expect(best.keys.sorted() == ["0"] && best["0"]?.first as? String == "Negroni" && best["0"]?[1] as? String == search.urls[0])
        // Built twice, the index is the same bytes.
        let again = try BuiltSite()
        defer { again.remove() }
        for path in try FileManager.default.subpathsOfDirectory(atPath: site.outputDirectory.appendingPathComponent("search").path).sorted() {
            #expect(site.text("search/" + path) == again.text("search/" + path), "\(path)")
        }
    }

    @Test func theIndexIsLetGoOnceItsFilesAreMadeWhileItsPathsStayKnown() throws {
        let temporary = try TemporaryDirectory()
        let folder = try temporary.copyFixture("basic")
        let builder = SiteBuilder(options: BuildOptions(siteDirectory: folder, themeDirectory: Repository.templates))
        let log = DiagnosticDigest(detail: .grouped, listsAdvice: false)
        let tree = try builder.plan(builder.load(log), log).trees[0]
        let paths = tree.outputPaths
        #expect(paths.contains("search/t/ne.json") && tree.searchPlan.holdsIndex, "planning the paths made the index")
        let (files, diagnostics) = PageRenderer(plan: tree).render()
        #expect(!diagnostics.contains { $0.severity == .error })
        #expect(!tree.searchPlan.holdsIndex, "every file of the index is made")
        #expect(files.map(\.path) == paths && tree.outputPaths == paths)
        #expect(!tree.searchPlan.holdsIndex, "the paths did not make it again")
        #expect(files.first { $0.path == "search/t/ne.json" }.map { String(decoding: $0.data ?? Data(), as: UTF8.self) }?.contains("negroni") == true)
    }

    @Test func galleryTagAndRecipePagesHaveTheSearchBoxInTheirHeader() throws {
        let site = try BuiltSite()
        defer { site.remove() }
        for (path, root) in [("index.html", ""), ("tags/gin/index.html", "../../"), ("recipes/negroni/index.html", "../../")] {
            let html = try #require(site.text(path))
            #expect(html.contains(#"<form class="search" role="search" data-index="\#(root)search/""#), "\(path)")
            #expect(html.contains(#"role="combobox" aria-expanded="false" aria-controls="search-results""#), "\(path)")
            #expect(html.contains(#"<script src="\#(root)assets/search.js" defer></script>"#), "\(path)")
            #expect(html.contains(#"<a class="az-link" href="\#(root)a-z/index.html">Recipes A–Z</a>"#), "\(path)")
        }
    }

    /// The basic fixture with a page of `pages/` and two journal posts.
    static func siteWithPostsAndAPage() throws -> BuiltSite {
        try BuiltSite { folder in
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("posts"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("pages"), withIntermediateDirectories: true)
            try "---\ntitle: Opening night\ndate: 2025-03-01\ntags: [News]\nimage: images/red.svg\nsummary: The bar opens.\n---\nWe pour Negronis till late.\n"
                .write(to: folder.appendingPathComponent("posts/opening.md"), atomically: true, encoding: .utf8)
            try "---\ntitle: Vermouth notes\ndate: 2025-01-05\n---\nOn **vermouth** and bitters.\n"
                .write(to: folder.appendingPathComponent("posts/vermouth.md"), atomically: true, encoding: .utf8)
            try "---\ntitle: About the bar\n---\nA small bar by the harbour.\n"
                .write(to: folder.appendingPathComponent("pages/about.md"), atomically: true, encoding: .utf8)
        }
    }

    @Test func journalPostsAreFoundAsPostsAfterTheRecipesAndPages() throws {
        let site = try Self.siteWithPostsAndAPage()
        defer { site.remove() }
        let search = try #require(SearchOutput(output: site.outputDirectory))
        #expect(search.titles == ["Negroni", "Daiquiri <Classic>", "About the bar", "Opening night", "Vermouth notes"])
        #expect(search.urls == ["recipes/negroni/index.html", "recipes/daiquiri/index.html", "about/index.html",
                                "journal/opening/index.html", "journal/vermouth/index.html"])
        #expect(search.urls.allSatisfy { site.exists($0) })
        let opening = search.records[3], about = search.records[2]
        #expect(opening[3] as? [String] == ["News"] && opening[4] as? String == "Journal · 1 March 2025" && opening[5] as? String == "post")
        #expect((opening[2] as? String)?.hasPrefix("images/red") == true)
        #expect(about.count == 6 && about[5] as? String == "page")
        #expect(search.records[0].count == 5, "a recipe's record has no kind")
        #expect(search.documents("opening", shard: "op") == [3], "a post's title")
        #expect(search.documents("news", shard: "ne") == [3], "a post's tag")
        #expect(search.documents("bitters", shard: "bi") == [4], "a post's body, Markdown left out")
        #expect(search.documents("vermouth", shard: "ve") == [4, 0], "a post's title outranks a recipe's ingredient")
        #expect(search.documents("negronis", shard: "ne") == [3])
        #expect(search.documents("harbour", shard: "ha") == [2], "a page's body")
    }

    @Test func journalPostAndContentPagesHaveTheSearchBoxAndTheAToZLink() throws {
        let site = try Self.siteWithPostsAndAPage()
        defer { site.remove() }
        for (path, root) in [("journal/index.html", "../"), ("journal/opening/index.html", "../../"), ("about/index.html", "../")] {
            let html = try #require(site.text(path))
            #expect(html.contains(#"<form class="search" role="search" data-index="\#(root)search/""#), "\(path)")
            #expect(html.contains(#"<script src="\#(root)assets/search.js" defer></script>"#), "\(path)")
            #expect(html.contains(#"<a class="az-link" href="\#(root)a-z/index.html">Recipes A–Z</a>"#), "\(path)")
        }
    }

    @Test func searchCanBeTurnedOffWhileTheAToZPageStays() throws {
        let site = try BuiltSite { folder in
            try BuiltSite.replace("language: en\n", with: "language: en\nsearch: false\n", in: folder.appendingPathComponent("site.yml"))
        }
        defer { site.remove() }
        #expect(!site.exists("search/index.json"))
        #expect(site.text("index.html")?.contains("search.js") == false)
        #expect(site.text("index.html")?.contains("a-z/index.html") == true)
        #expect(site.report.diagnostics.isEmpty)
    }

    @Test func searchScriptIsSmallPlainJavaScript() throws {
        let url = Repository.templates.appendingPathComponent("assets/search.js")
        let script = try #require(FileManager.default.contents(atPath: url.path))
        // Under 6 KB compressed (test_search.py measures gzip); plain text stays under 16 KB.
        #expect(script.count <= 16_384)
        let text = String(decoding: script, as: UTF8.self)
        #expect(!text.contains("import ") && !text.contains("WebAssembly") && !text.contains("require("))
    }
}
