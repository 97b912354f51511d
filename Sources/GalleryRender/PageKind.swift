import Foundation
import GalleryContent
import GallerySupport
import Mustache

/// Where the theme's assets and the published pictures go. A page's path belongs to its kind
/// (`RecipePage.path(slug:)`, `GalleryPage.path(page:)`, `SitemapFile.outputPath`…), so each
/// path has one owner; this holds the files no kind makes one by one.
package enum AssetPaths {
    package static let stylesheet = "assets/style.css"
    /// The cookbook's own styles, for the screen and for print (`CookbookPage`).
    package static let cookbookStylesheet = "assets/cookbook.css"
    package static let searchScript = "assets/search.js"
    /// The recipe page's optional servings control (scales the ingredients, converts units).
    package static let scaleScript = "assets/scale.js"
    /// The recipe page's click-to-load video player.
    package static let videoScript = "assets/video.js"
    /// The default theme's icons (assets), linked unless the site's `static/` has its own.
    package static let themeIcon = "assets/favicon.svg"
    package static let themeIconPNG = "assets/favicon-32.png"

    /// A local picture published as it is (a background image): everything under `images/`,
    /// whatever folder it came from.
    package static func image(_ sourcePath: String) -> String {
        sourcePath.hasPrefix("images/") ? sourcePath : "images/" + sourcePath
    }

    /// The fixed paths as templates see them (`{{root}}{{site.paths.tagIndex}}`): the assets and
    /// the first page of the kinds that have one.
    package static let context: MustacheValue = .table([
        "gallery": .string(GalleryPage.firstPagePath), "tagIndex": .string(TagIndexPage.outputPath),
        "feed": .string(FeedFile.outputPath), "searchIndex": .string(SearchIndexFile.manifestPath),
        "stylesheet": .string(stylesheet), "searchScript": .string(searchScript),
        "webManifest": .string(WebManifestFile.outputPath), "journal": .string(JournalPage.path(page: 1)),
        "cookbookStylesheet": .string(cookbookStylesheet),
    ])
}

/// One kind of file a site has: a gallery page, a recipe page, the feed… Each kind says how many
/// files of it a site has, where each goes and how it is made; `PageRenderer.kinds` lists them
/// all, and a new kind is one file and one entry there.
package protocol PageKind: Sendable {
    /// The template its files are made with, which diagnostics name when one fails; nil for a
    /// file made in code (the feed, the sitemap, robots.txt, the search index).
    var template: String? { get }
    /// Whether its files are pages a search engine should list in the sitemap.
    var isListedInSitemap: Bool { get }
    /// How many files of this kind `site` has (none: no feed without a `base_url`, say).
    func count(in site: PagePlan) -> Int
    /// The output path of file `index` of this kind.
    func path(_ index: Int, in site: PagePlan) -> String
    /// Makes file `index`.
    func make(_ index: Int, in site: PageRenderer) throws -> OutputFile
    /// Makes file `index` with the warnings making it found (a recipe's rich-result checks);
    /// by default `make` and none.
    func makeReportingWarnings(_ index: Int, in site: PageRenderer) throws -> (OutputFile, [Diagnostic])
    /// Where file `index` comes from, for the error when another file claims its path.
    func origin(_ index: Int, in site: PagePlan) -> FileOrigin
    /// What file `index` is made from, found without making it: everything `make` reads, folded
    /// from `inputs`. Equal fingerprints promise equal bytes, so an incremental build keeps the
    /// file; when in doubt a kind folds in more (a wider fingerprint only costs a re-render).
    func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint
    /// Called once a render has made every file of this kind it was to make: the kind lets go
    /// of what only its files needed (the search index), keeping what its paths need.
    func finished(in site: PagePlan)
}

/// What an output file is made from, as an error about two files at one path names it.
package enum FileOrigin: Sendable, Hashable {
    /// A file of the site folder (`recipes/negroni.md`, `pages/about.md`), with what it makes.
    case source(path: String, what: String)
    /// A file gallerygen makes from the whole site (the gallery, `sitemap.xml`).
    case generated(String)
}

extension PageKind {
    package func finished(in site: PagePlan) {}

    package func makeReportingWarnings(_ index: Int, in site: PageRenderer) throws -> (OutputFile, [Diagnostic]) {
        (try make(index, in: site), [])
    }
}

/// A page made from a template: the kind gives the template's context.
package protocol TemplatePage: PageKind {
    var templateName: String { get }
    func context(_ index: Int, in site: PageRenderer) throws -> MustacheValue
    /// What page `index`'s versions in other languages share (`LanguageVersions`): by default
    /// its path in its tree (a gallery page, a tag, a page of `pages/`).
    func translationKey(_ index: Int, in site: PagePlan) -> String
}

extension TemplatePage {
    package var template: String? { templateName }
    package var isListedInSitemap: Bool { true }

    package func make(_ index: Int, in site: PageRenderer) throws -> OutputFile {
        try make(index, context: try context(index, in: site), in: site)
    }

    /// File `index` rendered from `context`, the page's own context (the menu and the language
    /// keys are added here).
    package func make(_ index: Int, context: MustacheValue, in site: PageRenderer) throws -> OutputFile {
        OutputFile(path: path(index, in: site.plan),
                   contents: .data(try site.render(templateName, context: fullContext(index, context: context, in: site))))
    }

    /// The context with what every page has besides its own: the site menu, marked for this page,
    /// and its language tree's keys.
    package func fullContext(_ index: Int, in site: PageRenderer) throws -> MustacheValue {
        fullContext(index, context: try context(index, in: site), in: site)
    }

    func fullContext(_ index: Int, context: MustacheValue, in site: PageRenderer) -> MustacheValue {
        if case .object(let page) = context {
            return .object(PageFrame(page: page.object, renderer: site, path: path(index, in: site.plan), translationKey: translationKey(index, in: site.plan)))
        }
        return site.addingLanguages(to: site.addingMenu(to: context, path: path(index, in: site.plan)), key: translationKey(index, in: site.plan))
    }

    package func translationKey(_ index: Int, in site: PagePlan) -> String {
        path(index, in: site)
    }

    package func origin(_ index: Int, in site: PagePlan) -> FileOrigin {
        .generated("the \(templateName) page")
    }
}

/// A file made in code, not from a template.
package protocol GeneratedFile: PageKind {}

extension GeneratedFile {
    package var template: String? { nil }
    package var isListedInSitemap: Bool { false }

    package func origin(_ index: Int, in site: PagePlan) -> FileOrigin {
        .generated(path(index, in: site))
    }
}

extension TemplateError {
    /// The error as a diagnostic naming the template file, line and column.
    package var diagnostic: Diagnostic {
        .error(message, path: templateName, line: line, column: column)
    }
}
