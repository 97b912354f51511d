import Foundation
import GalleryContent
import GalleryImages
import GallerySupport
import Synchronization

/// What the files of one language's tree are made from, fingerprinted once per build without
/// rendering anything: the part every file reads (site.yml, the theme, the strings, the menu, the
/// language trees…) and, per recipe, what its card shows and what its own page shows. Each
/// `PageKind.fingerprint` folds the parts its file reads; an incremental build makes again only
/// the files whose fingerprint changed (DESIGN §2: same input, same bytes).
package struct PageInputs: Sendable {
    /// What every file of the tree reads.
    package var site: Fingerprint
    /// Per recipe (the tree's order): every field but the body, and the pictures its card shows.
    package var cards: [Fingerprint]
    /// Per recipe: the card's fingerprint, the body, and every picture its page shows.
    package var recipes: [Fingerprint]
    /// Per page of `pages/`: the page and its pictures.
    package var pages: [Fingerprint]
    /// Per journal post: the post and its pictures.
    package var posts: [Fingerprint]

    /// Fingerprints `plan`'s tree with the image phase's `published` pictures and the trees'
    /// `languages`. Recipes equal to one `memo` has seen are not walked again (`serve` keeps one
    /// between rebuilds).
    package init(plan: PagePlan, pictures published: [String: PublishedPicture], languages: LanguageVersions?,
                 memo: FingerprintMemo = FingerprintMemo()) {
        let site = plan.site
        var pictures: [String: Fingerprint] = [:]
        for path in Set(site.images.keys).union(published.keys).sorted() {
            pictures[path] = memo.picture(path, info: site.images[path], published: published[path])
        }
        let known = pictures
        @Sendable func addPictures(_ uses: [PictureUse], to hasher: inout FingerprintHasher) {
            for use in uses {
                hasher.combine(use.path)
                hasher.combine(known[use.path] ?? Fingerprint(high: 0, low: 0))
            }
        }
        let recipes = site.recipes
        let parts = concurrentMap(count: recipes.count) { index -> (Fingerprint, Fingerprint) in
            let recipe = recipes[index]
            let (card, page) = memo.recipe(recipe)
            let uses = recipe.pictureUses
            // The pictures of the linked recipes it folds in show beside their headings.
            let partPictures = recipe.ingredientParts.isEmpty ? [] : recipe.ingredientGroups.flatMap { group in
                ([group.component] + group.itemComponents.keys.sorted().map { group.itemComponents[$0] }).compactMap { link -> String? in
                    if case .local(let path)? = link?.image { path } else { nil }
                }
            }
            if uses.isEmpty && partPictures.isEmpty { return (card, page) }
            var cardHasher = FingerprintHasher("card")
            cardHasher.combine(card)
            addPictures(uses.filter { !$0.isInBody }, to: &cardHasher)
            var pageHasher = FingerprintHasher("recipe")
            pageHasher.combine(page)
            addPictures(uses, to: &pageHasher)
            for path in partPictures {
                pageHasher.combine(path)
                pageHasher.combine(known[path] ?? Fingerprint(high: 0, low: 0))
            }
            return (cardHasher.finalize(), pageHasher.finalize())
        }
        cards = parts.map(\.0)
        self.recipes = parts.map(\.1)
        pages = site.pages.map { page in
            var hasher = FingerprintHasher("page")
            hasher.combine(reflecting: page)
            addPictures(page.pictureUses, to: &hasher)
            return hasher.finalize()
        }
        posts = site.posts.map { post in
            var hasher = FingerprintHasher("post")
            hasher.combine(reflecting: post)
            addPictures(post.pictureUses, to: &hasher)
            return hasher.finalize()
        }

        var shared = FingerprintHasher("site")
        shared.combine(plan.theme.fingerprint)
        shared.combine(reflecting: site.config)
        shared.combine(reflecting: site.translations)
        shared.combine(reflecting: site.menu)
        shared.combine(site.treePrefix)
        shared.combine(recipes.count)
        // Every page's footer links the journal when there is one; links to recipes need their slugs.
        shared.combine(site.posts.isEmpty)
        shared.combine(plan.hasTagIndex)
        shared.combine(reflecting: plan.icons)
        shared.combine(reflecting: site.staticFiles.map(\.path))
        if let background = site.config.gallery.backgroundImage {
            shared.combine(pictures[background] ?? Fingerprint(high: 0, low: 0))
        }
        // Which pages exist in which language: every page's alternates and switcher read it.
        if let languages, languages.trees.count > 1 {
            for tree in languages.trees {
                shared.combine(tree.code)
                shared.combine(tree.name)
                shared.combine(tree.prefix)
                shared.combine(tree.published?.base)
                shared.combine(tree.listed.count)
                for page in tree.listed {
                    shared.combine(page.path)
                    shared.combine(page.key)
                }
            }
        }
        self.site = shared.finalize()
    }

    /// A hasher for one file: the tree's shared part, the file's kind and, for a file whose
    /// place among its kind shows (a gallery page's number), that place. A recipe's or a tag's
    /// page leaves it out: one recipe more earlier in the gallery must not make every later page again.
    func hasher(_ kind: String, _ index: Int? = nil) -> FingerprintHasher {
        var hasher = FingerprintHasher(kind)
        hasher.combine(site)
        hasher.combine(index ?? -1)
        return hasher
    }
}

