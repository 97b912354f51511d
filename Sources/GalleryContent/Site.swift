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
    /// The load step's reader of the recipe bodies it did not hold, which knows the site folder
    /// and how diagnostics name it; nil for a site made in memory, whose recipes hold their bodies.
    package var bodySource: RecipeBodySource?
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
                 bodySource: RecipeBodySource? = nil) {
        self.bodySource = bodySource
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
        bodySource?.displayPath(relative) ?? relative
    }

    /// `recipe`'s Markdown body: as the reading handed it on, or, for a site whose bodies were
    /// too many to hold, read back from its place in the file (`RecipeBodySource`).
    package func body(of recipe: Recipe) throws(Diagnostic) -> String {
        if case .text(let text) = recipe.body { return text }
        guard let bodySource else {
            throw .error("the recipe's text was not kept and there is no site folder to read it from", path: recipe.sourcePath)
        }
        return try bodySource.text(of: recipe)
    }

    /// Has every language tree read its bodies back relative to the site folder, opened now
    /// (`RecipeBodySource.openingFolder()`), when any body was not held: for one build, whose
    /// copy of the site lets the folder go when the build ends (`serve` keeps its reading).
    package mutating func openBodySource() {
        let readsBack = languageTrees.contains { tree in
            tree.recipes.contains { if case .file = $0.body { true } else { false } }
        }
        guard readsBack, let opened = bodySource?.openingFolder() else { return }
        bodySource = opened
        for index in otherLanguages.indices where otherLanguages[index].bodySource != nil {
            otherLanguages[index].bodySource = opened
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
