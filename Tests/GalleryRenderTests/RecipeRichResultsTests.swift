import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryRender
@testable import GallerySupport

/// What `build` and `check` say about a recipe Google cannot show as a rich result.
@Suite struct RecipeRichResultsTests {
    func recipe(_ frontMatter: String) throws -> Recipe {
        let (recipe, diagnostics) = RecipeParser.parse("---\ntitle: Toast\n" + frontMatter + "---\nToast the bread.\n",
                                                       sourcePath: "recipes/toast.md", displayPath: "recipes/toast.md")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        return try #require(recipe)
    }

    func warnings(_ recipe: Recipe, steps: Bool = true, image: ImageInfo? = ImageInfo(width: 1200, height: 900, format: .jpeg),
                  level: RichResultsLevel = .all) -> [Diagnostic] {
        RecipeRichResults.diagnostics(for: recipe, hasInstructions: steps, image: image, level: level, path: "recipes/toast.md")
    }

    static let complete = """
        image: images/toast.jpg
        summary: Crisp and warm.
        ingredients: [2 slices of bread]
        prep_time: 2 min
        servings: 1

        """

    @Test func aCompleteRecipeHasNoWarnings() throws {
        #expect(warnings(try recipe(Self.complete)).isEmpty)
    }

    @Test func aRecipeWithoutAPictureIsTold() throws {
        let found = warnings(try recipe("summary: Crisp.\ningredients: [bread]\nprep_time: 2 min\nservings: 1\n"), image: nil)
        #expect(found.count == 1)
        let warning = try #require(found.first)
        #expect(warning.severity == .warning && warning.path == "recipes/toast.md" && warning.line == 1 && warning.column == 1)
        #expect(warning.message.contains("no picture") && warning.message.contains("Google requires an image"))
        #expect(warning.message.contains("'image: images/toast.jpg'"))
        // Required: still said with `rich_results: required`; nothing with `off`.
        #expect(warnings(try recipe("summary: Crisp.\n"), image: nil, level: .required).count == 1)
        #expect(warnings(try recipe(""), steps: false, image: nil, level: .off).isEmpty)
    }

    /// A site that turns the advice off hears none for its pages, whatever they lack.
    @Test func aSiteWithRichResultsOffHearsNothing() throws {
        var config = SiteConfig()
        config.richResults = .off
        let bare = try recipe("")
        let site = Site(config: config, recipes: [bare], images: [:])
        #expect(RecipeRichResults.diagnostics(for: bare, in: site, body: Markdown.RecipeBody(html: "", steps: [])).isEmpty)
        config.richResults = .all
        #expect(!RecipeRichResults.diagnostics(for: bare, in: Site(config: config, recipes: [bare], images: [:]),
                                               body: Markdown.RecipeBody(html: "", steps: [])).isEmpty)
    }

    @Test func aSmallPictureIsToldAtItsKey() throws {
        let found = warnings(try recipe(Self.complete), image: ImageInfo(width: 200, height: 200, format: .jpeg))
        #expect(found.map(\.line) == [3])  // the file's line: ---, title, image
        #expect(found.first?.message.contains("200 × 200 pixels") == true)
        // 250 × 200 is exactly the minimum; an SVG scales to any size.
        #expect(warnings(try recipe(Self.complete), image: ImageInfo(width: 250, height: 200, format: .jpeg)).isEmpty)
        #expect(warnings(try recipe(Self.complete), image: ImageInfo(width: 10, height: 10, format: .svg)).isEmpty)
    }

    @Test func oneWarningListsEveryMissingRecommendedField() throws {
        let found = warnings(try recipe("image: images/toast.jpg\n"), steps: false)
        #expect(found.count == 1)
        let message = try #require(found.first?.message)
        for field in ["a description", "ingredients", "instructions", "times", "a yield"] {
            #expect(message.contains(field), "\(field) not in: \(message)")
        }
        #expect(warnings(try recipe("image: images/toast.jpg\n"), steps: false, level: .required).isEmpty)
        // total_time alone counts as times; yield alone as a yield.
        let timed = warnings(try recipe("image: images/toast.jpg\nsummary: A.\ningredients: [b]\ntotal_time: 5 min\nyield: 2 slices\n"))
        #expect(timed.isEmpty, "\(timed)")
    }

    @Test func aVideoFileWithoutThumbnailOrDateIsTold() throws {
        let value = try recipe(Self.complete + "video: https://example.com/toast.mp4\n")
        let found = warnings(value)
        #expect(found.count == 1)
        let warning = try #require(found.first)
        #expect(warning.line == 8)
        #expect(warning.message.contains("thumbnail and upload date"))
        let described = try recipe(Self.complete + """
            video:
              url: https://example.com/toast.mp4
              thumbnail: https://example.com/toast.jpg
              upload_date: 2024-05-01

            """)
        #expect(warnings(described).isEmpty, "\(warnings(described))")
    }

    @Test func siteConfigChoosesTheLevel() {
        #expect(SiteConfig().richResults == .all)
        #expect(SiteConfig.parse("rich_results: required\n", displayPath: "site.yml").0.richResults == .required)
        #expect(SiteConfig.parse("rich_results: off\n", displayPath: "site.yml").0.richResults == .off)
        let (_, diagnostics) = SiteConfig.parse("rich_results: some\n", displayPath: "site.yml")
        #expect(diagnostics.map(\.description) == ["site.yml:1:15: error: 'rich_results' must be 'all', 'required' or 'off', found 'some'"])
    }

    /// A whole build: the basic fixture's bare daiquiri (no picture, no method) is counted once
    /// per kind in the build's one line of advice (`check` lists each, `BuildWarningsTests`), and
    /// the complete negroni is not; `required` keeps only the picture.
    @Test func aBuildCountsEachIncompleteRecipeInOneLine() throws {
        for (level, expected) in [
            ("all", "1 recipe without a picture, 1 recipe lacking what Google recommends"),
            ("required", "1 recipe without a picture"),
        ] {
            let site = try BuiltSite { folder in
                try BuiltSite.replace("rich_results: off", with: "rich_results: \(level)", in: folder.appendingPathComponent("site.yml"))
            }
            defer { site.remove() }
            #expect(site.report.diagnostics.map(\.description)
                        == ["warning: Google's recipe rich results: \(expected); `gallerygen check` lists them"])
            #expect(site.report.warningCount == (level == "all" ? 2 : 1))
        }
    }
}
