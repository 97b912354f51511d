import Foundation
import GalleryLayout
import GallerySupport

/// Everything a build reads from a site folder, validated: the configuration, the recipes in
/// gallery order, the sizes of their local images and the gallery's layout engines.
package struct Site: Sendable {
    package var config: SiteConfig
    package var recipes: [Recipe]
    /// Header-probed sizes of local images, keyed by their site-relative path.
    package var images: [String: ImageInfo]
    /// The gallery's layout engines by arrangement (site.yml's order), then breakpoint, made once
    /// from site.yml's `gallery:` when the site is read.
    package var layouts: [[any CollectionLayout]]
    /// The pages of `pages/` (drafts only with `--drafts`), sorted by path.
    package var pages: [Page]
    /// The journal's posts (`posts/*.md`, drafts only with `--drafts`), newest first.
    package var posts: [Post] = []
    /// The home text (`index.md`), shown above the gallery's first page; nil without one.
    package var home: HomeText?
    /// The site menu: site.yml's entries and the pages' own, in menu order, every target checked.
    package var menu: [MenuEntry]
    /// The files of `static/`, sorted by path, published as they are.
    package var staticFiles: [StaticFile]
    /// The site folder and how diagnostics name it, for reading recipe bodies again; nil for a
    /// site made in memory, whose recipes hold their bodies.
    package var folder: (directory: URL, displayRoot: String, boundary: SiteFolderBoundary)?
    /// The site's overrides of the theme's strings (`i18n/fr.yml`), by language as the file is named.
    package var translations: [String: TranslationTable] = [:]
    /// Where this language's tree sits in the output: `""` for the default language, `fr/` for
    /// another (a tree of `otherLanguages`).
    package var treePrefix = ""
    /// A multilingual site's other languages (site.yml's `languages:` after the default), each a
    /// tree of its translated recipes and pages; empty for a site in one language.
    package var otherLanguages: [Site] = []

    package init(config: SiteConfig, recipes: [Recipe], images: [String: ImageInfo], layouts: [[any CollectionLayout]]? = nil,
                 pages: [Page] = [], menu: [MenuEntry]? = nil, staticFiles: [StaticFile] = [],
                 folder: (directory: URL, displayRoot: String, boundary: SiteFolderBoundary)? = nil) {
        self.folder = folder
        self.config = config
        self.recipes = recipes
        self.images = images
        self.pages = pages
        self.menu = menu ?? Site.menu(config.menu, pages: pages)
        self.staticFiles = staticFiles
        self.layouts = layouts
            ?? GalleryLayoutFactory.makeLayouts(config.gallery, breakpoints: config.breakpoints, path: "site.yml").0
    }

    /// How diagnostics name the site file at `relative`: under the site folder's display name, or
    /// as it is for a site made in memory.
    package func displayPath(_ relative: String) -> String {
        folder.map { ContentLoader.displayPath(relative, root: $0.displayRoot) } ?? relative
    }

    /// `recipe`'s Markdown body: as the reading handed it on, or, for a site whose bodies were
    /// too many to hold (`RecipeBody.file`), read again from its file, which must still hold the
    /// text the site was read with.
    package func body(of recipe: Recipe) throws(Diagnostic) -> String {
        switch recipe.body {
        case .text(let text):
            return text
        case .file(let offset, let checksum):
            guard let folder else {
                throw .error("the recipe's text was not kept and there is no site folder to read it from", path: recipe.sourcePath)
            }
            let loader = ContentLoader(readingAgain: folder)
            let path = displayPath(recipe.sourcePath)
            let text = try SourceText.decode(try loader.readSiteFile(recipe.sourcePath, what: "the recipe"), path: path)
            let bytes = text.utf8
            guard offset <= bytes.count, RecipeBody.checksum(bytes.dropFirst(offset)) == checksum else {
                throw .error("the recipe changed while the site was being built; build again", path: path)
            }
            return String(decoding: bytes.dropFirst(offset), as: UTF8.self)
        }
    }
}

extension Site {
    /// Every language's tree, the default (this site) first.
    package var languageTrees: [Site] {
        [self] + otherLanguages
    }

    /// Sets where the site is published (`--base-url`): each language's tree below it.
    package mutating func setBaseURL(_ baseURL: String) {
        config.baseURL = baseURL.endingInSlash
        for index in otherLanguages.indices {
            otherLanguages[index].config.baseURL = baseURL.endingInSlash + otherLanguages[index].treePrefix
        }
    }
}

extension Site {
    /// site.yml's entries and the entries of pages with `menu:` in their front matter, in menu order.
    package static func menu(_ configured: [MenuEntry], pages: [Page]) -> [MenuEntry] {
        let fromPages = pages.compactMap { page in
            page.menu.map { MenuEntry(label: $0.label ?? page.title, weight: $0.weight, target: .page(page.path),
                                      sourcePath: page.sourcePath, line: page.line(of: "menu")) }
        }
        return (configured + fromPages).sorted(by: MenuEntry.menuOrder)
    }
}
