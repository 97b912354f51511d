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
    /// The site menu: site.yml's entries and the pages' own, in menu order, every target checked.
    package var menu: [MenuEntry]
    /// The files of `static/`, sorted by path, published as they are.
    package var staticFiles: [StaticFile]

    package init(config: SiteConfig, recipes: [Recipe], images: [String: ImageInfo], layouts: [[any CollectionLayout]]? = nil,
                 pages: [Page] = [], menu: [MenuEntry]? = nil, staticFiles: [StaticFile] = []) {
        self.config = config
        self.recipes = recipes
        self.images = images
        self.pages = pages
        self.menu = menu ?? Site.menu(config.menu, pages: pages)
        self.staticFiles = staticFiles
        self.layouts = layouts
            ?? GalleryLayoutFactory.makeLayouts(config.gallery, breakpoints: config.breakpoints, path: "site.yml").0
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
