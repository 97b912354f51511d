import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit
@testable import GalleryServe

/// Titles, tags and file names in any script: pages written as UTF-8, every URL percent-encoded,
/// the link checker and the preview server following the encoded links.
@Suite struct UnicodeNamesTests {
    static let curry = "%E3%82%AB%E3%83%AC%E3%83%BC" // カレー
    static let washoku = "%E5%92%8C%E9%A3%9F" // 和食

    /// Builds a two-recipe site with Japanese and Cyrillic names; the failure's lines when it fails.
    func build(slugStyle: String? = nil, extra: [String: String] = [:], in temporary: TemporaryDirectory) throws -> (URL, [String]) {
        try temporary.write("site/site.yml", "title: Every script\nbase_url: https://example.com/\n" + (slugStyle.map { "slug_style: \($0)\n" } ?? ""))
        try temporary.write("site/recipes/カレー.md", "---\ntitle: 日本のカレー\ntags: [和食, борщ]\ndate: 2024-06-01\n---\nSimmer.\n")
        try temporary.write("site/recipes/borscht.md", "---\ntitle: Борщ\ntags: [борщ, Crème Brûlée]\ndate: 2024-06-02\n---\nBoil.\n")
        for (path, text) in extra { try temporary.write("site/" + path, text) }
        let output = temporary.url.appendingPathComponent("out")
        return (output, temporary.build(site: temporary.url.appendingPathComponent("site"), into: output))
    }

    func text(_ output: URL, _ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: output.appendingPathComponent(path).path) ?? Data(), as: UTF8.self)
    }

    @Test func slugsKeepLettersOfEveryScript() {
        #expect(Slug.make(from: "日本のカレー", style: .unicode) == "日本のカレー")
        #expect(Slug.make(from: "Борщ  по-киевски!", style: .unicode) == "борщ-по-киевски")
        #expect(Slug.make(from: "Crème Brûlée", style: .unicode) == "crème-brûlée")
        #expect(Slug.make(from: "Cre\u{300}me", style: .unicode).unicodeScalars.count == 5, "composed (NFC)")
        #expect(Slug.make(from: "Dark 'n' Stormy", style: .unicode) == "dark-n-stormy")
        #expect(Slug.make(from: "Corpse Reviver No. 2", style: .unicode) == "corpse-reviver-no-2")
        #expect(Slug.make(from: "مرحبا بكم", style: .unicode) == "مرحبا-بكم")
        #expect(Slug.make(from: "नमस्ते", style: .unicode) == "नमस्ते", "combining vowel signs stay with their letters")
        #expect(Slug.make(from: "・!?", style: .unicode).isEmpty)
        #expect(Slug.isValid("カレー", style: .unicode) && Slug.isValid("a-b-1", style: .unicode))
        #expect(!Slug.isValid("A", style: .unicode) && !Slug.isValid("a--b", style: .unicode) && !Slug.isValid("", style: .unicode))
        #expect(!Slug.isValid("カレー", style: .ascii))
    }

    @Test func asciiSlugsTransliterate() {
        #expect(Slug.make(from: "Crème Brûlée", style: .ascii) == "creme-brulee")
        #expect(Slug.make(from: "Piña Colada", style: .ascii) == "pina-colada")
        #expect(Slug.make(from: "Борщ", style: .ascii) == "bors")
        let japanese = Slug.make(from: "日本のカレー", style: .ascii)
        #expect(!japanese.isEmpty && Slug.isValid(japanese, style: .ascii), "\(japanese)")
    }

    @Test func unicodeNamesGetPagesAndEncodedURLsEverywhere() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (output, errors) = try build(in: temporary)
        #expect(errors.isEmpty, "\(errors)")
        for path in ["recipes/カレー/index.html", "tags/和食/index.html", "tags/борщ/index.html", "tags/crème-brûlée/index.html"] {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path)")
        }
        let gallery = text(output, "index.html")
        #expect(gallery.contains("href=\"recipes/\(Self.curry)/\"") || gallery.contains("href=\"recipes/\(Self.curry)/index.html\""))
        #expect(gallery.contains("https://example.com/recipes/\(Self.curry)/"), "the ItemList's JSON-LD")
        #expect(!gallery.contains("recipes/カレー"))
        let recipe = text(output, "recipes/カレー/index.html")
        #expect(recipe.contains("<h1>日本のカレー</h1>") || recipe.contains("日本のカレー</h1>"))
        #expect(recipe.contains("tags/\(Self.washoku)/"), "tag links")
        #expect(recipe.contains("<link rel=\"canonical\" href=\"https://example.com/recipes/\(Self.curry)/\""))
        #expect(recipe.contains("content=\"https://example.com/recipes/\(Self.curry)/\""), "og:url")
        #expect(text(output, "sitemap.xml").contains("<loc>https://example.com/tags/\(Self.washoku)/</loc>"))
        #expect(text(output, "feed.xml").contains("https://example.com/recipes/\(Self.curry)/"))
        #expect(SearchOutput(output: output)?.urls.contains("recipes/\(Self.curry)/index.html") == true)
        for file in ["index.html", "sitemap.xml", "feed.xml", "search/r/0.json", "recipes/カレー/index.html"] {
            #expect(!text(output, file).contains("/和食/"), "\(file) writes no raw slug in a URL")
        }
        let report = LinkChecker(outputDirectory: output, displayPath: "out", baseURL: "https://example.com/").check()
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.linkCount > 0)
    }

    @Test func asciiStyleTransliteratesTagPages() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (_, errors) = try build(slugStyle: "ascii", in: temporary)
        // The file name カレー is not an ASCII slug: the error suggests a transliteration.
        #expect(errors.contains { $0.contains("site/recipes/カレー.md:1:1: error: the file name 'カレー' is not a valid slug") && $0.contains("'kare'") }, "\(errors)")
        let (built, second) = try build(slugStyle: "ascii", extra: ["recipes/カレー.md": "---\ntitle: 日本のカレー\nslug: kare\ntags: [Crème Brûlée]\n---\n"], in: temporary)
        #expect(second.isEmpty, "\(second)")
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("tags/creme-brulee/index.html").path))
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("tags/bors/index.html").path))
    }

    @Test func namesFoldingToOneSlugAreAnErrorNamingBoth() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        // One written composed (NFC), one decomposed (NFD, as macOS names files): one slug.
        let (_, errors) = try build(extra: ["recipes/crème.md": "---\ntitle: A\n---\n",
                                            "recipes/other.md": "---\ntitle: B\nslug: cre\u{300}me\n---\n"], in: temporary)
        #expect(errors.contains { $0.hasPrefix("site/recipes/other.md:3:1: error: duplicate slug 'crème': site/recipes/crème.md:1:1 already uses it") }, "\(errors)")
    }

    @Test func thePreviewServerServesEncodedPaths() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/tags/和食/index.html", "<html><body>和食</body></html>")
        let handler = StaticSiteHandler(root: folder.url.appendingPathComponent("site")) { "" }
        let response = handler.respond(to: HTTPRequest(method: "GET", target: "/tags/\(Self.washoku)/"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("和食"))
    }
}
