import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit

/// Incremental builds (`build --incremental`, and `serve`'s rebuilds with the site kept in
/// memory) write the same bytes as a full build: a generated site of a few hundred recipes gets
/// random edits (fixed seed) and after each one both incremental paths are compared file by file
/// with a full build into a fresh folder.
@Suite struct IncrementalBuildTests {
    static let tags = ["bitter", "sour", "sweet", "fizzy", "classic", "modern", "stirred", "shaken", "gin", "rum", "winter", "summer"]

    /// A deterministic generator (SplitMix64), so a failure replays.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }

    /// A recipe file: title, tags, a date, a body; every 40th has a picture, and the next one
    /// shows it in its body.
    static func recipe(_ number: Int, title: String? = nil, tags: [String], day: Int, body: String) -> String {
        let picture = "images/p\(number / 40 % 3).jpg"
        let image = number % 40 == 0 ? "image: \(picture)\n" : ""
        let inBody = number % 40 == 1 ? "\n\n![A glass](../\(picture))" : ""
        return """
        ---
        \(image)title: \(title ?? "Drink \(number)")
        summary: Number \(number), shaken or stirred.
        tags: [\(tags.joined(separator: ", "))]
        glass: Coupe
        ingredients: ["50 ml gin", "20 ml lime juice"]
        date: 2024-\(String(format: "%02d", 1 + day / 28 % 12))-\(String(format: "%02d", 1 + day % 28))
        ---
        \(body)\(inBody)

        """
    }

    static let siteYML = """
        title: Incremental Bar
        description: Generated for the incremental build tests.
        base_url: https://example.com/bar/
        rich_results: off
        menu:
          - { label: About, page: about }
        breakpoints:
          - { name: phone, width: 375 }
          - { name: desktop, width: 1024 }
        gallery:
          page_size: 40
          arrangements:
            - grid
            - masonry: { column_width: 160 }

        """

    /// Writes a site of `count` recipes into `folder`.
    static func makeSite(in folder: TemporaryDirectory, count: Int, generator: inout Generator) throws -> URL {
        try folder.write("site/site.yml", siteYML)
        try folder.write("site/pages/about.md", "---\ntitle: About\n---\nA bar that rebuilds only what changed.\n")
        for (index, size) in [(120, 90), (90, 120), (100, 100)].enumerated() {
            try folder.write("site/images/p\(index).jpg", try ImageFixture.jpeg(width: size.0, height: size.1))
        }
        for number in 0..<count {
            let tags = tags.shuffled(using: &generator).prefix(Int.random(in: 0...3, using: &generator))
            try folder.write("site/recipes/drink-\(number).md",
                             recipe(number, tags: Array(tags), day: Int.random(in: 0..<300, using: &generator), body: "Shake drink \(number) hard."))
        }
        return folder.url.appendingPathComponent("site")
    }

