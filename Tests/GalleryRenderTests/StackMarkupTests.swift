import Foundation
import Testing
import GalleryTestSupport

/// The markup of stacks that open: a radio per section in its header with a label covering the
/// stack and a Back label, `gs0` first in the canvas, named in the site's language; and none of it
/// on a gallery whose sections are not stacks.
@Suite struct StackMarkupTests {
    /// The basic fixture's two published recipes (Coupe, Rocks) grouped by glass, both tagged
    /// "classic" (a chip needs two cards), with a stack arrangement after the fan when `stack` is
    /// true, in `language`.
    static func site(stack: Bool, language: String = "en") throws -> BuiltSite {
        try BuiltSite { folder in
            let config = folder.appendingPathComponent("site.yml")
            try BuiltSite.replace("gallery:\n", with: "gallery:\n  section_by: glass\n", in: config)
            try BuiltSite.replace("language: en", with: "language: \(language)", in: config)
            if stack { try BuiltSite.replace("    - fan\n", with: "    - fan\n    - stack\n", in: config) }
            try BuiltSite.replace("tags: [rum, sour]", with: "tags: [rum, sour, classic]", in: folder.appendingPathComponent("recipes/daiquiri.md"))
            try BuiltSite.replace("tags: [gin, bitter]", with: "tags: [gin, bitter, classic]", in: folder.appendingPathComponent("recipes/negroni.md"))
        }
    }

    @Test func eachHeaderHoldsItsStacksRadioAndLabels() throws {
        let site = try Self.site(stack: true)
        defer { site.remove() }
        let html = try #require(site.text("index.html"))
        #expect(html.contains(#"<div class="gc"><input type="radio" name="stack" id="gs0" class="gs" checked aria-label="All stacks closed">"#))
        #expect(html.contains(#"<input type="radio" name="stack" id="gs1" class="gs" aria-label="Open Coupe"><label for="gs1" class="gh-open">Coupe</label>"#
                              + #"<label for="gs0" class="gh-back" aria-hidden="true"><span class="arrow">←</span> Back</label></h2>"#))
        #expect(html.contains(#"aria-label="Open Rocks""#) && !html.contains("gs3"))
        // The stack is the third arrangement; the page has chips, so "All" is part of the scope.
        #expect(html.contains(".g:has(#ga2:checked):has(#gs2:checked):has(#gf0:checked) .card{"))
        #expect(site.report.diagnostics.isEmpty, "\(site.report.diagnostics)")
    }

    @Test func theStacksSpeakTheSitesLanguage() throws {
        let site = try Self.site(stack: true, language: "fr")
        defer { site.remove() }
        let html = try #require(site.text("index.html"))
        #expect(html.contains(#"aria-label="Toutes les piles fermées""#))
        #expect(html.contains(#"aria-label="Ouvrir Coupe""#))
        #expect(html.contains("</span> Retour</label>"))
    }

    @Test func sectionsWithoutAStackAreTitlesOnly() throws {
        let site = try Self.site(stack: false)
        defer { site.remove() }
        let html = try #require(site.text("index.html"))
        #expect(html.contains("<div class=\"gc\">\n"))
        #expect(html.contains(">Coupe</h2>") && html.contains(">Rocks</h2>"))
        for text in ["gs0", "gs1", "name=\"stack\"", "gh-open", "gh-back", "#gs"] {
            #expect(!html.contains(text), "\(text) on a gallery without stacks")
        }
    }
}
