import Foundation
import GallerySupport

extension ContentLoader {
    /// The trees of a multilingual site's other languages (`languages:` after the default): each a
    /// `Site` holding the translations in that language (`recipes/mojito.fr.md`, `pages/about.fr.md`).
    /// A translation shares its original's slug unless it sets its own, and its picture unless it
    /// names one; a recipe or page with no translation is left out of that language's tree.
    func loadLanguageTrees(config: SiteConfig, recipeNames: [String], pageNames: [String],
                           originals: [Recipe], pages: [Page], held: inout HeldRecipeBodies, _ log: inout DiagnosticLog) -> [Site] {
        let others = Array(config.languages.dropFirst())
        let listed = Set(others.map(\.code))
        var recipeFiles: [String: [(relative: String, fileStem: String?)]] = [:]
        var pageFiles: [String: [String]] = [:]
        let recipeFileNames = Set(recipeNames)
        let pageFileNames = Set(pageNames)
        for name in recipeNames + pageNames {
            guard let (original, language) = SiteLanguage.translation(fileName: name.pathLastComponent) else { continue }
            let folder = (name as NSString).deletingLastPathComponent
            let isPage = pageFileNames.contains(name)
            let relative = isPage ? name : "recipes/" + name
            let originalPath = isPage ? folder + "/" + original : "recipes/" + original
            guard listed.contains(language) else {
                // A file name's language no tree takes: said plainly rather than left out unseen.
                let originalName = original.pathDeletingExtension
                let reason = config.languages.isEmpty
                    ? "but site.yml has no 'languages:': list the site's languages (like 'languages: [\(config.language), \(language)]') or rename the file"
                    : language == config.languages[0].code
                    ? "the site's default language, whose text is the original's (\(originalPath)): write it there or delete this file"
                    : "which site.yml's 'languages:' does not list (\(config.languages.map(\.code).joined(separator: ", "))): add '\(language)' or rename the file"
                log.append(.error("\(originalName).\(language).md is a translation into '\(language)', \(reason)",
                                  path: displayPath(relative), line: 1, column: 1))
                continue
            }
            guard isPage ? pageFileNames.contains(originalPath) : recipeFileNames.contains(original) else {
                log.append(.error("a translation of \(originalPath), which does not exist: a translation is named after its original (\(original.pathDeletingExtension).\(language).md)",
                                  path: displayPath(relative), line: 1, column: 1))
                continue
            }
            if isPage {
                pageFiles[language, default: []].append(relative)
            } else {
                recipeFiles[language, default: []].append((relative, original.pathDeletingExtension))
            }
        }
        guard !others.isEmpty else { return [] }
        // Positions, not copies: a dictionary of every recipe would copy a large site's recipes.
        let originalRecipes = Dictionary(originals.indices.map { (originals[$0].sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
        let originalPages = Dictionary(pages.map { ($0.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
        return others.map { language in
            var recipes = parseRecipes(recipeFiles[language.code] ?? [], config: config, held: &held, &log).compactMap { recipe -> Recipe? in
                let name = SiteLanguage.translation(fileName: recipe.sourcePath.pathLastComponent)?.original ?? ""
                // An original left out (a draft) takes its translations with it.
                guard let position = originalRecipes["recipes/" + name] else { return nil }
                let original = originals[position]
                var translation = recipe
                translation.translationOf = original.sourcePath
                if !recipe.keyLines.contains(where: { $0.key == "slug" }) { translation.slug = original.slug }
                if recipe.image == nil {
                    translation.image = original.image
                    translation.imageWidth = original.imageWidth
                    translation.imageHeight = original.imageHeight
                }
                return translation
            }
            checkDuplicateSlugs(recipes, &log)
            log.append(contentsOf: RecipeComponents.resolve(&recipes, fallback: originals, displayPath: displayPath))
            recipes.sortInGalleryOrder()
            let treePages = loadPages(pageFiles[language.code] ?? [], slugStyle: config.slugStyle, &log).pages.compactMap { page -> Page? in
                let folder = (page.sourcePath as NSString).deletingLastPathComponent
                let name = SiteLanguage.translation(fileName: (page.sourcePath as NSString).lastPathComponent)?.original ?? ""
                guard let original = originalPages[folder + "/" + name] else { return nil }
                var translation = page
                translation.translationOf = original.sourcePath
                translation.path = original.path
                return translation
            }.sorted { $0.path < $1.path }
            var treeConfig = config
            treeConfig.language = language.code
            treeConfig.languagePosition = (language.line, language.column)
            if let title = language.title { treeConfig.title = title }
            if let description = language.description { treeConfig.description = description }
            // Menu entries of site.yml whose target has no version in this language are left out.
            let slugs = Set(recipes.map(\.slug))
            let tags = Set(recipes.flatMap { $0.tags.map { Slug.make(from: $0, style: config.slugStyle) } })
            let pagePaths = Set(treePages.map(\.path))
            treeConfig.menu = config.menu.filter { entry in
                switch entry.target {
                case .page(let path): pagePaths.contains(path)
                case .recipe(let slug): slugs.contains(slug)
                case .tag(let slug): tags.contains(slug)
                case .url: true
                }
            }
            var tree = Site(config: treeConfig, recipes: recipes, images: [:], layouts: [], pages: treePages,
                            bodySource: bodySource)
            tree.treePrefix = language.code + "/"
            tree.config.baseURL = config.baseURL.map { $0 + tree.treePrefix }
            return tree
        }
    }
}
