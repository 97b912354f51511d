import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit
import GalleryRender

/// A multilingual site (Tests/Fixtures/multilingual: `languages: [en, fr, ar]`, translations as
/// `NAME.LANG.md`): a tree per language with its own gallery, tags, feed and search index,
/// hreflang alternates and a language switcher on the pages, the sitemap's `xhtml:link`s.
@Suite struct MultilingualSiteTests {
    static let base = "https://example.com/bar/"

    @Test func eachLanguageHasItsOwnTree() throws {
        let site = try BuiltSite("multilingual")
        defer { site.remove() }
        #expect(site.report.diagnostics.isEmpty, "\(site.report.diagnostics)")
        for tree in ["", "fr/", "ar/"] {
            for file in ["index.html", "tags/index.html", "feed.xml", "search/index.json", "recipes/mojito/index.html",
                         "recipes/borscht/index.html", "tags/和食/index.html", "tags/борщ/index.html"] {
                #expect(site.exists(tree + file), "\(tree + file)")
            }
        }
        // A translation's own slug; a page that has no Arabic version is not in the Arabic tree.
        #expect(site.exists("fr/recipes/daiquiri-cubain/index.html") && !site.exists("fr/recipes/daiquiri/index.html"))
        #expect(site.exists("fr/about/index.html") && !site.exists("ar/about/index.html"))
        // Shared files once, at the output root.
        for shared in ["fr/assets", "ar/assets", "fr/images", "fr/sitemap.xml", "ar/404.html", "fr/robots.txt"] {
            #expect(!site.exists(shared), "\(shared)")
        }

        let french = try #require(site.text("fr/index.html"))
        #expect(french.contains("<html lang=\"fr\" dir=\"ltr\""))
        #expect(french.contains("Le Bar du Coin") && french.contains("Sour au borchtch") && !french.contains("Borscht Sour"))
        #expect(french.contains("href=\"recipes/daiquiri-cubain/index.html\""))
        #expect(french.contains("href=\"../assets/style.css\""))
        // Japanese and Cyrillic tags: UTF-8 on disk, percent-encoded in links.
        let mojito = try #require(site.text("fr/recipes/mojito/index.html"))
        #expect(mojito.contains("href=\"../../tags/%E5%92%8C%E9%A3%9F/index.html\""))
        let borscht = try #require(site.text("fr/recipes/borscht/index.html"))
        #expect(borscht.contains("href=\"../../tags/%D0%B1%D0%BE%D1%80%D1%89/index.html\""))
        #expect(try #require(site.text("fr/tags/和食/index.html")).contains("Mojito"))

        let feed = try #require(site.text("fr/feed.xml"))
        #expect(feed.contains("xml:lang=\"fr\"") && feed.contains("<title>Le Bar du Coin</title>"))
        #expect(feed.contains("<id>\(Self.base)fr/recipes/mojito/</id>") && !feed.contains("Borscht Sour"))
        #expect(feed.contains("src=&quot;\(Self.base)images/"), "pictures from the output root")

        let index = try #require(SearchOutput(output: site.outputDirectory, tree: "ar/"))
        #expect(Set(index.titles) == ["موهيتو", "دايكيري", "سور الشمندر"])
        let urls = index.urls
        for url in urls {
            #expect(site.exists("ar/" + (url.removingPercentEncoding ?? url)), "\(url)")
        }
    }

