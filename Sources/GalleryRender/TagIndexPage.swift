import GalleryContent
import GallerySupport
import Mustache

/// The index of every tag (`tags` template), when any recipe has a tag.
package struct TagIndexPage: TemplatePage {
    package static let outputPath = "tags/index.html"

    package var templateName: String { "tags" }

    package func count(in site: PagePlan) -> Int { site.hasTagIndex ? 1 : 0 }

    package func path(_ index: Int, in site: PagePlan) -> String { TagIndexPage.outputPath }

    package func context(_ index: Int, in site: PageRenderer) -> MustacheValue { site.tagIndexContext(site.tags) }
}

extension PageRenderer {
    func tagIndexContext(_ tags: [RecipeTag]) -> MustacheValue {
        let root = URLPath.root(from: TagIndexPage.outputPath)
        let description = strings.phrase("tags_description", ["site": site.config.title])
        let title = strings.text("tags")
        return [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(title), "description": .string(description)],
            "meta": socialMeta(path: TagIndexPage.outputPath, root: root, title: "\(title) · \(site.config.title)", description: description).context,
            "galleryURL": .string(URLPath.link(to: GalleryPage.firstPagePath, root: root)),
            "tags": .array(tags.map { tag in
                ["name": .string(tag.name), "url": .string(URLPath.link(to: TagPage.path(slug: tag.slug), root: root)),
                 "count": .string(strings.number(tag.members.count + tag.posts.count)), "countText": .string(tagCountText(tag))]
            }),
        ]
    }
}

extension TagIndexPage {
    /// Every tag's name, slug and count.
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("tags", index)
        for tag in site.tags {
            hasher.combine(tag.name)
            hasher.combine(tag.slug)
            hasher.combine(tag.members.count)
            hasher.combine(tag.posts.count)
        }
        return hasher.finalize()
    }
}
