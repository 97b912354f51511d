import GallerySupport

extension RecipeLink {
    /// Adds the `recipe:` links of one of the front matter's Markdown lines to `links`: an
    /// ingredient line or a step (`ingredients:`, `directions:` or a synonym, in groups or not),
    /// which the recipe's page, its cook mode, the feed and the cookbooks render as Markdown. The
    /// parser calls it as it makes each line, so no scalar is read twice. Each link is placed at
    /// `node`, the YAML scalar that holds the line (a scalar's text no longer says where its bytes
    /// were), so that a link to a recipe that does not exist fails the build there as the body's does.
    static func collect(_ line: String, at node: YAMLNode, into links: inout [RecipeLink]) {
        for link in scan(line, bodyLine: node.line) {
            links.append(RecipeLink(slug: link.slug, url: link.url, line: node.line, column: node.column))
        }
    }
}