    @Test func theArabicTreeReadsRightToLeft() throws {
        let site = try BuiltSite("multilingual")
        defer { site.remove() }
        let arabic = site.pages.filter { $0.hasPrefix("ar/") }
        #expect(arabic.count >= 8)
        for page in arabic {
            #expect(site.text(page)?.contains("<html lang=\"ar\" dir=\"rtl\"") == true, "\(page)")
        }
        for page in site.pages where !page.hasPrefix("ar/") {
            #expect(site.text(page)?.contains("dir=\"ltr\"") == true, "\(page)")
        }
        let loader = ContentLoader(siteDirectory: try #require(Repository.fixtures.appendingPathComponent("multilingual")))
        let trees = try loader.load().0.languageTrees
        #expect(trees.map(\.config.language) == ["en", "fr", "ar"])
        #expect(trees.map { $0.config.layoutDirection } == [.leftToRight, .leftToRight, .rightToLeft])
    }

    /// Every page with a version in another language names all its versions, itself and
    /// `x-default` included, each a file of the output; the switcher links the same versions.
    @Test func everyPageNamesItsVersionsAndTheyExist() throws {
        let site = try BuiltSite("multilingual")
        defer { site.remove() }
        var withAlternates = 0
        for page in site.pages where page != "404.html" {
            let text = try #require(site.text(page))
            let alternates = Self.matches(#"<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">"#, in: text)
            let here = Self.base + page.replacingOccurrences(of: "index.html", with: "")
            guard !alternates.isEmpty else {
                // Only a page no other language has is without them.
                #expect(!["index.html", "fr/index.html", "ar/index.html", "recipes/mojito/index.html"].contains(page), "\(page)")
                continue
            }
            withAlternates += 1
            let languages = alternates.map { $0[0] }
            #expect(languages.last == "x-default" && Set(languages).count == languages.count, "\(page): \(languages)")
            #expect(alternates.contains { $0[1].removingPercentEncoding == here }, "\(page) names itself")
            for alternate in alternates {
                let url = try #require(alternate[1].removingPercentEncoding)
                #expect(url.hasPrefix(Self.base), "\(url)")
                #expect(site.exists(String(url.dropFirst(Self.base.count)) + "index.html"), "\(page) → \(url)")
            }
            // The switcher: each language once, this one current, every link a real file.
            let switcher = Self.matches(#"<li><a href="([^"]+)" lang="([^"]+)" hreflang="[^"]+"( aria-current="true")?>"#, in: text)
            #expect(switcher.map { $0[1] } == ["en", "fr", "ar"], "\(page)")
            let current = switcher.filter { !$0[2].isEmpty }.map { $0[1] }
            #expect(current == [page.hasPrefix("fr/") ? "fr" : page.hasPrefix("ar/") ? "ar" : "en"], "\(page)")
            let folder = (page as NSString).deletingLastPathComponent
            for link in switcher {
                let target = ((folder as NSString).appendingPathComponent(link[0].removingPercentEncoding ?? link[0]) as NSString).standardizingPath
                #expect(site.exists(target), "\(page) → \(link[0])")
            }
        }
        #expect(withAlternates > 15)
        let mojito = try #require(site.text("ar/recipes/mojito/index.html"))
        for (language, url) in [("en", ""), ("fr", "fr/"), ("ar", "ar/"), ("x-default", "")] {
            #expect(mojito.contains("<link rel=\"alternate\" hreflang=\"\(language)\" href=\"\(Self.base)\(url)recipes/mojito/\">"))
        }
        // Versions with different slugs are still one page's.
        let daiquiri = try #require(site.text("recipes/daiquiri/index.html"))
        #expect(daiquiri.contains("hreflang=\"fr\" href=\"\(Self.base)fr/recipes/daiquiri-cubain/\""))
        #expect(daiquiri.contains("href=\"../../fr/recipes/daiquiri-cubain/index.html\" lang=\"fr\""))
        // A language without the page: the switcher leads to its gallery.
        let about = try #require(site.text("fr/about/index.html"))
        #expect(about.contains("href=\"../../ar/index.html\" lang=\"ar\""))
        #expect(!about.contains("hreflang=\"ar\" href"))
    }

    @Test func theSitemapListsEveryTreeWithAlternates() throws {
        let site = try BuiltSite("multilingual")
        defer { site.remove() }
        let sitemap = try #require(site.text("sitemap.xml"))
        #expect(sitemap.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""))
        let locations = Self.matches(#"<loc>([^<]+)</loc>"#, in: sitemap).map { $0[0] }
        #expect(Set(locations).count == locations.count)
        for location in locations {
            let path = String((location.removingPercentEncoding ?? location).dropFirst(Self.base.count))
            #expect(site.exists(path + "index.html"), "\(location)")
        }
        #expect(locations.contains("\(Self.base)fr/tags/%E5%92%8C%E9%A3%9F/"))
        #expect(locations.contains("\(Self.base)ar/tags/%D0%B1%D0%BE%D1%80%D1%89/"))
        #expect(sitemap.contains("""
          <url>
            <loc>\(Self.base)ar/recipes/mojito/</loc>
            <xhtml:link rel="alternate" hreflang="en" href="\(Self.base)recipes/mojito/"/>
            <xhtml:link rel="alternate" hreflang="fr" href="\(Self.base)fr/recipes/mojito/"/>
            <xhtml:link rel="alternate" hreflang="ar" href="\(Self.base)ar/recipes/mojito/"/>
            <xhtml:link rel="alternate" hreflang="x-default" href="\(Self.base)recipes/mojito/"/>
          </url>
        """))
        let hrefs = Self.matches(#"<xhtml:link rel="alternate" hreflang="[^"]+" href="([^"]+)"/>"#, in: sitemap).map { $0[0] }
        #expect(hrefs.count > 30)
        for href in hrefs {
            #expect(locations.contains(href), "\(href) is a page of the sitemap")
        }
    }

    @Test func aSitemapSplitIntoPartsKeepsEveryTreeAndItsAlternates() throws {
        let whole = try BuiltSite("multilingual")
        defer { whole.remove() }
        let split = try BuiltSite("multilingual", options: { $0.sitemapLimits = Sitemap.Limits(urls: 7, bytes: 52_428_800) })
        defer { split.remove() }
        let sitemap = try #require(whole.text("sitemap.xml"))
        let entries = Self.matches(#"(<url>(?:.|\n)*?</url>)"#, in: sitemap).map { $0[0] }
        #expect(entries.count > 14)
        let index = try #require(split.text("sitemap.xml"))
        #expect(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"))
        let parts = Self.matches(#"<sitemap><loc>([^<]+)</loc></sitemap>"#, in: index).map { $0[0] }
        #expect(parts.count == (entries.count + 6) / 7)
        var listed: [String] = []
        for (number, url) in parts.enumerated() {
            #expect(url == "\(Self.base)sitemap-\(number + 1).xml")
            let part = try #require(split.text("sitemap-\(number + 1).xml"))
            #expect(part.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"))
            #expect(part.hasSuffix("</urlset>\n"))
            listed += Self.matches(#"(<url>(?:.|\n)*?</url>)"#, in: part).map { $0[0] }
        }
        #expect(listed == entries)
        #expect(!split.exists("fr/sitemap-1.xml"))
    }

    @Test func aTranslationIntoALanguageNotListedIsAnError() throws {
        let errors = try Self.errors { site in
            try "---\ntitle: Mojito\n---\nMischen.\n".write(to: site.appendingPathComponent("recipes/mojito.de.md"), atomically: true, encoding: .utf8)
        }
        #expect(errors == ["site/recipes/mojito.de.md:1:1: error: mojito.de.md is a translation into 'de', which site.yml's 'languages:' does not list (en, fr, ar): add 'de' or rename the file"])
        let defaultLanguage = try Self.errors { site in
            try "---\ntitle: Mojito\n---\nMix.\n".write(to: site.appendingPathComponent("pages/about.en.md"), atomically: true, encoding: .utf8)
        }
        #expect(defaultLanguage == ["site/pages/about.en.md:1:1: error: about.en.md is a translation into 'en', the site's default language, whose text is the original's (pages/about.md): write it there or delete this file"])
        let oneLanguage = try Self.errors { site in
            try BuiltSite.replace("languages:\n  - en\n", with: "language: en\nx_languages:\n  - en\n", in: site.appendingPathComponent("site.yml"))
        }
        #expect(oneLanguage.contains("site/recipes/mojito.fr.md:1:1: error: mojito.fr.md is a translation into 'fr', but site.yml has no 'languages:': list the site's languages (like 'languages: [en, fr]') or rename the file"), "\(oneLanguage)")
    }

    @Test func aTranslationWithoutItsOriginalIsAnError() throws {
        let errors = try Self.errors { site in
            try "---\ntitle: Negroni\n---\nRemuer.\n".write(to: site.appendingPathComponent("recipes/negroni.fr.md"), atomically: true, encoding: .utf8)
        }
        #expect(errors == ["site/recipes/negroni.fr.md:1:1: error: a translation of recipes/negroni.md, which does not exist: a translation is named after its original (negroni.fr.md)"])
    }

    @Test func languagesInSiteYmlAreChecked() throws {
        let unknown = try Self.errors { site in
            try BuiltSite.replace("  - code: ar\n", with: "  - code: xx\n", in: site.appendingPathComponent("site.yml"))
        }
        #expect(unknown.contains { $0.hasPrefix("site/site.yml:9:5: error: unknown language code 'xx'") }, "\(unknown)")
        let twice = try Self.errors { site in
            try BuiltSite.replace("  - en\n", with: "  - en\n  - en\n", in: site.appendingPathComponent("site.yml"))
        }
        #expect(twice.contains("site/site.yml:6:5: error: the language 'en' is listed twice"), "\(twice)")
    }

    /// The errors of building the fixture after `edit`, paths relative to the temporary folder.
    static func errors(_ edit: (URL) throws -> Void) throws -> [String] {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let folder = temporary.url.appendingPathComponent("site")
        try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("multilingual"), to: folder)
        try edit(folder)
        var options = BuildOptions(siteDirectory: folder, outputDirectory: temporary.url.appendingPathComponent("out"),
                                   themeDirectory: Repository.templates)
        options.displayPath = { url in
            let path = url.standardizedFileURL.path
            return path.hasPrefix(temporary.url.path + "/") ? String(path.dropFirst(temporary.url.path.count + 1)) : path
        }
        do {
            _ = try SiteBuilder(options: options).build()
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// The capture groups of every match of `pattern` in `text`.
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }
}
