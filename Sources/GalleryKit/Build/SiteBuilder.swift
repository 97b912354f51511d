import Foundation
import GalleryLayout

/// What to build and where.
public struct BuildOptions: Sendable {
    public var siteDirectory: URL
    /// The output folder; by default `public/` inside the site folder.
    public var outputDirectory: URL
    /// The default theme folder (the repository's `Templates/`).
    public var themeDirectory: URL
    public var includeDrafts = false
    /// Turns an absolute path into the form messages use (relative to the working directory).
    public var displayPath: @Sendable (URL) -> String = { $0.path }

    public init(siteDirectory: URL, outputDirectory: URL? = nil, themeDirectory: URL) {
        self.siteDirectory = siteDirectory.standardizedFileURL
        self.outputDirectory = (outputDirectory ?? siteDirectory.appendingPathComponent("public")).standardizedFileURL
        self.themeDirectory = themeDirectory.standardizedFileURL
    }
}

/// The outcome of a successful build.
public struct BuildReport: Sendable {
    /// Warnings; errors fail the build instead.
    public var diagnostics: [Diagnostic]
    public var recipeCount: Int
    public var fileCount: Int
    public var outputDirectory: URL
}

/// The pipeline: load and validate content, lay out the gallery for every breakpoint, render
/// pages, then write everything at once (DESIGN §2). Any error leaves the previous output as it was.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    public func build(progress: (String) -> Void = { _ in }) throws(BuildFailure) -> BuildReport {
        let display = options.displayPath
        let writer = OutputWriter(outputDirectory: options.outputDirectory, displayPath: display(options.outputDirectory))
        do {
            try writer.validate(siteDirectory: options.siteDirectory)
        } catch {
            throw BuildFailure([error])
        }

        progress("Reading content")
        var log = DiagnosticLog()
        let loader = ContentLoader(siteDirectory: options.siteDirectory, displayRoot: display(options.siteDirectory),
                                   includeDrafts: options.includeDrafts)
        var site: Site?
        do {
            let (loaded, warnings) = try loader.load()
            site = loaded
            log.append(contentsOf: warnings)
        } catch {
            log.append(contentsOf: error.diagnostics)
        }
        let overrides = options.siteDirectory.appendingPathComponent("templates")
        var theme: Theme?
        do {
            theme = try ThemeLoader(themeDirectory: options.themeDirectory, overrideDirectory: overrides, displayPath: display).load()
        } catch {
            log.append(contentsOf: error.diagnostics)
        }
        var layout: (any CollectionLayout)?
        if let site {
            do {
                layout = try GalleryLayoutFactory.makeLayout(site.config.gallery, path: loader.displayPath("site.yml"))
            } catch {
                log.append(error)
            }
        }
        guard let site, let theme, let layout, !log.hasErrors else { throw BuildFailure(log.sorted) }

        progress("Laying out \(site.recipes.count) cards for \(site.config.breakpoints.count) breakpoints")
        let arrangement = GalleryArrangement(recipes: site.recipes, images: site.images, breakpoints: site.config.breakpoints,
                                             layout: layout, labelHeight: site.config.gallery.labelHeight)

        progress("Rendering pages")
        let (pages, renderDiagnostics) = PageRenderer(site: site, theme: theme, arrangement: arrangement).render()
        log.append(contentsOf: renderDiagnostics)
        if log.hasErrors { throw BuildFailure(log.sorted) }

        var files = pages
        for (path, url) in theme.assets.sorted(by: { $0.key < $1.key }) {
            files.append(OutputFile(path: "assets/" + path, contents: .copy(url)))
        }
        for path in Set(site.recipes.compactMap { recipe -> String? in
            if case .local(let path)? = recipe.image { return path }
            return nil
        }).sorted() {
            files.append(OutputFile(path: PageRenderer.imagePath(path), contents: .copy(options.siteDirectory.appendingPathComponent(path))))
        }

        progress("Writing \(files.count) files")
        do {
            try writer.write(files)
        } catch {
            throw BuildFailure(log.sorted + [error])
        }
        return BuildReport(diagnostics: log.sorted, recipeCount: site.recipes.count, fileCount: files.count,
                           outputDirectory: options.outputDirectory)
    }
}
