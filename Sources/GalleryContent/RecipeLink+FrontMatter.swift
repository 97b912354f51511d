import GallerySupport

extension RecipeLink {
    /// The `recipe:` links of the front matter's Markdown lines: the ingredient lines and the
    /// steps (`ingredients:`, `directions:` or a synonym, in groups or not), which the recipe's
    /// page, its cook mode, the feed and the cookbooks render as Markdown. Each is placed at the
    /// line or step that holds it (a YAML scalar's text no longer says where its bytes were), so
    /// that a link to a recipe that does not exist fails the build there as the body's does.
    static func scanFrontMatterLines(_ reader: inout FieldReader) -> [RecipeLink] {
        var links: [RecipeLink] = []
        for key in ["ingredients"] + RecipeParser.methodKeys {
            if let node = reader.value(key) { collect(node, into: &links) }
        }
        return links
    }

    /// Every link of the scalars under `node`, but not of a group's title or a linked recipe's
    /// `recipe:`/`amount:` (neither is Markdown).
    private static func collect(_ node: YAMLNode, into links: inout [RecipeLink]) {
        if let items = node.sequence {
            for item in items { collect(item, into: &links) }
        } else if let pairs = node.mapping {
            for pair in pairs where !["group", "section", "recipe", "amount"].contains(pair.key.scalar ?? "") {
                collect(pair.value, into: &links)
            }
        } else if let text = node.scalar {
            links += scan(text, bodyLine: node.line).map { link in
                RecipeLink(slug: link.slug, url: link.url, line: node.line, column: node.column)
            }
        }
    }
}
