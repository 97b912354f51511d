import GalleryContent
import GalleryImages
import GalleryLayout
import GalleryPlan
import GallerySupport
import Mustache

/// The gallery's pages (`gallery` template): cards, section headers, the arrangement switcher,
/// tag filters, pagination and the CSS that places everything.
package struct GalleryPage: TemplatePage {
    /// The gallery's first page, the site's home.
    package static let firstPagePath = "index.html"
    /// Gallery page `number` (1-based): `index.html`, `page/2/index.html`, …
    package static func path(page number: Int) -> String {
        number <= 1 ? firstPagePath : "page/\(number)/index.html"
    }

    package var templateName: String { "gallery" }

    package func count(in site: PagePlan) -> Int { site.gallery.pages.count }

    package func path(_ index: Int, in site: PagePlan) -> String { GalleryPage.path(page: index + 1) }

    package func context(_ index: Int, in site: PageRenderer) -> MustacheValue {
        site.galleryContext(page: index + 1)
    }
}

extension PageRenderer {
    func galleryContext(page number: Int) -> MustacheValue {
        let pages = gallery.pages
        let path = GalleryPage.path(page: number)
        let root = URLPath.root(from: path)
        let settings = site.config.gallery
        let model = gallery.model(page: number)
        let style = GalleryStyle(model: model, transition: settings.transition, labelHeight: settings.labelHeight,
                                 frames: plan.galleryStyleFrames, rules: plan.galleryStateRules)
        // The first screen loads eagerly, its first picture before anything else; the rest wait
        // until scrolled near and decode off the main thread.
        // The first page's home text sits above the cards and pushes them down.
        let home = number == 1 ? site.home : nil
        let firstScreen = model.cards.indices.map { index in
            model.isInFirstScreen(card: index) { width in home?.minimumHeight(width: width, posts: min(home?.latestPosts ?? 0, site.posts.count)) ?? 0 }
        }
        let first = firstScreen.firstIndex(of: true)
        let placement = RecipeCardContext.Placement(
            styles: style.cardStyles, classes: GalleryStyle.filterClasses(model: model),
            firstScreen: firstScreen, first: first)
        let listing = RecipeCardContext.Listing(renderer: self, recipes: model.cards, root: root, placement: placement)
        let cards: [MustacheValue] = model.cards.indices.map { index in
            .object(RecipeCardContext(listing: listing, index: index, loading: firstScreen[index] ? "eager" : "lazy"))
        }
        // Stacks that open: each header holds its stack's radio (`gs1`…) and the labels that open
        // and close it; `gs0`, first in the canvas, closes them all.
        let hasStacks = !model.openingArrangements.isEmpty
        let sections: [MustacheValue] = model.hasSectionHeaders ? model.sections.enumerated().map { index, section in
            var header: [String: MustacheValue] = [
                "title": .string(section.title), "style": .string(style.headerStyles[index]),
                "classes": .string(GalleryStyle.filterClasses(section: index, model: model))]
            if hasStacks {
                header["opens"] = true
                header["id"] = .string("gs\(index + 1)")
                header["openLabel"] = .string(strings.phrase("open_stack", ["name": section.title]))
            }
            return .dictionary(header)
        } : []
        let arrangements: [MustacheValue] = model.arrangements.enumerated().map { index, arrangement in
            ["id": .string("ga\(index)"),
             "label": .string(arrangement.hasOwnLabel ? arrangement.label : strings.arrangementLabel(engine: arrangement.engine)),
             "engine": .string(arrangement.engine),
             "checked": .bool(index == 0)]
        }
        var filters: [MustacheValue] = [["id": "gf0", "label": .string(strings.text("all")), "count": .string(strings.number(model.cards.count)),
                                         "checked": true]]
        for (index, filter) in model.filters.enumerated() {
            filters.append(["id": .string("gf\(index + 1)"), "label": .string(filter.name), "count": .string(strings.number(filter.members.count)),
                            "checked": false])
        }
        var css = style.css
        if let color = settings.backgroundColor {
            // A colour only as a custom property, which the theme's `.gv-textured` reads.
            css += ":root{--gallery-background:\(color)}\n"
        }
        if let image = settings.backgroundImage {
            css += ".gv{background-image:url(\"\(URLPath.link(to: AssetPaths.image(image), root: assetRoot(root)))\")}\n"
        }
        var context: [String: MustacheValue] = [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(site.config.title), "isGallery": true, "number": .int(number)],
            "galleryCSS": .string(css),
            "cards": .array(cards),
            "hasCards": .bool(!cards.isEmpty),
            "sections": .array(sections),
            "hasStacks": .bool(hasStacks),
            "arrangements": .array(arrangements),
            "hasSwitcher": .bool(arrangements.count > 1),
            "filters": .array(filters),
            "hasFilters": .bool(filters.count > 1),
            "hasBackground": .bool(settings.backgroundColor != nil || settings.backgroundImage != nil),
        ]
        context["pagination"] = pagination(page: number, of: pages.count, root: root, path: GalleryPage.path(page:))
        // The site's own home text, above the first page's cards.
        if number == 1 { context["homeText"] = homeContext(root: root) }
        context["cookbookURL"] = plan.hasCookbook ? .string(URLPath.link(to: CookbookPage.siteBookPath, root: root)) : .null
        // Head meta (ItemList JSON-LD, Open Graph), the optional search box and the A–Z link.
        context["structuredData"] = .string(galleryStructuredData(pages[number - 1], root: root).script)
        context["meta"] = galleryMeta(pages[number - 1], path: path, root: root)
        context.merge(headerContext(root: root)) { _, header in header }
        return .dictionary(context)
    }

    /// The pagination bar of page `number` of `count` (pages at `path(n)`), for a page whose root
    /// is `root`; null when there is one page only.
    func pagination(page number: Int, of count: Int, root: String, path: (Int) -> String) -> MustacheValue {
        guard count > 1 else { return .null }
        func url(_ page: Int) -> MustacheValue { .string(URLPath.link(to: path(page), root: root)) }
        return [
            "pages": .array(Self.pageWindow(current: number, count: count).map { page in
                ["number": .string(strings.number(page)), "url": url(page), "current": .bool(page == number)]
            }),
            "first": number > 1 ? url(1) : .null,
            "previous": number > 1 ? url(number - 1) : .null,
            "next": number < count ? url(number + 1) : .null,
            "last": number < count ? url(count) : .null,
        ]
    }

    /// The page numbers the pagination bar links: at most `width` around the current page, so
    /// a gallery of any length fits a phone (first, previous, next and last do the rest).
    static func pageWindow(current: Int, count: Int, width: Int = 5) -> ClosedRange<Int> {
        let start = max(1, min(current - width / 2, count - width + 1))
        return start...min(count, start + width - 1)
    }
}

extension GalleryPage {
    /// The page's recipes' cards (their pictures' sizes place them), its number and the page count.
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("gallery", index)
        hasher.combine(site.gallery.pages.count)
        hasher.combine(site.plan.hasCookbook)
        for position in site.gallery.pages[index].indices { hasher.combine(inputs.cards[position]) }
        if index == 0 { site.combineHome(into: &hasher, inputs: inputs) }
        return hasher.finalize()
    }
}
