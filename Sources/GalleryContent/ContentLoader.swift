import Foundation
import GallerySupport

/// Reads a site folder (`site.yml`, `recipes/*.md`, `images/`) into a validated `Site`, collecting
/// every content error of the folder instead of stopping at the first.
package struct ContentLoader: Sendable {
    /// The site folder.
    package var siteDirectory: URL
    /// How the site folder is named in diagnostics (as the user typed it, e.g. `Site`).
    package var displayRoot: String
    package var includeDrafts: Bool
    /// The most bytes of recipe bodies a reading holds for the later steps (`HeldRecipeBodies`).
    package var bodyBudget = ContentLoader.defaultBodyBudget
    /// Where the site folder ends, its folders resolved once for every file read.
    let boundary: SiteFolderBoundary

    /// `boundary` is the one of an earlier loader of the same folder, whose folders are then
    /// not resolved again.
    package init(siteDirectory: URL, displayRoot: String? = nil, includeDrafts: Bool = false, boundary: SiteFolderBoundary? = nil) {
        self.siteDirectory = siteDirectory.standardizedFileURL
        self.displayRoot = displayRoot ?? siteDirectory.path
        self.includeDrafts = includeDrafts
        self.boundary = boundary ?? SiteFolderBoundary(siteDirectory: self.siteDirectory)
    }

    /// The reader of the bodies a reading does not hold, handed on with the site.
    var bodySource: RecipeBodySource {
        RecipeBodySource(siteDirectory: siteDirectory, displayRoot: displayRoot)
    }

    /// How a site-relative path appears in messages.
    package func displayPath(_ relative: String) -> String {
        Self.displayPath(relative, root: displayRoot)
    }

    /// How diagnostics name the site file at `relative` of a site folder they name `root`.
    package static func displayPath(_ relative: String, root: String) -> String {
        root.isEmpty || root == "." ? relative : root.endingInSlash + relative
    }

    /// What reading the site folder found: the site when nothing is wrong with it, and in any
    /// case the pictures read, so that a later stage can add what only it can see
    /// (pictures whose headers are fine but whose data does not decode).
    package struct Reading: Sendable {
        package var site: Site?
        package var images: [String: ImageInfo] = [:]
        /// Every local picture the documents read name (`Site.pictureUses`).
        package var pictureUses: [PictureUse] = []
        /// Sorted by file, line and column.
        package var diagnostics: [Diagnostic]
    }

    /// Loads the site; throws `BuildFailure` with all diagnostics when any is an error, and
    /// returns warnings alongside the site otherwise.
    package func load() throws(BuildFailure) -> (Site, [Diagnostic]) {
        let reading = read()
        guard let site = reading.site else { throw BuildFailure(reading.diagnostics) }
        return (site, reading.diagnostics)
    }

    /// Reads the whole folder, collecting every problem; `site` is nil when any is an error.
    package func read() -> Reading {
        var log = DiagnosticLog()
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: siteDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return Reading(site: nil, diagnostics: [.error("site folder not found", path: displayRoot)])
        }
        let config = loadConfig(&log)
        // The layout engines, made (and their parameters checked) before the recipes are read so
        // that their errors are reported with the recipes' own.
        let (layouts, layoutProblems) = GalleryLayoutFactory.makeLayouts(config.gallery, breakpoints: config.breakpoints,
                                                                        path: displayPath("site.yml"))
        log.append(contentsOf: layoutProblems)
        if let background = config.gallery.backgroundImage {
            checkSiteFile(background, what: "background image", reference: displayPath("site.yml"), line: config.gallery.line, &log)
        }
        let recipesDirectory = siteDirectory.appendingPathComponent("recipes")
        let allNames = ((try? fileManager.contentsOfDirectory(atPath: recipesDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
            .sorted()
        // `mojito.fr.md` is the French translation of `mojito.md` (SiteLanguage.translation).
        let names = allNames.filter { SiteLanguage.translation(fileName: $0) == nil }
        if names.isEmpty {
            log.append(.warning("no recipes found (add Markdown files to recipes/)", path: displayPath("recipes")))
        }
        var held = HeldRecipeBodies(budget: bodyBudget)
        var recipes = parseRecipes(names.map { ("recipes/" + $0, nil) }, config: config, held: &held, &log)
        checkDuplicateSlugs(recipes, &log)
        log.append(contentsOf: RecipeComponents.resolve(&recipes, displayPath: displayPath))
        let allPageNames = markdownFiles(under: "pages")
        let (pages, draftPages) = loadPages(allPageNames.filter { SiteLanguage.translation(fileName: $0) == nil },
                                            slugStyle: config.slugStyle, &log)
        let posts = loadPosts(slugStyle: config.slugStyle, &log)
        let home = loadHome(recipes: recipes, &log)
        checkRecipeLinks(recipes: recipes, pages: pages, posts: posts, &log)
        let menu = Site.menu(config.menu, pages: pages)
        checkMenu(menu, recipes: recipes, pages: pages, draftPages: draftPages, hasJournal: !posts.isEmpty, slugStyle: config.slugStyle, &log)
        let staticFiles = loadStaticFiles(&log)
        let translations = loadTranslations(&log)
        var trees = loadLanguageTrees(config: config, recipeNames: allNames, pageNames: allPageNames,
                                      originals: recipes, pages: pages, held: &held, &log)
        held.letGo(&recipes)
        for index in trees.indices { held.letGo(&trees[index].recipes) }
        let uses = recipes.flatMap(\.pictureUses) + pages.flatMap(\.pictureUses) + posts.flatMap(\.pictureUses) + (home?.pictureUses ?? [])
            + trees.flatMap { $0.recipes.flatMap(\.pictureUses) + $0.pages.flatMap(\.pictureUses) }
        var images = probeImages(uses, &log)
        // Each list walked where it is: joining them would copy every recipe of a large site.
        for list in [recipes] + trees.map(\.recipes) {
            for recipe in list {
                if case .remote(let url)? = recipe.image {
                    images[url] = ImageProbe.remote(width: recipe.imageWidth, height: recipe.imageHeight)
                }
            }
        }
        // A page's remote picture has no size of its own; a recipe's, when one shows it, wins.
        for image in pages.map(\.image) + trees.flatMap(\.pages).map(\.image) + posts.map(\.image) {
            if case .remote(let url)? = image, images[url] == nil {
                images[url] = ImageProbe.remote(width: nil, height: nil)
            }
        }
        recipes.sortInGalleryOrder()
        var site = log.hasErrors ? nil
            : Site(config: config, recipes: recipes, images: images, layouts: layouts,
                   pages: pages, menu: menu, staticFiles: staticFiles, bodySource: bodySource)
        site?.translations = translations
        site?.posts = posts
        site?.home = home
        if site != nil {
            for index in trees.indices {
                trees[index].images = images
                trees[index].layouts = layouts
                trees[index].translations = translations
            }
            site?.otherLanguages = trees
        }
        return Reading(site: site, images: images, pictureUses: uses, diagnostics: log.sorted)
    }

    /// Recipe files parsed side by side before their results are collected.
    static let parseBatchSize = 2048

    /// The most bytes of recipe bodies a reading holds (`HeldRecipeBodies`): about 5,000 recipes
    /// of the bench corpus's length. A larger site's bodies are read again where they are needed.
    package static let defaultBodyBudget = 4 << 20

    /// Reads and parses recipe files side by side; results and messages keep the files' order.
    /// `fileStem` names a translation after its original. The files go in batches, so that a
    /// large site's parsed recipes are held once, not also in one list of every parse result.
    /// Each body is held or kept as its place in the file as `held` decides.
    func parseRecipes(_ files: [(relative: String, fileStem: String?)], config: SiteConfig, held: inout HeldRecipeBodies,
                      _ log: inout DiagnosticLog) -> [Recipe] {
        var recipes: [Recipe] = []
        recipes.reserveCapacity(files.count)
        let folder = siteDirectory.path.endingInSlash
        // Each recipe opened relative to the site folder, opened once here: its path is walked
        // from the folder, not from `/` again (issue 37). Nil (the folder cannot be opened): by
        // its whole path.
        let opened = FolderDescriptor(path: siteDirectory.path)
        for batch in stride(from: 0, to: files.count, by: Self.parseBatchSize) {
            let end = min(batch + Self.parseBatchSize, files.count)
            let holdsNone = held.isOverBudget
            let parsed = concurrentMap(count: end - batch) { offset -> (Recipe?, place: RecipeBodyPlace?, [Diagnostic]) in
                let index = batch + offset
                let relative = files[index].relative
                let path = displayPath(relative)
                let data: Data
                do throws(Diagnostic) {
                    data = try readSiteFile(relative, what: "the recipe", in: folder, opened: opened)
                } catch {
                    return (nil, nil, [error])
                }
                let text: String
                do throws(Diagnostic) {
                    text = try SourceText.decode(data, path: path)
                } catch {
                    return (nil, nil, [error])
                }
                var (recipe, diagnostics) = RecipeParser.parse(text, sourcePath: relative, displayPath: path, slugStyle: config.slugStyle,
                                                               fileStem: files[index].fileStem)
                guard case .text(let body)? = recipe?.body else { return (recipe, nil, diagnostics) }
                let place = RecipeBodyPlace(body: body, in: text, of: data)
                // Past the budget only the body's place is kept; its steps read it back (RecipeBodySource).
                if holdsNone, let place { recipe?.body = .file(place) }
                return (recipe, place, diagnostics)
            }
            for (recipe, place, diagnostics) in consume parsed {
                log.append(contentsOf: diagnostics)
                if var recipe, includeDrafts || !recipe.isDraft {
                    held.hold(&recipe, place: place)
                    recipes.append(recipe.relocated())
                }
            }
            held.foresee(parsed: end, of: files.count)
            // Past the budget, this list's bodies go at once rather than at the reading's end.
            if held.isOverBudget && !holdsNone { held.letGo(&recipes) }
        }
        return recipes
    }

    /// Every `pages/**/*.md`, parsed side by side: the pages kept (drafts only with `--drafts`),
    /// sorted by path, and the paths of the drafts left out (a menu naming one is told why).
    func loadPages(_ names: [String], slugStyle: SlugStyle, _ log: inout DiagnosticLog) -> (pages: [Page], drafts: Set<String>) {
        let parsed = concurrentMap(count: names.count) { index -> (Page?, [Diagnostic]) in
            let relative = names[index]
            let path = displayPath(relative)
            do throws(Diagnostic) {
                let text = try SourceText.decode(try readSiteFile(relative, what: "the page"), path: path)
                let original = SiteLanguage.translation(fileName: (relative as NSString).lastPathComponent).map {
                    Page.path(forSource: (relative as NSString).deletingLastPathComponent + "/" + $0.original)
                }
                return PageParser.parse(text, sourcePath: relative, displayPath: path, slugStyle: slugStyle, path: original)
            } catch {
                return (nil, [error])
            }
        }
        var pages: [Page] = []
        var drafts = Set<String>()
        var seen: [String: Page] = [:]
        for (page, diagnostics) in parsed {
            log.append(contentsOf: diagnostics)
            guard let page else { continue }
            if page.isDraft && !includeDrafts {
                drafts.insert(page.path)
                continue
            }
            if let first = seen[page.path] {
                log.append(.error("the page's address \(page.outputPath) is taken by the page \(displayPath(first.sourcePath)): rename one of them",
                                  path: displayPath(page.sourcePath), line: 1, column: 1))
                continue
            }
            seen[page.path] = page
            pages.append(page)
        }
        return (pages.sorted { $0.path < $1.path }, drafts)
    }

    /// The Markdown files under the site folder's `folder`, hidden ones skipped, as sorted
    /// site-relative paths.
    func markdownFiles(under folder: String) -> [String] {
        let directory = siteDirectory.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil,
                                                              options: [.skipsHiddenFiles]) else { return [] }
        let base = directory.standardizedFileURL.path + "/"
        var names: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "md" {
            let path = url.standardizedFileURL.path
            if path.hasPrefix(base) { names.append(folder + "/" + path.dropFirst(base.count)) }
        }
        return names.sorted()
    }

    /// Reports menu entries of site.yml whose page, recipe or tag does not exist. `page: journal`
    /// names the journal's list when the site has posts (`hasJournal`).
    func checkMenu(_ menu: [MenuEntry], recipes: [Recipe], pages: [Page], draftPages: Set<String>, hasJournal: Bool = false,
                           slugStyle: SlugStyle, _ log: inout DiagnosticLog) {
        var pagePaths = Set(pages.map(\.path))
        if hasJournal { pagePaths.insert(Post.journalPath) }
        let slugs = Set(recipes.map(\.slug))
        // Only a menu that links a tag needs every tag's slug.
        let linksTag = menu.contains { if case .tag = $0.target { true } else { false } }
        let tags = linksTag ? Set(recipes.flatMap { $0.tags.map { Slug.make(from: $0, style: slugStyle) } }) : []
        for entry in menu where entry.sourcePath == "site.yml" {
            let problem: String?
            switch entry.target {
            case .page(let path):
                problem = pagePaths.contains(path) ? nil
                    : draftPages.contains(path) ? "the menu entry '\(entry.label)' links to the page '\(path)', which is a draft (build with --drafts to include it)"
                    : "the menu entry '\(entry.label)' links to the page '\(path)', but there is no pages/\(path).md"
            case .recipe(let slug):
                problem = slugs.contains(slug) ? nil : "the menu entry '\(entry.label)' links to the recipe '\(slug)', but no recipe has that slug"
            case .tag(let slug):
                problem = tags.contains(slug) ? nil : "the menu entry '\(entry.label)' links to the tag '\(slug)', but no recipe has that tag"
            case .url: problem = nil
            }
            if let problem { log.append(.error(problem, path: displayPath("site.yml"), line: entry.line, column: entry.column)) }
        }
    }

    /// Every file under `static/`, hidden ones included (`.well-known/`): regular files, and
    /// symbolic links to files inside the site folder (copied from their target). A link leading
    /// outside the folder, or a named pipe, socket or device, is an error; links to folders are
    /// not followed.
    private func loadStaticFiles(_ log: inout DiagnosticLog) -> [StaticFile] {
        let directory = siteDirectory.appendingPathComponent("static")
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey]
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: keys) else { return [] }
        let base = directory.standardizedFileURL.path + "/"
        var files: [StaticFile] = []
        for case let url as URL in enumerator {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base), let values = try? url.resourceValues(forKeys: Set(keys)) else { continue }
            let relative = String(path.dropFirst(base.count))
            let display = displayPath("static/" + relative)
            if values.isDirectory == true { continue }
            if values.isRegularFile == true, values.isSymbolicLink != true {
                files.append(StaticFile(path: relative, source: url))
                continue
            }
            if values.isSymbolicLink == true {
                guard isInsideSite(url) else {
                    log.append(.error("the static file is a symbolic link that links outside the site folder", path: display))
                    continue
                }
                let target = url.resolvingSymlinksInPath()
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) else {
                    log.append(.error("the static file is a symbolic link that leads nowhere", path: display))
                    continue
                }
                if isDirectory.boolValue { continue }
                do throws(SiteFile.Failure) {
                    try SiteFile.checkRegularFile(target)
                    files.append(StaticFile(path: relative, source: target))
                } catch {
                    log.append(.error("the static file \(error.message)", path: display))
                }
                continue
            }
            do throws(SiteFile.Failure) {
                try SiteFile.checkRegularFile(url)
                files.append(StaticFile(path: relative, source: url))
            } catch {
                log.append(.error("the static file \(error.message)", path: display))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Every `i18n/LANG.yml`: the site's own wording of the theme's strings, by language.
    private func loadTranslations(_ log: inout DiagnosticLog) -> [String: TranslationTable] {
        let folder = siteDirectory.appendingPathComponent("i18n")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yml") && !$0.hasPrefix(".") }
            .sorted()
        var tables: [String: TranslationTable] = [:]
        for name in names {
            let relative = "i18n/" + name
            do throws(Diagnostic) {
                let text = try SourceText.decode(try readSiteFile(relative, what: "the translation file"), path: displayPath(relative))
                let (table, diagnostics) = TranslationTable.parse(text, language: String(name.dropLast(".yml".count)),
                                                                  displayPath: displayPath(relative))
                log.append(contentsOf: diagnostics)
                tables[table.language] = table
            } catch {
                log.append(error)
            }
        }
        return tables
    }

    /// site.yml's `slug_style`, for commands that name new files (`new recipe`, `import`); the
    /// default when site.yml is missing or wrong (the build reports that).
    package var slugStyle: SlugStyle {
        var ignored = DiagnosticLog()
        return loadConfig(&ignored).slugStyle
    }

    private func loadConfig(_ log: inout DiagnosticLog) -> SiteConfig {
        let path = displayPath("site.yml")
        guard FileManager.default.fileExists(atPath: siteDirectory.appendingPathComponent("site.yml").path) else {
            log.append(.error("site.yml not found: a site folder needs one (see README.md)", path: path))
            return SiteConfig()
        }
        do {
            let data = try readSiteFile("site.yml", what: "site.yml")
            let text = try SourceText.decode(data, path: path)
            let (config, diagnostics) = SiteConfig.parse(text, displayPath: path)
            log.append(contentsOf: diagnostics)
            return config
        } catch {
            log.append(error)
            return SiteConfig()
        }
    }

    /// Reports a file named in site.yml that is missing or leads outside the site folder.
    private func checkSiteFile(_ relative: String, what: String, reference: String, line: Int, _ log: inout DiagnosticLog) {
        let url = siteDirectory.appendingPathComponent(relative)
        if !isInsideSite(url) {
            log.append(.error("\(what) '\(relative)' leads outside the site folder", path: reference, line: line, column: 1))
            return
        }
        do throws(SiteFile.Failure) {
            try SiteFile.checkRegularFile(url)
        } catch .notFound {
            log.append(.error("\(what) '\(relative)' not found (looked for \(displayPath(relative)))", path: reference, line: line, column: 1))
        } catch {
            log.append(.error("\(what) '\(relative)' \(error.message)", path: reference, line: line, column: 1))
        }
    }

    /// The bytes of a file of the site folder (`relative` to it), refusing one whose symbolic links
    /// lead outside the folder and anything that is not a regular file (a named pipe would block
    /// the build forever); `what` names it in the message, which points at the file itself.
    /// `opened` is the site folder held open (`FolderDescriptor`), which a file that is no link,
    /// in a folder inside the site folder, is then opened from (`openat`).
    func readSiteFile(_ relative: String, what: String, in folder: String? = nil, opened: FolderDescriptor? = nil) throws(Diagnostic) -> Data {
        // The file's path joined as text: a URL made per file and asked for its path (twice) cost
        // more than reading a recipe. `folder` is the site folder's path with a slash at its end.
        let file = (folder ?? siteDirectory.path.endingInSlash) + relative
        let path = displayPath(relative)
        func failure(_ error: SiteFile.Failure) -> Diagnostic {
            error == .notFound
                ? .error("\(what) cannot be read: it is a symbolic link that leads nowhere, or was removed", path: path)
                : .error("\(what) \(error.message)", path: path)
        }
        // Nearly every file is no link, in a folder inside the site folder: opened without
        // following a link, it needs no `lstat` first. A link is then checked in full.
        if boundary.isInsideFolder(file) {
            do throws(SiteFile.Failure) {
                // From the open folder: `relative` is the site's own (no `..`, not absolute), as `file` is.
                if let opened { return try SiteFile.read(atPath: relative, in: opened, followingLinks: false) }
                return try SiteFile.read(atPath: file, followingLinks: false)
            } catch .symbolicLink {
            } catch {
                throw failure(error)
            }
        }
        guard boundary.contains(path: file) else {
            throw .error("\(what) is a symbolic link that links outside the site folder", path: path)
        }
        do throws(SiteFile.Failure) {
            return try SiteFile.read(atPath: file)
        } catch {
            throw failure(error)
        }
    }

    /// True when `url`, with every symbolic link followed, is inside the site folder.
    private func isInsideSite(_ url: URL) -> Bool {
        boundary.contains(url)
    }

    func checkDuplicateSlugs(_ recipes: [Recipe], _ log: inout DiagnosticLog) {
        // Positions, not copies of the recipes: a large site's would double what is held. Each
        // recipe is read in place and its slug hashed once (`enumerated()` copied every recipe).
        var seen: [String: Int] = [:]
        seen.reserveCapacity(recipes.count)
        for position in recipes.indices {
            let slug = recipes[position].slug
            if let first = seen.updateValue(position, forKey: slug) {
                seen[slug] = first
                let (recipe, other) = (recipes[position], recipes[first])
                log.append(.error("duplicate slug '\(slug)': \(displayPath(other.sourcePath)):\(other.line(of: "slug")):1 already uses it",
                                  path: displayPath(recipe.sourcePath), line: recipe.line(of: "slug"), column: 1))
            }
        }
    }

    /// Checks that every local picture the documents name (a recipe's `image:`, a body's images)
    /// exists inside the site folder and reads its size, once per file; a problem is reported at
    /// every use.
    func probeImages(_ uses: [PictureUse], _ log: inout DiagnosticLog) -> [String: ImageInfo] {
        var images: [String: ImageInfo] = [:]
        var problems: [String: String] = [:]
        for use in uses {
            if images[use.path] == nil, problems[use.path] == nil {
                switch probe(use.path) {
                case .success(let info): images[use.path] = info
                case .failure(let problem): problems[use.path] = problem.message
                }
            }
            if let message = problems[use.path] {
                log.append(.error("image '\(use.written)'\(message)", path: displayPath(use.sourcePath), line: use.line, column: use.column))
            }
        }
        return images
    }

    /// A local picture's header, or what is wrong with it (the text that follows its quoted name).
    private func probe(_ relative: String) -> Result<ImageInfo, ImagePath.Problem> {
        let url = siteDirectory.appendingPathComponent(relative)
        guard isInsideSite(url) else {
            return .failure(.init(message: " leads outside the site folder (through a symbolic link)"))
        }
        let data: Data
        do throws(SiteFile.Failure) {
            data = try ImageProbe.header(of: url)
        } catch .notFound {
            return .failure(.init(message: " not found (looked for \(displayPath(relative)))"))
        } catch {
            return .failure(.init(message: " \(error.message)"))
        }
        switch ImageProbe.probe(data) {
        case .success(let info): return .success(info)
        case .failure(let failure): return .failure(.init(message: ": \(failure.message)"))
        }
    }
}
