import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryImages
@testable import GalleryRender

/// Every colour of the default theme is a custom property of a `:root` block, so the dark scheme
/// and a site's own stylesheet reach everything; the colour scheme comes from site.yml; the
/// recipe hero keeps its picture's shape within bounds.
@Suite struct ThemeColorTests {
    /// The colour literals (hex, functions, names) in the declarations of `css` that are not
    /// inside a `:root` block, with the declaration they stand in.
    static func colourLiteralsOutsideRootBlocks(_ css: String) throws -> [String] {
        let text = css.replacing(try Regex(#"/\*.*?\*/"#).dotMatchesNewlines(), with: "")
        let literal = try Regex(#"#[0-9a-fA-F]{3,8}\b|\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|light-dark)\(|\b(white|black|red|green|blue|gr[ae]y|silver|yellow|orange|purple|pink|brown|navy|maroon)\b"#)
            .ignoresCase()
        var found: [String] = []
        var preludes: [String] = []
        var chunk = ""
        for character in text {
            switch character {
            case "{":
                preludes.append(chunk.trimmingCharacters(in: .whitespacesAndNewlines))
                chunk = ""
            case ";", "}":
                let declaration = chunk.trimmingCharacters(in: .whitespacesAndNewlines)
                chunk = ""
                if !preludes.contains(where: { $0.hasPrefix(":root") }), let colon = declaration.firstIndex(of: ":") {
                    // Only the value: `white-space: nowrap` names no colour.
                    let value = declaration[declaration.index(after: colon)...]
                        .replacing(try Regex(#"url\([^)]*\)"#), with: "")
                    if value.contains(literal) { found.append(declaration) }
                }
                if character == "}" { _ = preludes.popLast() }
            default:
                chunk.append(character)
            }
        }
        return found
    }

    @Test func scannerFindsLiteralsOutsideRootOnly() throws {
        let css = """
            :root { --a: #fff; } @media (prefers-color-scheme: dark) { :root:not([x]) { --a: #000; } }
            .a { color: var(--a); white-space: nowrap; background: url("#x") }
            .b { border: 1px solid #ddd } @media print { .c { color: black } }
            """
        #expect(try Self.colourLiteralsOutsideRootBlocks(css) == ["border: 1px solid #ddd", "color: black"])
    }

    @Test func themeStylesheetHasNoColourOutsideRootBlocks() throws {
        let css = try String(contentsOf: Repository.templates.appendingPathComponent("assets/style.css"), encoding: .utf8)
        #expect(try Self.colourLiteralsOutsideRootBlocks(css) == [])
        // Both palettes and the site's choice: the system's dark preference, and the attribute.
        #expect(css.contains("@media (prefers-color-scheme: dark)"))
        #expect(css.contains(#":root[data-color-scheme="dark"]"#))
        #expect(css.contains("color-scheme: light dark;"))
    }

    /// The gallery's generated CSS (every `<style>` of every page) names a site's background
    /// colour only as a custom property.
    @Test func generatedCSSHasNoColourOutsideRootBlocks() throws {
        let site = try BuiltSite { folder in
            let config = folder.appendingPathComponent("site.yml")
            let text = try String(contentsOf: config, encoding: .utf8)
            try (text + "  background:\n    color: \"#4a2f1d\"\n").write(to: config, atomically: true, encoding: .utf8)
        }
        defer { site.remove() }
        let styles = try Regex(#"<style>(.*?)</style>"#).dotMatchesNewlines()
        var generated = ""
        for page in site.pages {
            let html = try #require(site.text(page))
            for match in html.matches(of: styles) { generated += String(html[match.range]).dropFirst(7).dropLast(8) + "\n" }
        }
        #expect(generated.contains(":root{--gallery-background:#4a2f1d}"))
        #expect(try Self.colourLiteralsOutsideRootBlocks(generated) == [])
    }

    @Test func colorSchemeFromSiteConfigReachesEveryPage() throws {
        let automatic = try BuiltSite()
        defer { automatic.remove() }
        let dark = try BuiltSite { folder in
            let config = folder.appendingPathComponent("site.yml")
            let text = try String(contentsOf: config, encoding: .utf8)
            try (text + "theme:\n  color_scheme: dark\n").write(to: config, atomically: true, encoding: .utf8)
        }
        defer { dark.remove() }
        #expect(!dark.pages.isEmpty)
        for page in dark.pages {
            #expect(dark.text(page)?.contains(#"<html lang="en" dir="ltr" data-color-scheme="dark">"#) == true, "\(page)")
            #expect(automatic.text(page)?.contains(#"<html lang="en" dir="ltr" data-color-scheme="auto">"#) == true, "\(page)")
        }
    }

    /// The `--name: #hex` custom properties of the first `:root` block whose selector is `selector`.
    static func palette(_ css: String, selector: String) throws -> [String: String] {
        let start = try #require(css.range(of: selector + " {"))
        let block = css[start.upperBound...].prefix { $0 != "}" }
        var colours: [String: String] = [:]
        for match in block.matches(of: try Regex(#"--([a-z-]+):\s*(#[0-9a-f]{3,6})\b"#)) {
            colours[String(try #require(match.output[1].substring))] = String(try #require(match.output[2].substring))
        }
        return colours
    }

    /// WCAG 2 contrast ratio of two `#rgb` or `#rrggbb` colours.
    static func contrast(_ first: String, _ second: String) -> Double {
        func luminance(_ hex: String) -> Double {
            var digits = Array(hex.dropFirst())
            if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
            let channels = stride(from: 0, to: 6, by: 2).map { Double(Int(String(digits[$0..<$0 + 2]), radix: 16) ?? 0) / 255 }
                .map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        }
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Text on its backgrounds is WCAG AA (4.5:1) in both palettes: body and secondary text, links,
    /// pills, the segmented control, selected chips, counts.
    @Test func bothPalettesMeetAAContrast() throws {
        let css = try String(contentsOf: Repository.templates.appendingPathComponent("assets/style.css"), encoding: .utf8)
        let light = try Self.palette(css, selector: ":root")
        let dark = light.merging(try Self.palette(css, selector: #":root[data-color-scheme="dark"]"#)) { $1 }
        #expect(dark["paper"] != light["paper"] && dark["surface"] != light["surface"])
        // The two dark blocks (system preference, site.yml) hold the same palette.
        #expect(try Self.palette(css, selector: #"  :root:not([data-color-scheme="light"])"#)
                == Self.palette(css, selector: #":root[data-color-scheme="dark"]"#))
        let pairs = [("ink", "paper"), ("muted", "paper"), ("accent", "paper"), ("ink", "surface"), ("muted", "surface"),
                     ("accent", "surface"), ("muted", "sunken"), ("ink", "sunken"), ("muted", "count-background"),
                     ("on-ink", "ink"), ("on-ink-muted", "ink"), ("ink", "surface-hover")]
        for (name, palette) in [("light", light), ("dark", dark)] {
            for (text, background) in pairs {
                let ratio = Self.contrast(try #require(palette[text]), try #require(palette[background]))
                #expect(ratio >= 4.5, "\(name): --\(text) on --\(background) is \(ratio):1")
            }
        }
        #expect(Self.contrast(try #require(light["on-texture"]), "#4a2f1d") >= 4.5)
    }

    @Test func heroKeepsThePicturesShapeWithinBounds() {
        #expect(RenditionPlanner.heroAspectRatio(for: 1.5) == 1.5)
        #expect(RenditionPlanner.heroAspectRatio(for: 0.5) == 0.8)
        #expect(RenditionPlanner.heroAspectRatio(for: 3) == 16.0 / 9.0)
        #expect(PageRenderer.heroAspectRatio(1.5) == "1.5")
        // A 3:2 photo fills its 3:2 box: no wider renditions than the box needs.
        #expect(RenditionPlanner.heroCoverFactor(aspectRatio: 1.5) == 1)
        #expect(BuiltInTheme.geometry.heroSizes.attribute(widenedBy: 1) == "(min-width: 1100px) 450px, (min-width: 760px) 41vw, 92vw")
        // A panorama is cropped to 16:9.
        #expect(abs(RenditionPlanner.heroCoverFactor(aspectRatio: 32.0 / 9.0) - 2) < 1e-9)
        // Its sizes widen with it: twice the box, rounded up.
        #expect(BuiltInTheme.geometry.heroSizes.attribute(widenedBy: 2.001) == "(min-width: 1100px) 901px, (min-width: 760px) 82.05vw, 184.1vw")
    }

    @Test func recipeHeroCarriesItsAspectRatio() throws {
        let site = try ImageTestSite()
        defer { site.remove() }
        try site.addImage("images/wide.jpg", try ImageFixture.jpeg(width: 120, height: 80))
        try site.addRecipe("wide", image: "images/wide.jpg")
        try site.addRecipe("remote", image: "https://example.com/x.jpg", extra: "image_width: 1600\nimage_height: 900\n")
        _ = try site.build()
        let wide = try String(contentsOf: site.output.appendingPathComponent("recipes/wide/index.html"), encoding: .utf8)
        #expect(wide.contains(#"fetchpriority="high" style="aspect-ratio:1.5;background"#))
        let remote = try String(contentsOf: site.output.appendingPathComponent("recipes/remote/index.html"), encoding: .utf8)
        #expect(remote.contains(#"style="aspect-ratio:1.7778;background-color:var(--placeholder)""#))
    }
}
