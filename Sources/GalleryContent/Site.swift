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

    package init(config: SiteConfig, recipes: [Recipe], images: [String: ImageInfo], layouts: [[any CollectionLayout]]? = nil) {
        self.config = config
        self.recipes = recipes
        self.images = images
        self.layouts = layouts
            ?? GalleryLayoutFactory.makeLayouts(config.gallery, breakpoints: config.breakpoints, path: "site.yml").0
    }
}