    /// Every file of `output` by path; with `fingerprints: false`, the marker without the
    /// fingerprint lines that only incremental builds write.
    static func contents(_ output: URL, fingerprints: Bool = true) -> [String: Data] {
        var files = treeContents(output)
        if !fingerprints, let marker = files[OutputWriter.markerName] {
            let lines = String(decoding: marker, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            files[OutputWriter.markerName] = Data(lines.filter { !$0.hasPrefix("#f ") && !$0.hasPrefix(OutputFingerprints.header) }
                .joined(separator: "\n").utf8)
        }
        return files
    }

    static func expectSame(_ output: URL, as expected: URL, _ step: String, fingerprints: Bool = true) {
        let (actual, wanted) = (contents(output, fingerprints: fingerprints), contents(expected, fingerprints: fingerprints))
        let extra = Set(actual.keys).subtracting(wanted.keys).sorted(), missing = Set(wanted.keys).subtracting(actual.keys).sorted()
        #expect(extra.isEmpty && missing.isEmpty, "\(step): extra \(extra.prefix(5)), missing \(missing.prefix(5))")
        let different = wanted.keys.sorted().filter { actual[$0] != nil && actual[$0] != wanted[$0] }
        #expect(different.isEmpty, "\(step): different \(different.prefix(5))")
    }

    static func build(_ site: URL, into output: URL, incremental: Bool, memory: BuildMemory? = nil) throws -> BuildReport {
        var options = BuildOptions(siteDirectory: site, outputDirectory: output)
        options.incremental = incremental
        options.memory = memory
        return try SiteBuilder(options: options).build()
    }

    @Test func randomEditsGiveTheBytesOfAFullBuild() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var generator = Generator(state: 18)
        let count = 200
        let site = try Self.makeSite(in: folder, count: count, generator: &generator)
        let served = folder.url.appendingPathComponent("served"), built = folder.url.appendingPathComponent("built")
        let memory = BuildMemory()
        _ = try Self.build(site, into: served, incremental: true, memory: memory)
        _ = try Self.build(site, into: built, incremental: false)
        #expect(treeContents(served).keys.contains { $0.hasPrefix("images/") }, "the pictures' renditions are published")
        var next = count
        for step in 0..<14 {
            let number = Int.random(in: 0..<next, using: &generator)
            let file = site.appendingPathComponent("recipes/drink-\(number).md")
            let exists = FileManager.default.fileExists(atPath: file.path)
            let tags = Self.tags.shuffled(using: &generator).prefix(Int.random(in: 0...3, using: &generator))
            let day = Int.random(in: 0..<300, using: &generator)
            var changed = [file.path]
            let edit: String
            switch step % 7 {
            case 0 where exists:
                edit = "body of drink-\(number)"
                try (String(contentsOf: file, encoding: .utf8) + "Stir \(step) times.\n").write(to: file, atomically: true, encoding: .utf8)
            case 1 where exists:
                // A new title moves the recipe in the gallery, and across gallery pages; its
                // tags stay, so only its card changes on their pages.
                edit = "title of drink-\(number)"
                let text = try String(contentsOf: file, encoding: .utf8)
                let title = text.split(separator: "\n").first { $0.hasPrefix("title: ") }!
                try text.replacingOccurrences(of: title, with: "title: \(step % 2 == 0 ? "Aardvark" : "Zebu") \(step)")
                    .write(to: file, atomically: true, encoding: .utf8)
            case 2 where exists:
                edit = "tags and date of drink-\(number)"
                try Self.recipe(number, tags: Array(tags) + ["tag-\(step)"], day: day, body: "Shake.").write(to: file, atomically: true, encoding: .utf8)
            case 3:
                edit = "new recipe drink-\(next)"
                let new = site.appendingPathComponent("recipes/drink-\(next).md")
                try Self.recipe(next, tags: Array(tags), day: day, body: "New.").write(to: new, atomically: true, encoding: .utf8)
                changed = [new.path]
                next += 1
            case 4 where exists:
                edit = "deleted drink-\(number)"
                try FileManager.default.removeItem(at: file)
            case 5:
                edit = "site.yml"
                let yml = site.appendingPathComponent("site.yml")
                try Self.siteYML.replacingOccurrences(of: "Generated for", with: "Edited (\(step)) for")
                    .replacingOccurrences(of: "page_size: 40", with: "page_size: \(step % 2 == 0 ? 40 : 35)")
                    .write(to: yml, atomically: true, encoding: .utf8)
                changed = [yml.path]
            default:
                edit = "page about"
                let about = site.appendingPathComponent("pages/about.md")
                try "---\ntitle: About us \(step)\n---\nStill rebuilding only what changed.\n".write(to: about, atomically: true, encoding: .utf8)
                changed = [about.path]
            }
            memory.noteChanges(changed, siteDirectory: site)
            let servedReport = try Self.build(site, into: served, incremental: true, memory: memory)
            let builtReport = try Self.build(site, into: built, incremental: true)
            // A plain full build, and one that also records fingerprints (into an empty folder,
            // so it renders everything): the same files, the same bytes.
            let full = folder.url.appendingPathComponent("full-\(step)"), recorded = folder.url.appendingPathComponent("recorded-\(step)")
            let fullReport = try Self.build(site, into: full, incremental: false)
            _ = try Self.build(site, into: recorded, incremental: true)
            Self.expectSame(served, as: full, "step \(step), serve after \(edit)", fingerprints: false)
            Self.expectSame(served, as: recorded, "step \(step), serve after \(edit)")
            Self.expectSame(built, as: recorded, "step \(step), build --incremental after \(edit)")
            // The first incremental build after a plain one (which records no fingerprints) renders everything.
            #expect(step == 0 ? builtReport.renderedPageCount == builtReport.pageCount : servedReport.renderedPageCount == builtReport.renderedPageCount,
                    "step \(step): \(edit)")
            #expect(fullReport.renderedPageCount == fullReport.pageCount)
            if step % 7 == 0 && exists {
                // A body edit: its page, the feed, and the search shards of the words it adds
                // ("stir", "times": the step's number is a quantity, not a word), their best
                // records (when the recipe joins a word's first ten) and their postings files
                // (each holds its shard) at most, and the cookbooks that print it (the site's and its tags').
                let tagLine = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("tags: [") } ?? ""
                let books = 1 + tagLine.dropFirst("tags: [".count).dropLast().split(separator: ",").count
                let postingsFiles = try FileManager.default.contentsOfDirectory(atPath: served.appendingPathComponent("search/p").path)
                    .filter { $0.hasPrefix("st-") || $0.hasPrefix("ti-") }.count
                let rendered = servedReport.renderedPageCount
                #expect(rendered <= 6 + books + postingsFiles, "step \(step): \(edit) rendered \(rendered)")
            }
            try? FileManager.default.removeItem(at: full)
            try? FileManager.default.removeItem(at: recorded)
        }
    }

    @Test func anUnchangedRebuildRendersNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var generator = Generator(state: 7)
        let site = try Self.makeSite(in: folder, count: 60, generator: &generator)
        let output = folder.url.appendingPathComponent("out")
        let first = try Self.build(site, into: output, incremental: true)
        #expect(first.renderedPageCount == first.pageCount && first.pageCount > 60)
        let before = Self.contents(output)
        let again = try Self.build(site, into: output, incremental: true)
        #expect(again.renderedPageCount == 0)
        #expect(again.pageCount == first.pageCount)
        #expect(Self.contents(output) == before)
        let memory = BuildMemory()
        _ = try Self.build(site, into: output, incremental: true, memory: memory)
        #expect(try Self.build(site, into: output, incremental: true, memory: memory).renderedPageCount == 0)
        // A full build renders everything again, whatever the output holds, and records nothing.
        #expect(try Self.build(site, into: output, incremental: false).renderedPageCount == first.pageCount)
        #expect(Self.contents(output, fingerprints: false) == Self.contents(output))
        #expect(try Self.build(site, into: output, incremental: true).renderedPageCount == first.pageCount)
    }

    /// Copies the output as an incremental commit leaves it at `phase` (what a kill there leaves),
    /// puts the copy back, and checks the next build finishes the job: before the journal the
    /// previous site is whole, after it the new one is, byte for byte.
    @Test(arguments: [OutputWriter.SwapPhase.beforeSwap, .midSwap, .beforeCleanup])
    func aKilledIncrementalCommitIsFinishedByTheNextBuild(phase: OutputWriter.SwapPhase) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var generator = Generator(state: 11)
        let site = try Self.makeSite(in: folder, count: 40, generator: &generator)
        let output = folder.url.appendingPathComponent("out"), frozen = folder.url.appendingPathComponent("frozen")
        _ = try Self.build(site, into: output, incremental: true)
        let previous = Self.contents(output)
        try Self.recipe(1, title: "Aardvark", tags: ["gin", "new"], day: 9, body: "Edited.").write(
            to: site.appendingPathComponent("recipes/drink-1.md"), atomically: true, encoding: .utf8)
        // One recipe goes and one comes, so the count every gallery page shows stays.
        try FileManager.default.moveItem(at: site.appendingPathComponent("recipes/drink-2.md"), to: site.appendingPathComponent("recipes/drink-99.md"))
        var options = BuildOptions(siteDirectory: site, outputDirectory: output)
        options.incremental = true
        options.swapCheckpoint = { reached in
            if reached == phase { try? FileManager.default.copyItem(at: output, to: frozen) }
        }
        let report = try SiteBuilder(options: options).build()
        #expect(report.renderedPageCount > 0 && report.renderedPageCount < report.pageCount)
        let expected = Self.contents(output)
        try FileManager.default.removeItem(at: output)
        try FileManager.default.moveItem(at: frozen, to: output)
        if phase == .beforeSwap {
            // Nothing moved yet: the previous site, and the staging folder the next build removes.
            let left = Self.contents(output).filter { !$0.key.hasPrefix(".gallerygen-") || $0.key == OutputWriter.markerName }
            #expect(left == previous, "\(Set(left.keys).symmetricDifference(previous.keys).sorted().prefix(5))")
        }
        let again = try Self.build(site, into: output, incremental: true)
        #expect(Self.contents(output) == expected)
        #expect(phase == .beforeSwap ? again.renderedPageCount == report.renderedPageCount : again.renderedPageCount == 0)
        let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).filter { $0.hasPrefix(".gallerygen-") && $0 != OutputWriter.markerName }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aMultilingualSiteToo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let site = try folder.copyFixture("multilingual")
        let output = folder.url.appendingPathComponent("out"), full = folder.url.appendingPathComponent("full")
        let memory = BuildMemory()
        _ = try Self.build(site, into: output, incremental: true, memory: memory)
        let edits: [(String, String, String)] = [
            ("recipes/mojito.md", "title: Mojito", "title: Mojito Royale"),
            ("recipes/mojito.fr.md", "---\n", "---\nauthor: Nouveau\n"),
            ("recipes/daiquiri.ar.md", "---\n", "---\nauthor: جديد\n"),
        ]
        for (relative, old, new) in edits {
            let file = site.appendingPathComponent(relative)
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains(old), "\(relative)")
            try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
            memory.noteChanges([file.path], siteDirectory: site)
            let report = try Self.build(site, into: output, incremental: true, memory: memory)
            #expect(report.renderedPageCount < report.pageCount, "\(relative)")
            try? FileManager.default.removeItem(at: full)
            _ = try Self.build(site, into: full, incremental: true)
            Self.expectSame(output, as: full, "after editing \(relative)")
        }
    }

    @Test func aRecipeEditParsesOnlyThatFileInMemory() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var generator = Generator(state: 3)
        let site = try Self.makeSite(in: folder, count: 30, generator: &generator)
        let loader = ContentLoader(siteDirectory: site)
        let first = loader.read()
        let file = site.appendingPathComponent("recipes/drink-4.md")
        try Self.recipe(4, title: "Zebra", tags: ["gin"], day: 3, body: "Edited.").write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: site.appendingPathComponent("recipes/drink-5.md"))
        let spliced = try #require(loader.reread(first, changedRecipes: ["recipes/drink-4.md", "recipes/drink-5.md"]))
        let fresh = loader.read()
        #expect(spliced.site?.recipes == fresh.site?.recipes)
        #expect(spliced.site?.recipes.last?.title == "Zebra")
        #expect(spliced.images == fresh.images)
        #expect(spliced.diagnostics == fresh.diagnostics)
    }
}
