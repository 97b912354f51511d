import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// One page per journal post (`post` template): `journal/<slug>/index.html`, with its picture,
/// its body, its tags (shared with the recipes), links to the older and newer post and a
/// schema.org `BlogPosting`.
package struct PostPage: TemplatePage {
    /// A journal post: `journal/<slug>/index.html`.
    package static func path(slug: String) -> String { Post.journalPath + "/\(slug)/index.html" }

    package var templateName: String { "post" }

    package func count(in site: PagePlan) -> Int { site.site.posts.count }

    package func path(_ index: Int, in site: PagePlan) -> String { PostPage.path(slug: site.site.posts[index].slug) }

    package func context(_ index: Int, in site: PageRenderer) -> MustacheValue { site.postContext(index) }

    package func origin(_ index: Int, in site: PagePlan) -> FileOrigin {
        .source(path: site.site.posts[index].sourcePath, what: "the post")
    }

    /// The post, and its neighbours' titles (the older and newer links).
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("post")
        hasher.combine(inputs.posts[index])
        for neighbour in [index - 1, index + 1] where site.site.posts.indices.contains(neighbour) {
            hasher.combine(site.site.posts[neighbour].slug)
            hasher.combine(site.site.posts[neighbour].title)
        }
        return hasher.finalize()
    }
}

extension PageRenderer {
    /// A post as the journal list and the tag pages show it: title, link, date, summary, picture, tags.
    func postSummary(_ post: Post, root: String) -> [String: MustacheValue] {
        var fields: [String: MustacheValue] = [
            "title": .string(post.title),
            "slug": .string(post.slug),
            "url": .string(URLPath.link(to: PostPage.path(slug: post.slug), root: root)),
            "date": .string(strings.date(post.date)),
            "dateISO": .string(post.date.iso8601),
            "summary": .optional(post.summary),
            "tags": tagLinks(post.tags, root: root),
            "hasTags": .bool(!post.tags.isEmpty),
        ]
        if let image = post.image {
            fields["image"] = imageContext(image, alt: post.imageAlt ?? post.title, root: root)
        }
        return fields
    }

    func postContext(_ index: Int) -> MustacheValue {
        let posts = site.posts
        let post = posts[index]
        let path = PostPage.path(slug: post.slug)
        let root = URLPath.root(from: path)
        var fields = postSummary(post, root: root)
        fields["author"] = .optional(post.author ?? site.config.author)
        fields["bodyHTML"] = .string(Markdown.html(post.body, allowRawHTML: site.config.unsafeHTML,
                                                   images: bodyImages(documentPath: post.sourcePath, root: root),
                                                   recipeLinks: recipeLinks(root: root)))
        let link = { (post: Post) -> MustacheValue in
            ["title": .string(post.title), "url": .string(URLPath.link(to: PostPage.path(slug: post.slug), root: root))]
        }
        let image = post.image.map { (reference: $0, alt: post.imageAlt ?? post.title) }
        var meta = socialMeta(path: path, root: root, type: "article", title: post.title, description: post.summary, image: image)
        meta.publishedTime = post.date.iso8601
        meta.tags = post.tags
        let published = site.config.publishedURL
        let imageURLs = image.map { publishedImages($0.reference, root: root) }?.map { published?.resolve($0.url, root: root) ?? $0.url } ?? []
        let structuredData = PostStructuredData(post: post, config: site.config, pageURL: published?.page(path), imageURLs: imageURLs)
        let context: [String: MustacheValue] = [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(post.title), "description": .optional(post.summary)],
            "meta": meta.context,
            "structuredData": .string(structuredData.script),
            "galleryURL": .string(URLPath.link(to: GalleryPage.firstPagePath, root: root)),
            "journalURL": .string(URLPath.link(to: JournalPage.path(page: 1), root: root)),
            "post": .dictionary(fields),
            // Newest first: the previous post in the list is the newer one.
            "newer": index > 0 ? link(posts[index - 1]) : .null,
            "older": index + 1 < posts.count ? link(posts[index + 1]) : .null,
        ]
        return .dictionary(context.merging(headerContext(root: root)) { _, header in header })
    }

    /// The address of each `recipe:slug` link of a body on a page whose root is `root`.
    func recipeLinks(root: String) -> Markdown.RecipeLinkRenderer {
        { slug, fragment in URLPath.link(to: RecipePage.path(slug: slug), root: root) + (fragment.map { "#" + $0 } ?? "") }
    }
}
