import GalleryContent
import GalleryImages
import GalleryLayout
import GalleryPlan
import GallerySupport
import Mustache

/// The gallery page's template context: cards, section headers, the arrangement switcher, tag
/// filters, pagination and the CSS that places everything.
extension PageRenderer {
    /// Gallery page `number`'s cards laid out in every state.
    package func galleryModel(page number: Int, of pages: [ArraySlice<Recipe>]) -> GalleryModel {
        GalleryModel(recipes: Array(pages[number - 1]), images: site.images, settings: site.config.gallery,
                     layouts: layouts, breakpoints: site.config.breakpoints)
    }

    func galleryContext(page number: Int, of pages: [ArraySlice<Recipe>]) -> MustacheValue {
        let path = Self.galleryPath(page: number)
        let root = URLPath.root(from: path)
        let settings = site.config.gallery
        let model = galleryModel(page: number, of: pages)
        let style = GalleryStyle(model: model, transition: settings.transition, labelHeight: settings.labelHeight)
        let cards: [MustacheValue] = model.cards.enumerated().map { index, recipe in
            var card = summaryContext(recipe, root: root)
            card["style"] = .string(style.cardStyles[index])
            card["classes"] = .string(GalleryStyle.filterClasses(card: index, model: model))
            // The first screen loads eagerly; the rest wait until scrolled near and decode off
            // the main thread.
            let firstScreen = model.isInFirstScreen(card: index)
            card["loading"] = .string(firstScreen ? "eager" : "lazy")
            card["decoding"] = .string(firstScreen ? "auto" : "async")
            return .dictionary(card)
        }
        let sections: [MustacheValue] = model.hasSectionHeaders ? model.sections.enumerated().map { index, section in
            ["title": .string(section.title), "style": .string(style.headerStyles[index]),
             "classes": .string(GalleryStyle.filterClasses(section: index, model: model))]
        } : []
        let arrangements: [MustacheValue] = model.arrangements.enumerated().map { index, arrangement in
            ["id": .string("ga\(index)"), "label": .string(arrangement.label), "engine": .string(arrangement.engine),
             "checked": .bool(index == 0)]
        }
        var filters: [MustacheValue] = [["id": "gf0", "label": "All", "count": .int(model.cards.count), "checked": true]]
        for (index, filter) in model.filters.enumerated() {
            filters.append(["id": .string("gf\(index + 1)"), "label": .string(filter.name), "count": .int(filter.members.count),
                            "checked": false])
        }
        var css = style.css
        if let color = settings.backgroundColor {
            css += ".gv{background-color:\(color)}\n"
        }
        if let image = settings.backgroundImage {
            css += ".gv{background-image:url(\"\(root + URLPath.encode(Self.imagePath(image)))\")}\n"
        }
        var context: [String: MustacheValue] = [
            "root": .string(root),
            "site": siteContext,
            "page": ["title": .string(site.config.title), "isGallery": true, "number": .int(number)],
            "galleryCSS": .string(css),
            "cards": .array(cards),
            "hasCards": .bool(!cards.isEmpty),
            "sections": .array(sections),
            "arrangements": .array(arrangements),
            "hasSwitcher": .bool(arrangements.count > 1),
            "filters": .array(filters),
            "hasFilters": .bool(filters.count > 1),
            "hasBackground": .bool(settings.backgroundColor != nil || settings.backgroundImage != nil),
        ]
        if pages.count > 1 {
            context["pagination"] = [
                "pages": .array((1...pages.count).map { page in
                    ["number": .int(page), "url": .string(root + Self.galleryPath(page: page)), "current": .bool(page == number)]
                }),
                "previous": number > 1 ? .string(root + Self.galleryPath(page: number - 1)) : .null,
                "next": number < pages.count ? .string(root + Self.galleryPath(page: number + 1)) : .null,
            ]
        }
        // Head meta (ItemList JSON-LD, Open Graph) and the optional search box.
        context["structuredData"] = .string(galleryStructuredData(pages[number - 1], root: root).script)
        context["meta"] = galleryMeta(pages[number - 1], path: path, root: root)
        context["search"] = searchContext(root: root)
        return .dictionary(context)
    }
}
