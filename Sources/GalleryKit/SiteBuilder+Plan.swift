import Foundation
import GalleryContent
import GalleryImages
import GalleryRender
import GallerySupport

/// The output folder a build holds: its writer and the session that keeps it locked until the
/// build ends.
struct BuildOutput {
    var writer: OutputWriter
    var session: OutputWriter.Session
    var cancellation: BuildCancellation?

    /// Throws the interruption when the build was cancelled (checked between steps).
    func stopIfCancelled() throws(BuildFailure) {
        if cancellation?.isCancelled == true { throw BuildFailure([interrupted]) }
    }

    var interrupted: Diagnostic { BuildCancellation.interrupted(output: writer.displayPath) }
}

/// The load step's value: the site as read (every language's tree, `--base-url` applied, the
/// reader of the recipe bodies it did not hold) and the theme. The later steps read the site
/// folder through nothing else.
package struct LoadedSite: Sendable {
    package var site: Site
    package var theme: Theme

    package init(site: Site, theme: Theme) {
        self.site = site
        self.theme = theme
    }
}

/// The plan step's value: each language tree's pages, the default first (their paths checked
/// against each other and the static files), and where each page's versions are.
package struct SitePlan {
    package var trees: [PagePlan]
    /// Nil for a site in one language.
    package var languages: LanguageVersions?
    /// Every output path claimed so far; the image step adds the pictures'.
    var collisions: OutputCollisions

    package var site: Site { trees[0].site }
    package var theme: Theme { trees[0].theme }
}

extension SiteBuilder {
    /// Validates and locks the output folder.
    func openOutput() throws(BuildFailure) -> BuildOutput {
        let display = options.displayPath
        var writer = OutputWriter(outputDirectory: options.outputDirectory, displayPath: display(options.outputDirectory))
        let cancellation = options.cancellation
        writer.isCancelled = { cancellation?.isCancelled ?? false }
        if let notice = options.notice { writer.notice = notice }
        if let checkpoint = options.swapCheckpoint { writer.checkpoint = checkpoint }
        do {
            try writer.validate(siteDirectory: options.siteDirectory)
            return BuildOutput(writer: writer, session: try writer.openSession(), cancellation: cancellation)
        } catch {
            throw BuildFailure([error])
        }
    }

    /// Step 1: reads and validates the site folder (only the recipes saved since the last reading
    /// under `serve`) and loads the theme; every template a page names must exist.
    package func load(_ log: DiagnosticDigest) throws(BuildFailure) -> LoadedSite {
        let display = options.displayPath
        if options.cleanCache {
            try? FileManager.default.removeItem(at: ImagePipeline.cacheDirectory(siteDirectory: options.siteDirectory))
        }
        var loader = ContentLoader(siteDirectory: options.siteDirectory, displayRoot: display(options.siteDirectory),
                                   includeDrafts: options.includeDrafts)
        loader.bodyBudget = options.recipeBodyBudget
        var site: Site?
        let memory = options.memory
        do throws(BuildFailure) {
            // serve: only the recipe files saved since the last reading are parsed again.
            let previous = memory?.reading
            let reading = memory?.changedRecipes.flatMap { changed in previous.flatMap { loader.reread($0, changedRecipes: changed) } }
                ?? loader.read()
            var (loaded, warnings) = try Self.site(of: reading, loader: loader)
            memory?.reading = reading
            memory?.changedRecipes = []
            if let baseURL = options.baseURL {
                loaded.setBaseURL(baseURL)
            }
            // This build's copy only: `memory` keeps the reading, without the open folder.
            loaded.openBodySource()
            site = loaded
            log.append(contentsOf: warnings)
            // Reading parsed every recipe file; what is left is the site.
            FreeMemory.release()
        } catch {
            log.append(contentsOf: error.diagnostics)
        }
        let overrides = options.siteDirectory.appendingPathComponent("templates")
        var theme: Theme?
        do throws(BuildFailure) {
            if let remembered = memory?.theme {
                theme = remembered
            } else {
                theme = try ThemeLoader(themeDirectory: options.themeDirectory, overrideDirectory: overrides, displayPath: display).load()
                log.append(contentsOf: theme?.warnings ?? [])
                memory?.theme = theme
            }
        } catch {
            log.append(contentsOf: error.diagnostics)
        }
        guard let site, let theme, !log.hasErrors else { throw BuildFailure(log.sorted) }
        for page in site.languageTrees.flatMap(\.pages) {
            guard let name = page.template, theme.templates.templates[name] == nil else { continue }
            log.append(.error("the theme has no template '\(name)' (looked for \(name).mustache)",
                              path: loader.displayPath(page.sourcePath), line: page.line(of: "template"), column: 1))
        }
        // A missing template is reported with the plan's problems, all in one run.
        return LoadedSite(site: site, theme: theme)
    }

    /// Step 2: every language tree's pages and their paths (`PagePlan`, the gallery plan
    /// included), where each page's versions are, and no two files at one path. Fails with the
    /// load step's errors too.
    package func plan(_ loaded: LoadedSite, _ log: DiagnosticDigest) throws(BuildFailure) -> SitePlan {
        let configPath = loaded.site.displayPath("site.yml")
        // serve's memo: the search index, made when the paths are first asked for, keeps the
        // terms of unchanged recipes from the last rebuild.
        let trees = loaded.site.languageTrees.map {
            var plan = PagePlan(site: $0, theme: loaded.theme, configDisplayPath: configPath, memo: options.memory?.memo)
            plan.sitemapLimits = options.sitemapLimits
            return plan
        }
        // The versions read only the listed pages, so the sitemap's files can be counted from them.
        let languages = trees.count > 1 ? LanguageVersions(plans: trees) : nil
        _ = trees.first?.sitemapParts(languages: languages)
        let collisions = OutputCollisions(plans: trees, displayPath: loaded.site.displayPath)
        log.append(contentsOf: collisions.diagnostics)
        if log.hasErrors { throw BuildFailure(log.sorted) }
        return SitePlan(trees: trees, languages: languages, collisions: collisions)
    }
}
