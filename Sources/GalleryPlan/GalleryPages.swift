import GalleryContent
import GalleryLayout
import GallerySupport

/// The gallery plan: which recipes each gallery page shows, and how each page lays them out in
/// every arrangement, breakpoint and filter. Made from the loaded site; the image phase plans
/// renditions from it and the pages are rendered from it.
package struct GalleryPages: Sendable {
    package let site: Site
    /// The recipes of each gallery page (one empty page for a site without recipes).
    package let pages: [ArraySlice<Recipe>]
    /// The state geometries the pages share (`StateGeometryCache`): most tag filters of one page
    /// and another have a shape already laid out.
    private let geometries = StateGeometryCache()

    package init(site: Site) {
        self.site = site
        let size = max(site.config.gallery.pageSize, 1)
        let recipes = site.recipes
        pages = recipes.isEmpty ? [recipes[...]]
            : stride(from: 0, to: recipes.count, by: size).map { recipes[$0..<min($0 + size, recipes.count)] }
    }

    /// Gallery page `number`'s (1-based) cards laid out in every state. A page's model holds every
    /// card in every state, so it is made when needed and let go, never kept for all pages: the
    /// image phase makes it to plan renditions and the page renderer again to write the page.
    package func model(page number: Int) -> GalleryModel {
        GalleryModel(recipes: Array(pages[number - 1]), images: site.images, settings: site.config.gallery,
                     layouts: site.layouts, breakpoints: site.config.breakpoints,
                     layoutDirection: site.config.layoutDirection, geometries: geometries)
    }

    /// The numbers of the pages that show a local picture: the only ones with renditions to plan.
    package var pagesWithLocalPictures: [Int] {
        pages.indices.filter { pages[$0].contains { if case .local? = $0.image { true } else { false } } }.map { $0 + 1 }
    }
}
