import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit

/// The later steps of a build (plan with its search index, images, render with the recipe pages,
/// the books and the feed, write) take each recipe's body from the load step's value: none reads
/// a recipe file again.
@Suite struct HandedOnBodiesTests {
    @Test func theStepsAfterLoadingReadNoRecipeFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let site = try temporary.copyFixture("multilingual")
        // A body with a method (steps, cook mode), a recipe: link (made per book) and emphasis.
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
        let expected = temporary.url.appendingPathComponent("expected")
        _ = try SiteBuilder(options: BuildOptions(siteDirectory: site, outputDirectory: expected, themeDirectory: Repository.templates)).build()

        let output = temporary.url.appendingPathComponent("output")
        let builder = SiteBuilder(options: BuildOptions(siteDirectory: site, outputDirectory: output, themeDirectory: Repository.templates))
        let opened = try builder.openOutput()
        let log = DiagnosticDigest()
        let loaded = try builder.load(log)
        // Every recipe file, translations too, gone once the site is read.
        try FileManager.default.removeItem(at: site.appendingPathComponent("recipes"))
        let plan = try builder.plan(loaded, log)
        let images = try builder.processImages(plan, log)
        let pages = try builder.render(plan, images: images, into: opened, log)
        _ = try builder.write(pages, plan: plan, images: images, output: opened, log)
        opened.session.close()

        let made = treeContents(output), whole = treeContents(expected)
        #expect(made.keys.sorted() == whole.keys.sorted())
        for (path, bytes) in whole where made[path] != bytes {
            Issue.record("\(path) differs from the whole build's")
        }
        #expect(whole["feed.xml"].map { String(decoding: $0, as: UTF8.self).contains("Strain into a chilled coupe") } == true)
    }
}
