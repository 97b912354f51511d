import GallerySupport

/// Everything a build reads from a site folder, validated: the configuration, the recipes in
/// gallery order and the sizes of their local images.
public struct Site: Sendable {
    public var config: SiteConfig
    public var recipes: [Recipe]
    /// Header-probed sizes of local images, keyed by their site-relative path.
    public var images: [String: ImageInfo]

    public init(config: SiteConfig, recipes: [Recipe], images: [String: ImageInfo]) {
        self.config = config
        self.recipes = recipes
        self.images = images
    }
}
