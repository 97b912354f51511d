import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// One page per file of `pages/` (`pages/about.md` → `about/index.html`), made with the `page`
/// template or the one its front matter names. Pages are in the sitemap and the search index,
/// never in the gallery, the tag pages, the feed or the recipes' structured data.
package struct ContentPage: TemplatePage {
    /// A page of `pages/`: `about/index.html`.
    package static func path(of page: Page) -> String { page.outputPath }

    package var templateName: String { "page" }

    package func count(in site: PagePlan) -> Int { site.site.pages.count }

    package func path(_ index: Int, in site: PagePlan) -> String { ContentPage.path(of: site.site.pages[index]) }

    package func context(_ index: Int, in site: PageRenderer) -> MustacheValue { site.pageContext(site.site.pages[index]) }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        let page = site.site.pages[index]
        return OutputFile(path: path(index, in: site.plan),
                          contents: .data(try site.render(page.template ?? templateName, context: fullContext(index, in: site))))
    }

    package func origin(_ index: Int, in site: PagePlan) -> FileOrigin {
        .source(path: site.site.pages[index].sourcePath, what: "the page")
    }
}

extension PageRenderer {
    func pageContext(_ page: Page) -> MustacheValue {
        let path = ContentPage.path(of: page)
        let root = URLPath.root(from: path)
        let description = page.description.map(Typography.smarten)
        var fields: [String: MustacheValue] = [
            "title": .string(page.title),
            "description": description.map(MustacheValue.string) ?? .null,
            "url": .string(URLPath.link(to: path, root: root)),
            "path": .string(page.path),
            "bodyHTML": .string(Markdown.html(page.body, allowRawHTML: site.config.unsafeHTML,
                                              images: bodyImages(documentPath: page.sourcePath, root: root),
                                              recipeLinks: recipeLinks(root: root))),
        ]
        if let image = page.image {
            fields["image"] = imageContext(image, alt: page.imageAlt ?? page.title, root: root)
        }
        let context: [String: MustacheValue] = [
            "root": .string(root),
            "site": siteContext,
            "page": .dictionary(fields),
            "meta": socialMeta(path: path, root: root, title: "\(page.title) · \(site.config.title)", description: description,
                               image: page.image.map { ($0, page.imageAlt ?? page.title) }).context,
            "galleryURL": .string(URLPath.link(to: GalleryPage.firstPagePath, root: root)),
        ]
        return .dictionary(context.merging(headerContext(root: root)) { _, header in header })
    }

    /// `context` with the site menu as this page (at output `path`) shows it: `menu`, each entry
    /// with its `url` from the page's `root` and `current` on the entry that links to the page
    /// itself, and `hasMenu`.
    func addingMenu(to context: MustacheValue, path: String) -> MustacheValue {
        guard case .dictionary(var fields) = context else { return context }
        let root: String
        if case .string(let text)? = fields["root"] { root = text } else { root = URLPath.root(from: path) }
        for key in Self.menuKeys { fields[key] = menuValue(key, path: path, root: root) }
        return .dictionary(fields)
    }

    /// The keys `addingMenu` adds.
    static let menuKeys = ["menu", "hasMenu", "t"]

    /// Menu key `key` of the page at `path` whose root is `root`; nil for another key.
    func menuValue(_ key: String, path: String, root: String) -> MustacheValue? {
        switch key {
        case "menu": .array(menuEntries(path: path, root: root))
        case "hasMenu": .bool(!site.menu.isEmpty)
        case "t": strings.context
        default: nil
        }
    }

    private func menuEntries(path: String, root: String) -> [MustacheValue] {
        site.menu.map { entry in
            let target: String?
            switch entry.target {
            case .page(let page): target = Page.outputPath(of: page)
            case .recipe(let slug): target = RecipePage.path(slug: slug)
            case .tag(let slug): target = TagPage.path(slug: slug)
            case .url: target = nil
            }
            let url: String
            if case .url(let address) = entry.target { url = address } else { url = URLPath.link(to: target ?? "", root: root) }
            return ["label": .string(entry.label), "url": .string(url), "current": .bool(target == path),
                    "isExternal": .bool(target == nil)]
        }
    }
}

extension ContentPage {
    /// The page of `pages/` and its pictures.
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("page")
        hasher.combine(inputs.pages[index])
        return hasher.finalize()
    }
}
