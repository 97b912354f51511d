import GallerySupport

/// Everything a build reads from a site folder, validated: the configuration, the recipes in
/// gallery order and the sizes of their local images.
package struct Site: Sendable {
    package var config: SiteConfig
    package var recipes: [Recipe]
    /// Header-probed sizes of local images, keyed by their site-relative path.
    package var images: [String: ImageInfo]

    package init(config: SiteConfig, recipes: [Recipe], images: [String: ImageInfo]) {
        self.config = config
        self.recipes = recipes
        self.images = images
    }
}
