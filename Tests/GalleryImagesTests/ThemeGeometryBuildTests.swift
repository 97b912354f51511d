import Foundation
import Testing
import GalleryContent
import GalleryImages
import GalleryRender
import GalleryTestSupport

/// The theme owns the boxes its pictures are cut for (`theme.yml`): a theme whose boxes differ
/// gets other renditions, and a wrong `theme.yml` is an error at its line and column.
@Suite struct ThemeGeometryBuildTests {
    /// The widths a recipe body's picture `step` is published at, from the recipe page's markup.
    func bodyPictureWidths(_ site: ImageTestSite) throws -> Set<String> {
        let html = try String(contentsOf: site.output.appendingPathComponent("recipes/sour/index.html"), encoding: .utf8)
        return Set(html.matches(of: try Regex("images/step-[0-9a-f]{10}-([0-9]+)\\.jpg")).map { match in
            String(html[match.range].split(separator: "-").last!.dropLast(".jpg".count))
        })
    }

    func site(themeFile: String?) throws -> ImageTestSite {
        let site = try ImageTestSite()
        try site.addImage("images/step.jpg", try ImageFixture.jpeg(width: 3000, height: 2000))
        try site.temporary.write("site/recipes/sour.md", "---\ntitle: Sour\n---\nShake.\n\n![Ice](../images/step.jpg)\n")
        if let themeFile { try site.temporary.write("site/templates/theme.yml", themeFile) }
        return site
    }

    @Test func theBuiltInThemeDeclaresEveryBoxWithoutComplaint() throws {
        let text = try String(contentsOf: Repository.templates.appendingPathComponent("theme.yml"), encoding: .utf8)
        let (geometry, problems) = ThemeGeometry.parse(text, displayPath: "theme.yml", defaults: nil)
        #expect(problems.isEmpty)
        #expect(geometry == BuiltInTheme.geometry)
    }

    @Test func aThemeWithOtherTextWidthsGetsPicturesCutForThem() throws {
        let builtIn = try site(themeFile: nil)
        defer { builtIn.remove() }
        _ = try builtIn.build()
        let defaults = try bodyPictureWidths(builtIn)
        // 1x and 2x of each text width, rounded up to 16 and thinned (≈ 40 % steps).
        let expected = RenditionPlanner.widths(needs: BuiltInTheme.geometry.textWidths, originalWidth: 3000)
        #expect(defaults == Set(expected.map(String.init)))

        let narrow = try site(themeFile: "pictures:\n  text: [300]\n")
        defer { narrow.remove() }
        _ = try narrow.build()
        #expect(try bodyPictureWidths(narrow) == ["304", "608"])
    }

    @Test func aWidthThatIsNoNumberOrOutOfRangeIsAnErrorAtItsPosition() throws {
        let site = try site(themeFile: "pictures:\n  gallery: wide\n  text: [720, 0]\n")
        defer { site.remove() }
        #expect(site.errors() == [
            "theme.yml:2:12: error: 'gallery' must be a width in CSS pixels, found 'wide'",
            "theme.yml:3:15: error: 'text' must be between 1 and 10000 CSS pixels, found 0",
        ])
    }

    @Test func anUnknownKeyIsAWarningAndTheRestStillApplies() throws {
        let site = try site(themeFile: "pictures:\n  text: [300]\n  sidebar: 200\n")
        defer { site.remove() }
        let report = try site.build()
        #expect(report.diagnostics.map(\.description).contains("theme.yml:3:3: warning: unknown key 'sidebar' in pictures (ignored)"))
        #expect(try bodyPictureWidths(site) == ["304", "608"])
    }

    @Test func theHeroSizesAreTheThemesBreakpoints() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/wide.jpg", try ImageFixture.jpeg(width: 1200, height: 800))
        try site.addRecipe("wide", image: "images/wide.jpg")
        try site.temporary.write("site/templates/theme.yml", "sizes:\n  hero: \"(min-width: 900px) 600px, (orientation: landscape) 50vw, 100vw\"\n")
        _ = try site.build()
        let page = try String(contentsOf: site.output.appendingPathComponent("recipes/wide/index.html"), encoding: .utf8)
        #expect(page.contains("sizes=\"(min-width: 900px) 600px, (orientation: landscape) 50vw, 100vw\""), "\(page)")
        #expect(!page.contains("(min-width: 1100px) 450px"))
    }

    @Test func heroSizesGallerygenCannotWidenAreAnErrorAtTheValue() throws {
        for (value, message) in [
            ("\"(min-width: 900px) 40em, 100vw\"", "'40em' in candidate 1 must be a width in px or vw (such as 450px or 41vw)"),
            ("\"100vw, (min-width: 900px) 600px\"", "only the last candidate may have no media condition ('100vw' is candidate 1)"),
            ("\"(min-width: 900px) 600px\"", "the last candidate must be a width alone, the one used when no condition holds (found '(min-width: 900px) 600px')"),
            ("\"min-width 600px, 100vw\"", "candidate 1 must be a media condition in parentheses and a width, found 'min-width 600px'"),
            ("\"(min-width: 900px) 600px,, 100vw\"", "candidate 2 is empty"),
        ] {
            let site = try site(themeFile: "sizes:\n  hero: \(value)\n")
            defer { site.remove() }
            #expect(site.errors() == ["theme.yml:2:9: error: 'hero' is not a sizes attribute gallerygen can widen: \(message)"], "\(value)")
        }
        let list = try site(themeFile: "sizes:\n  hero: [100vw]\n")
        defer { list.remove() }
        #expect(list.errors() == ["theme.yml:2:9: error: 'hero' must be a sizes attribute in quotes, found a list"])
    }
}
