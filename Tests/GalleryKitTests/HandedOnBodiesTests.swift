import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit

/// The later steps of a build (plan with its search index, images, render with the recipe pages,
/// the books and the feed, write) take each recipe's body from the load step's value: within the
/// budget none reads a recipe file again.
/// Past the load step's budget of held bodies, they read each body back through the load step's
/// reader (`RecipeBodySource`): its bytes alone, never the front matter, and no loader.
@Suite struct HandedOnBodiesTests {
    /// The multilingual fixture in a temporary folder, with a Gimlet whose body has a method
    /// (steps, cook mode), a recipe: link (made per book) and emphasis.
    func site(in temporary: TemporaryDirectory) throws -> URL {
        let site = try temporary.copyFixture("multilingual")
        try temporary.write("multilingual/recipes/gimlet.md", """
            ---
            title: Gimlet
            tags: [gin]
            date: 2024-07-01
            ingredients: ["60 ml gin", "15 ml lime cordial"]
            ---
            Sharper than a [Daiquiri](recipe:daiquiri), *very* cold.

            1. Shake with ice.
            2. Strain into a chilled coupe.

            """)
        return site
    }

    func builder(_ site: URL, into output: URL, bodyBudget: Int = ContentLoader.defaultBodyBudget) -> SiteBuilder {
        var options = BuildOptions(siteDirectory: site, outputDirectory: output, themeDirectory: Repository.templates)
        options.recipeBodyBudget = bodyBudget
        return SiteBuilder(options: options)
    }

    /// The steps after load (plan, images, render, write) of `builder`, with `change` done to the
    /// site folder once it is read.
    func buildAfterLoading(_ builder: SiteBuilder, _ change: (LoadedSite) throws -> Void) throws {
        let opened = try builder.openOutput()
        defer { opened.session.close() }
        let log = DiagnosticDigest()
        let loaded = try builder.load(log)
        try change(loaded)
        let plan = try builder.plan(loaded, log)
        let images = try builder.processImages(plan, log)
        let pages = try builder.render(plan, images: images, into: opened, log)
        _ = try builder.write(pages, plan: plan, images: images, output: opened, log)
    }

    /// Records every file of `made` that is not the bytes of `whole`'s.
    func expectSameFiles(_ made: [String: Data], _ whole: [String: Data]) {
        #expect(made.keys.sorted() == whole.keys.sorted())
        for (path, bytes) in whole where made[path] != bytes {
            Issue.record("\(path) differs from the whole build's")
        }
    }

    /// Builds the site whole, then through the steps after load with `change` done to the site
    /// folder once it is read, and expects the same files; returns the whole build's.
    @discardableResult
    func expectAWholeBuild(bodyBudget: Int = ContentLoader.defaultBodyBudget,
                           after change: (URL, LoadedSite) throws -> Void) throws -> [String: Data] {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let site = try site(in: temporary)
        let expected = temporary.url.appendingPathComponent("expected")
        _ = try builder(site, into: expected).build()
        let output = temporary.url.appendingPathComponent("output")
        try buildAfterLoading(builder(site, into: output, bodyBudget: bodyBudget)) { try change(site, $0) }
        let whole = treeContents(expected)
        expectSameFiles(treeContents(output), whole)
        return whole
    }

    @Test func theStepsAfterLoadingReadNoRecipeFile() throws {
        let whole = try expectAWholeBuild { site, _ in
            // Every recipe file, translations too, gone once the site is read.
            try FileManager.default.removeItem(at: site.appendingPathComponent("recipes"))
        }
        #expect(whole["feed.xml"].map { String(decoding: $0, as: UTF8.self).contains("Strain into a chilled coupe") } == true)
    }

    /// With no body held, the steps read each body back from its place in the file: its bytes
    /// alone. Front matter made unreadable (NUL bytes, which the loader refuses) and site.yml
    /// removed after loading change nothing; the bodies' own bytes are all a later step reads.
    @Test func pastTheBudgetTheStepsReadOnlyEachBodysBytesBack() throws {
        try expectAWholeBuild(bodyBudget: 0) { site, loaded in
            let recipes = loaded.site.languageTrees.flatMap(\.recipes)
            #expect(recipes.count == 10)
            for recipe in recipes {
                guard case .file(let place) = recipe.body else {
                    Issue.record("\(recipe.sourcePath): the body was held")
                    continue
                }
                let url = site.appendingPathComponent(recipe.sourcePath)
                var bytes = try Data(contentsOf: url)
                bytes.replaceSubrange(0..<Int(place.start), with: Data(count: Int(place.start)))
                try bytes.write(to: url)
            }
            try FileManager.default.removeItem(at: site.appendingPathComponent("site.yml"))
        }
    }

    /// A recipe edited or removed between the load step and the steps that read its body back
    /// fails the build with an error at the file, and the previous output stays as it was.
    @Test func aRecipeChangedAfterLoadingFailsTheBuildAtItsFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let site = try site(in: temporary)
        let output = temporary.url.appendingPathComponent("output")
        _ = try builder(site, into: output).build()
        let previous = treeContents(output)
        let gimlet = site.appendingPathComponent("recipes/gimlet.md")
        let original = try Data(contentsOf: gimlet)
        let edits: [(String, (URL) throws -> Void)] = [
            ("the recipe changed", { try Data(String(decoding: original, as: UTF8.self).replacingOccurrences(of: "ice", with: "gin").utf8).write(to: $0) }),
            ("the recipe was removed", { try FileManager.default.removeItem(at: $0) }),
        ]
        for (what, edit) in edits {
            try original.write(to: gimlet)
            #expect {
                try buildAfterLoading(builder(site, into: output, bodyBudget: 0)) { _ in try edit(gimlet) }
            } throws: { error in
                let diagnostics = (error as? BuildFailure)?.diagnostics ?? []
                return diagnostics.contains {
                    $0.severity == .error && $0.path.hasSuffix("multilingual/recipes/gimlet.md")
                        && $0.message == "\(what) while the site was being built; build again"
                }
            }
            expectSameFiles(treeContents(output), previous)
        }
    }
}
