import Foundation
import GallerySupport

extension ContentLoader {
    /// The site as `read()` would find it now, when only the recipe files `changed` (site-relative
    /// paths of `recipes/*.md`, edited, added or removed) differ from what `previous` read: those
    /// are parsed again and every other recipe, page and picture is kept, so `serve` answers a save
    /// at 10,000 recipes without reading them all. Nil when a full read is needed instead (a
    /// multilingual site, whose trees pair recipes up, or a previous reading that failed).
    package func reread(_ previous: Reading, changedRecipes changed: Set<String>) -> Reading? {
        guard let old = previous.site, old.otherLanguages.isEmpty,
              changed.allSatisfy({ $0.hasPrefix("recipes/") && $0.hasSuffix(".md") && SiteLanguage.translation(fileName: String($0.dropFirst("recipes/".count))) == nil })
        else { return nil }
        var log = DiagnosticLog()
        let changedDisplay = Set(changed.map(displayPath))
        let noRecipes = displayPath("recipes")
        // A previous reading that succeeded has no errors: its warnings about other files stand.
        log.append(contentsOf: previous.diagnostics.filter { !changedDisplay.contains($0.path) && $0.path != noRecipes })
        let present = changed.filter { FileManager.default.fileExists(atPath: siteDirectory.appendingPathComponent($0).path) }.sorted()
        var recipes = old.recipes.filter { !changed.contains($0.sourcePath) }
        // The bodies kept hold as they did (all or none, `HeldRecipeBodies`): the new ones join them
        // within what is left of the budget; past it, a full read keeps the places of all.
        let keptHeld = recipes.reduce(0) { $0 + ($1.body.heldText?.utf8.count ?? 0) }
        let keepsPlaces = recipes.contains { $0.body.heldText == nil }
        var held = HeldRecipeBodies(budget: keepsPlaces ? 0 : bodyBudget - keptHeld)
        var parsed = parseRecipes(present.map { ($0, nil) }, config: old.config, held: &held, &log)
        held.letGo(&parsed)
        if keptHeld > 0 && parsed.contains(where: { $0.body.heldText == nil }) { return nil }
        for recipe in parsed {
            // The gallery order is total (slugs are unique), so inserting gives what sorting gives.
            var low = 0, high = recipes.count
            while low < high {
                let middle = (low + high) / 2
                if Recipe.galleryOrder(recipes[middle], recipe) { low = middle + 1 } else { high = middle }
            }
            recipes.insert(recipe, at: low)
        }
        if recipes.isEmpty {
            log.append(.warning("no recipes found (add Markdown files to recipes/)", path: noRecipes))
        }
        checkDuplicateSlugs(recipes, &log)
        // A changed recipe may be a part other recipes fold in: every one that names a part is resolved again.
        log.append(contentsOf: RecipeComponents.resolve(&recipes, displayPath: displayPath))
        checkMenu(old.menu, recipes: recipes, pages: old.pages, draftPages: [], hasJournal: !old.posts.isEmpty, slugStyle: old.config.slugStyle, &log)
        // A recipe renamed or removed may leave a link of another document without its target.
        checkRecipeLinks(recipes: recipes, pages: old.pages, posts: old.posts, &log)
        if let home = old.home { checkHome(home, recipes: recipes, &log) }
        let uses = recipes.flatMap(\.pictureUses) + old.pages.flatMap(\.pictureUses) + old.posts.flatMap(\.pictureUses)
            + (old.home?.pictureUses ?? [])
        // Pictures did not change (a change under images/ is read in full): only new uses are probed.
        var images: [String: ImageInfo] = [:]
        var unknown: [PictureUse] = []
        for use in uses {
            if let info = previous.images[use.path] { images[use.path] = info } else { unknown.append(use) }
        }
        images.merge(probeImages(unknown, &log)) { known, _ in known }
        for recipe in recipes {
            if case .remote(let url)? = recipe.image {
                images[url] = ImageProbe.remote(width: recipe.imageWidth, height: recipe.imageHeight)
            }
        }
        for image in old.pages.map(\.image) + old.posts.map(\.image) {
            if case .remote(let url)? = image, images[url] == nil {
                images[url] = ImageProbe.remote(width: nil, height: nil)
            }
        }
        var site = log.hasErrors ? nil
            : Site(config: old.config, recipes: recipes, images: images, layouts: old.layouts,
                   pages: old.pages, menu: old.menu, staticFiles: old.staticFiles, bodySource: old.bodySource)
        site?.translations = old.translations
        site?.posts = old.posts
        site?.home = old.home
        return Reading(site: site, images: images, pictureUses: uses, diagnostics: log.sorted)
    }
}
