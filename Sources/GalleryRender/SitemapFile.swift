import Foundation
import GallerySupport
import GalleryContent
import GalleryImages
import GalleryPlan

/// `sitemap.xml`, when site.yml has a `base_url`: every page of the kinds listed in sitemaps, of
/// every language's tree (it is written once, at the output root). Past the protocol's limits
/// (`Sitemap.Limits`) `sitemap.xml` is a sitemap index and the pages are in `sitemap-1.xml`,
/// `sitemap-2.xml`…: file 0 is `sitemap.xml`, file N part N.
package struct SitemapFile: GeneratedFile {
    package func count(in site: PagePlan) -> Int {
        guard site.site.config.publishedURL != nil, site.isDefaultTree else { return 0 }
        let parts = site.sitemapParts(languages: nil).count
        return parts == 1 ? 1 : 1 + parts
    }

    package func path(_ index: Int, in site: PagePlan) -> String {
        index == 0 ? SitemapFile.outputPath : SitemapFile.path(part: index)
    }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        let sitemap = site.plan.sitemap(languages: site.languages)
        let parts = site.plan.sitemapParts(languages: site.languages)
        if parts.count == 1 { return sitemap.file }
        guard index > 0 else {
            let published = site.site.config.publishedURL!
            return OutputFile(path: SitemapFile.outputPath, text: Sitemap.index(of: parts.indices.map { published.file(SitemapFile.path(part: $0 + 1)) }))
        }
        return sitemap.file(parts[index - 1], path: SitemapFile.path(part: index))
    }
}

extension SitemapFile {
    /// The path of every listed page (the language trees' are part of every file's fingerprint).
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("sitemap", index)
        for (kind, position) in site.plan.listedPages {
            hasher.combine(PageRenderer.kinds[kind].path(position, in: site.plan))
        }
        return hasher.finalize()
    }
}

extension SitemapFile {
    /// The sitemap, or the index of its parts when one file cannot hold it.
    package static let outputPath = "sitemap.xml"

    /// Part `number` (1-based) of a sitemap too large for one file: `sitemap-1.xml`, …
    package static func path(part number: Int) -> String {
        "sitemap-\(number).xml"
    }
}

extension PagePlan {
    /// The files of the kinds a sitemap lists, in output order (what `files` holds of them).
    package var listedPages: [(kind: Int, index: Int)] {
        PageRenderer.kinds.indices.filter { PageRenderer.kinds[$0].isListedInSitemap }.flatMap { kind in
            (0..<PageRenderer.kinds[kind].count(in: self)).map { (kind, $0) }
        }
    }

    /// The sitemap of this tree, or with `languages` of every tree (a multilingual site's).
    func sitemap(languages: LanguageVersions?) -> Sitemap {
        if let languages, languages.trees.count > 1 { return Sitemap(languages: languages) }
        // Each page's address made when its piece is written, from its kind and number.
        let pages = listedPages, plan = self, published = site.config.publishedURL ?? PublishedURL(base: "/")
        return Sitemap(count: pages.count, hasAlternates: false) { index in
            Sitemap.Entry(url: published.page(PageRenderer.kinds[pages[index].kind].path(pages[index].index, in: plan)))
        }
    }

    /// How the sitemap's entries are split into files (`Sitemap.parts`), worked out once: the
    /// file count is part of the plan. A multilingual site's build works it out with `languages`
    /// as soon as it knows them (`SiteBuilder.plan`), before anything asks for the files.
    package func sitemapParts(languages: LanguageVersions?) -> [Range<Int>] {
        sitemapLayout.get { sitemap(languages: languages).parts(within: sitemapLimits) }
    }
}
