import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryPlan
@testable import GalleryRender

/// A right-to-left site (Tests/Fixtures/rtl, `language: ar`): `dir="rtl"` on every page, the
/// gallery's placements mirrored, and the layout report saying so.
@Suite struct RightToLeftSiteTests {
    @Test func languagesWrittenRightToLeft() {
        for tag in ["ar", "ar-EG", "AR_eg", "he", "he-IL", "fa", "fa_IR", "ur", "ur-PK", "ps", "yi", "ckb", "az-Arab"] {
            #expect(SiteConfig.layoutDirection(ofLanguage: tag) == .rightToLeft, "\(tag)")
        }
        for tag in ["en", "fr", "ja", "pt-BR", "ur-Latn", "arn", "", "-"] {
            #expect(SiteConfig.layoutDirection(ofLanguage: tag) == .leftToRight, "\(tag)")
        }
    }

    @Test func anArabicSiteReadsRightToLeftOnEveryPage() throws {
        let site = try BuiltSite("rtl")
        defer { site.remove() }
        #expect(site.report.diagnostics.isEmpty, "\(site.report.diagnostics)")
        #expect(site.pages.count > 10)
        for page in site.pages {
            #expect(site.text(page)?.contains("<html lang=\"ar\" dir=\"rtl\"") == true, "\(page)")
        }
        #expect(site.exists("tags/和食/index.html") && site.exists("tags/борщ/index.html"))
        let recipe = try #require(site.text("recipes/حمص/index.html"))
        #expect(recipe.contains("<span class=\"arrow\">←</span> كل الوصفات"))
        let english = try BuiltSite()
        defer { english.remove() }
        #expect(english.text("index.html")?.contains("<html lang=\"en\" dir=\"ltr\"") == true)
    }

    @Test func anArabicGalleryIsTheMirrorOfTheSameGalleryLeftToRight() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let folder = try temporary.copyFixture("rtl")
        let arabic = try ContentLoader(siteDirectory: folder).load().0
        var english = arabic
        english.config.language = "en"
        let rtl = GalleryPages(site: arabic).model(page: 1)
        let ltr = GalleryPages(site: english).model(page: 1)
        #expect(rtl.layoutDirection == .rightToLeft && ltr.layoutDirection == .leftToRight)
        #expect(rtl.states.count == ltr.states.count && rtl.states.count > 0)
        var mirroredCards = 0
        for (mirrored, original) in zip(rtl.states, ltr.states) {
            #expect(mirrored.contentSize == original.contentSize)
            let canvas = max(original.contentSize.width, ltr.breakpoints[original.breakpoint].width)
            for (card, source) in zip(mirrored.cards, original.cards) {
                guard let card, let source else {
                    #expect(card == nil && source == nil)
                    continue
                }
                #expect(abs(card.x - (canvas - source.x - source.width)) < 1e-6)
                #expect(card.y == source.y && card.width == source.width && card.height == source.height)
                #expect(abs(card.rotation + source.rotation) < 1e-9)
                // A turned card (cover flow) turns and moves the other way about y too.
                #expect(abs(card.rotationY + source.rotationY) < 1e-9 && abs(card.translationX + source.translationX) < 1e-9)
                #expect(card.translationZ == source.translationZ && card.perspective == source.perspective)
                if abs(card.x - source.x) > 1 { mirroredCards += 1 }
            }
        }
        #expect(mirroredCards > 100, "the arrangements really moved")
        let report = LayoutReport.json(rtl)
        #expect(report.hasPrefix("{\"direction\":\"rtl\","))
    }
}