/// Fingerprints already computed, for recipes and pictures equal to ones seen before: at 10,000
/// recipes walking every recipe's fields again on each save would cost more than rendering the
/// few pages that changed. Safe from any thread.
package final class FingerprintMemo: Sendable {
    private let recipes = Mutex<[String: (recipe: Recipe, card: Fingerprint, page: Fingerprint)]>([:])
    private let pictures = Mutex<[String: (info: ImageInfo?, published: PublishedPicture?, fingerprint: Fingerprint)]>([:])

    /// Recipes' search terms (`SearchDocument.terms`) by their page fingerprint: a save
    /// tokenises again only the recipe it changed, not every body of the site.
    private let searchTerms = Mutex<[Fingerprint: [ScoredTerm]]>([:])

    package init() {}

    func searchTerms(_ key: Fingerprint) -> [ScoredTerm]? {
        searchTerms.withLock { $0[key] }
    }

    func keepSearchTerms(_ terms: [ScoredTerm], for key: Fingerprint) {
        searchTerms.withLock { $0[key] = terms }
    }

    /// A recipe's card fingerprint (every field but the body) and its page's (the card's and the body).
    func recipe(_ recipe: Recipe) -> (card: Fingerprint, page: Fingerprint) {
        if let known = recipes.withLock({ $0[recipe.sourcePath] }), known.recipe == recipe { return (known.card, known.page) }
        var card = FingerprintHasher("recipe fields")
        var page = FingerprintHasher("recipe body")
        for child in Mirror(reflecting: recipe).children {
            if child.label == "body" {
                page.combine(reflecting: child.value)
            } else {
                card.combine(child.label ?? "")
                card.combine(reflecting: child.value)
            }
        }
        let cardFingerprint = card.finalize()
        page.combine(cardFingerprint)
        let pageFingerprint = page.finalize()
        recipes.withLock { $0[recipe.sourcePath] = (recipe, cardFingerprint, pageFingerprint) }
        return (cardFingerprint, pageFingerprint)
    }

    /// A picture's fingerprint: its probed size and what the image phase published of it.
    func picture(_ path: String, info: ImageInfo?, published: PublishedPicture?) -> Fingerprint {
        if let known = pictures.withLock({ $0[path] }), known.info == info, known.published == published { return known.fingerprint }
        var hasher = FingerprintHasher("picture")
        hasher.combine(reflecting: info as Any)
        hasher.combine(reflecting: published as Any)
        let fingerprint = hasher.finalize()
        pictures.withLock { $0[path] = (info, published, fingerprint) }
        return fingerprint
    }

    /// Forgets recipes and pictures no longer in the site, so a long `serve` does not collect them.
    package func keep(recipes sourcePaths: Set<String>) {
        let pages = recipes.withLock { entries in
            for key in entries.keys where !sourcePaths.contains(key) { entries[key] = nil }
            return Set(entries.values.map { $0.page })
        }
        searchTerms.withLock { terms in
            for key in terms.keys where !pages.contains(key) { terms[key] = nil }
        }
    }
}

extension PageRenderer {
    /// Every file's fingerprint, in `files` order.
    package func fingerprints(_ inputs: PageInputs) -> [Fingerprint] {
        let files = files
        return concurrentMap(count: files.count) { position in
            let (kind, index) = files[position]
            return Self.kinds[kind].fingerprint(index, in: self, inputs: inputs)
        }
    }
}
