import Foundation
import GalleryContent
import GalleryPlan
import GallerySupport
import Mustache

/// One language tree's files before any picture is published: the site and theme, the gallery
/// plan (`GalleryPages`), the tags, the strings, and every file's kind and path. The plan step
/// makes one per tree; the collision check, the language versions and the image phase read it,
/// and the render step hands it, with the pictures, to the one `PageRenderer` of its tree.
package struct PagePlan: Sendable {
    package let site: Site
    package let theme: Theme
    /// The gallery plan: each gallery page's recipes, and their layouts on demand.
    package let gallery: GalleryPages
    /// Every tag of the site, with its recipes, in tag-page order.
    package let tags: [RecipeTag]
    /// How diagnostics name the site's site.yml.
    package let configDisplayPath: String
    /// The `tags` value of the cards of recipes with many tags, by slug: made once, since every
    /// tag page of a recipe shows its card, and rebuilding the list there would be quadratic in
    /// its tag count. A few tags are listed where the card is made (one value per recipe of a
    /// large site would be held all build long).
    let cardTags: [String: MustacheValue]
    static let cachedTagListMinimum = 16
    /// The icons every page links (`site.icons`), the site's own or the theme's.
    package let icons: [SiteIcon]
    /// The theme's strings in the site's language (`t` in templates), dates, durations, counts.
    package let strings: ThemeStrings
    /// What making `strings` found: unknown keys in the site's i18n files, a language with no table.
    let stringDiagnostics: [Diagnostic]
    /// What was made of the site before (`serve` keeps it between rebuilds): the search index
    /// tokenises again only the recipes that changed. Nil for a build.
    package let memo: FingerprintMemo?
    /// The tree's search index, made on first use (its files' count and paths depend on it) and
    /// shared by the plan's copies.
    package let searchPlan = SearchIndexPlan()
    /// Recipe times as the tree's strings phrase them, each distinct one phrased once (search
    /// records, the cookbooks).
    let durations = DurationPhrases()
    /// Cook mode's markup after each step of a body's method, made once per step number and count.
    let stepClosings = CookStepClosings()
    /// The frames of the gallery pages' styles, by card count (`GalleryStyleFrames`).
    let galleryStyleFrames = GalleryStyleFrames()
    /// The unfiltered states of the gallery pages' styles, written once (`GalleryStateRules`).
    let galleryStateRules = GalleryStateRules()
    /// The recipes in A–Z order and their letters (`RecipeIndex`), made on first use.
    let recipeIndex = SharedLazy<RecipeIndex>()
    /// The tree's printable cookbooks (`CookbookPage.books(in:)`), made on first use.
    let cookbookList = SharedLazy<[CookbookPage.Book]>()
    /// A recipe page's tag links by tag name as written (`PageRenderer.tagLinks`), made on first use.
    let recipeTagLinks = SharedLazy<RecipeTagLinks>()
    /// The tags of each recipe (`RecipeTagPositions`), made on first use (the cookbooks' indexes).
    let recipeTags = SharedLazy<RecipeTagPositions>()
    /// Recipes on one page of the A–Z list (`RecipeIndexPage.recipesPerPage`; fewer in tests).
    package var recipesPerIndexPage = RecipeIndexPage.recipesPerPage
    /// What one sitemap file may hold (`Sitemap.Limits.sitemapProtocol`; smaller in tests).
    package var sitemapLimits = Sitemap.Limits.sitemapProtocol
    /// How the sitemap is split into files (`sitemapParts`), made on first use.
    let sitemapLayout = SharedLazy<[Range<Int>]>()

    package init(site: Site, theme: Theme, configDisplayPath: String = "site.yml", memo: FingerprintMemo? = nil) {
        self.site = site
        self.memo = memo
        self.theme = theme
        self.configDisplayPath = configDisplayPath
        cardTags = Dictionary(site.recipes.filter { $0.tagCount >= Self.cachedTagListMinimum }.map { ($0.slug, PageRenderer.tagList($0.tags)) },
                              uniquingKeysWith: { first, _ in first })
        gallery = GalleryPages(site: site)
        tags = TagPage.tags(of: site.recipes, posts: site.posts, style: site.config.slugStyle)
        hasTagIndex = site.recipes.contains(where: \.hasTags) || site.posts.contains { !$0.tags.isEmpty }
        icons = PageRenderer.icons(site: site, theme: theme)
        (strings, stringDiagnostics) = ThemeStrings.make(language: site.config.language, overrides: site.translations,
                                                         languagePosition: site.config.languagePosition)
    }

    /// Every file of every kind, in output order: the kind's index in `PageRenderer.kinds` and the file's.
    package var files: [(kind: Int, index: Int)] {
        PageRenderer.kinds.indices.flatMap { kind in (0..<PageRenderer.kinds[kind].count(in: self)).map { (kind, $0) } }
    }

    /// Every file's output path in the whole output (the tree's prefix included), in `files` order.
    package var outputPaths: [String] {
        files.map { site.treePrefix + PageRenderer.kinds[$0.kind].path($0.index, in: self) }
    }

    /// Whether this plan is the default language's tree, which alone has the files of the
    /// whole site (the sitemap, robots.txt, the web app manifest, 404.html).
    package var isDefaultTree: Bool { site.treePrefix.isEmpty }

    /// Whether the site has a tag index: when any recipe or post has a tag (every page's header
    /// asks; worked out once, since a site without tags would be scanned whole each time).
    let hasTagIndex: Bool
}
