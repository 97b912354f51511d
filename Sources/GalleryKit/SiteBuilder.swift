import Foundation
import GalleryContent
import GalleryImages
import GalleryLayout
import GalleryPlan
import GalleryRender
@_exported import GallerySupport
import Synchronization

/// What to build and where.
public struct BuildOptions: Sendable {
    public var siteDirectory: URL
    /// The output folder; by default `public/` inside the site folder.
    public var outputDirectory: URL
    /// A theme folder replacing the built-in theme (`--theme DIR`); nil: the built-in theme.
    public var themeDirectory: URL?
    public var includeDrafts = false
    /// Where to write the first gallery page's computed frames as JSON (`LayoutReport`), if anywhere.
    public var layoutReport: URL?
    /// Replaces site.yml's `base_url` (e.g. for a staging host).
    public var baseURL: String?
    /// Empties the image cache first, so every image is processed again.
    public var cleanCache = false
    /// Images processed side by side; nil: one per active processor.
    public var jobs: Int?
    /// Called from worker threads as each image is done (the CLI draws a progress line from it).
    package var imageProgress: (@Sendable (ImageProgress) -> Void)?
    /// Turns an absolute path into the form messages use (relative to the working directory).
    public var displayPath: @Sendable (URL) -> String = { $0.path }
    /// Set (by the CLI, on Ctrl-C) to stop the build: checked between phases, per page and image,
    /// and just before the swap; the staging folder is then discarded.
    package var cancellation: BuildCancellation?
    /// One-line notices about the output folder: waiting for its lock, a recovered swap.
    package var notice: (@Sendable (String) -> Void)?
    /// Called at each point of the swap into the output folder (tests pause there).
    package var swapCheckpoint: (@Sendable (OutputWriter.SwapPhase) -> Void)?
    /// Makes again and writes only the files whose inputs changed since the incremental build that
    /// wrote the output folder (`--incremental`), the rest staying as they are; the output is
    /// the same bytes a full build writes. It records what each file was made from in the
    /// marker (`OutputFingerprints`); without such a record, it renders everything.
    public var incremental = false
    /// How many warnings of a kind are told in full (`check --warnings all`: every one).
    package var warnings: DiagnosticDigest.Detail = .grouped
    /// Whether the recipes' rich-result advice is told warning by warning (`check`) or counted
    /// in one line (`build`).
    package var listsAdvice = false
    /// What `serve` keeps between its rebuilds (the site as read, the theme, fingerprints);
    /// nil: read everything from the folders.
    package var memory: BuildMemory?

    public init(siteDirectory: URL, outputDirectory: URL? = nil, themeDirectory: URL? = nil) {
        self.siteDirectory = siteDirectory.standardizedFileURL
        self.outputDirectory = (outputDirectory ?? siteDirectory.appendingPathComponent("public")).standardizedFileURL
        self.themeDirectory = themeDirectory?.standardizedFileURL
    }
}

/// The outcome of a successful build.
public struct BuildReport: Sendable {
    /// Warnings as they are printed (grouped, content first; `DiagnosticDigest`); errors fail
    /// the build instead.
    public var diagnostics: [Diagnostic]
    /// Every warning found, including those a long list left out.
    public var warningCount = 0
    public var recipeCount: Int
    public var fileCount: Int
    public var outputDirectory: URL
    /// The base URL the pages were written for (`--base-url`, else site.yml's `base_url`).
    public var baseURL: String?
    /// Images processed by this build, and images taken from the cache unchanged.
    public var imagesProcessed = 0
    public var imagesFromCache = 0
    /// The pages of the site (every language's tree), and how many of them this build rendered:
    /// all in a full build, only those whose inputs changed in an incremental one.
    public var pageCount = 0
    public var renderedPageCount = 0
}

/// The pipeline: load and validate content, lay out the gallery for every breakpoint, render
/// pages, then write everything at once (DESIGN §2). Any error leaves the previous output as it was.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Reads the site folder with `loader`; when that fails, also decodes the pictures whose
    /// headers were fine, so every bad picture is reported in the same run.
    package static func loadSite(_ loader: ContentLoader) throws(BuildFailure) -> (Site, [Diagnostic]) {
        try site(of: loader.read(), loader: loader)
    }

    /// The site `reading` found, or the failure with every problem (see `loadSite`).
    static func site(of reading: ContentLoader.Reading, loader: ContentLoader) throws(BuildFailure) -> (Site, [Diagnostic]) {
        guard let site = reading.site else {
            var log = DiagnosticLog()
            log.append(contentsOf: reading.diagnostics)
            log.append(contentsOf: ImagePipeline.undecodableImages(in: reading, loader: loader))
            throw BuildFailure(log.sorted)
        }
        return (site, reading.diagnostics)
    }

    public func build(progress: (String) -> Void = { _ in }) throws(BuildFailure) -> BuildReport {
        let display = options.displayPath
        var writer = OutputWriter(outputDirectory: options.outputDirectory, displayPath: display(options.outputDirectory))
        let cancellation = options.cancellation
        writer.isCancelled = { cancellation?.isCancelled ?? false }
        if let notice = options.notice { writer.notice = notice }
        if let checkpoint = options.swapCheckpoint { writer.checkpoint = checkpoint }
        let session: OutputWriter.Session
        do {
            try writer.validate(siteDirectory: options.siteDirectory)
            session = try writer.openSession()
        } catch {
            throw BuildFailure([error])
        }
        defer { session.close() }
        let interrupted = BuildCancellation.interrupted(output: writer.displayPath)

        if options.cleanCache {
            try? FileManager.default.removeItem(at: ImagePipeline.cacheDirectory(siteDirectory: options.siteDirectory))
        }
        progress("Reading content")
        let log = DiagnosticDigest(detail: options.warnings, listsAdvice: options.listsAdvice)
        let loader = ContentLoader(siteDirectory: options.siteDirectory, displayRoot: display(options.siteDirectory),
                                   includeDrafts: options.includeDrafts)
        let configPath = loader.displayPath("site.yml")
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
                memory?.theme = theme
            }
        } catch {
            log.append(contentsOf: error.diagnostics)
        }
        guard let site, let theme, !log.hasErrors else { throw BuildFailure(log.sorted) }
        if cancellation?.isCancelled == true { throw BuildFailure([interrupted]) }
        for page in site.languageTrees.flatMap(\.pages) {
            guard let name = page.template, theme.templates.templates[name] == nil else { continue }
            log.append(.error("the theme has no template '\(name)' (looked for \(name).mustache)",
                              path: loader.displayPath(page.sourcePath), line: page.line(of: "template"), column: 1))
        }
        // One renderer per language's tree, the default first, made once: the collision check
        // reads their paths now, the pages are rendered with them once the pictures are known.
        var renderers = site.languageTrees.map { tree in
            var renderer = PageRenderer(site: tree, theme: theme)
            renderer.configDisplayPath = configPath
            // serve's memo: the search index, made when the paths are first asked for, keeps the
            // terms of unchanged recipes from the last rebuild.
            renderer.memo = memory?.memo
            return renderer
        }
        // Pages and static files must not take a path another file of the site has.
        var collisions = OutputCollisions(renderer: renderers[0], trees: Array(renderers.dropFirst()),
                                          displayPath: loader.displayPath)
        log.append(contentsOf: collisions.diagnostics)
        if log.hasErrors { throw BuildFailure(log.sorted) }

        progress("Laying out \(site.recipes.count) cards in \(site.layouts.count) arrangements for \(site.config.breakpoints.count) breakpoints")
        // Images before pages: the pages name the renditions. A failed image fails the build
        // here, before anything is written.
        let imageWork = processImages(of: site.languageTrees, loader: loader)
        log.append(contentsOf: imageWork.outcome.diagnostics)
        collisions.add(imageWork.outcome.files, origin: .generated("a published picture"))
        log.append(contentsOf: collisions.diagnostics)
        if log.hasErrors { throw BuildFailure(log.sorted) }
        if cancellation?.isCancelled == true { throw BuildFailure([interrupted]) }

        progress("Rendering pages")
        // Each page goes into the staging folder as soon as it is rendered, so a large site is
        // never held in memory whole; the output folder changes only at the commit below.
        // Each renderer knows the published pictures and where the other trees' versions of its pages are.
        for index in renderers.indices { renderers[index].pictures = imageWork.pictures }
        if renderers.count > 1 {
            let languages = LanguageVersions(renderers: renderers)
            for index in renderers.indices { renderers[index].languages = languages }
        }
        let renderer = renderers[0]
        // What each page is made from, found without rendering it: an incremental build renders
        // only the pages whose fingerprint differs from the one the output folder recorded.
        // A plain build computes none of it.
        let incremental = options.incremental
        let memo = memory?.memo ?? FingerprintMemo()
        let pagePaths = incremental ? renderers.map { tree in tree.files.map { tree.site.treePrefix + PageRenderer.kinds[$0.kind].path($0.index, in: tree) } } : []
        for index in renderers.indices where incremental {
            renderers[index].inputs = PageInputs(renderer: renderers[index], memo: memo)
        }
        let pageFingerprints = incremental ? renderers.map { tree in tree.fingerprints(tree.inputs!) } : []
        let treeSizes = renderers.map(\.files.count)
        let pageCount = treeSizes.reduce(0, +)
        let previous = incremental ? session.recordedFingerprints(remembered: memory?.recorded) : nil
        let staging: OutputWriter.Staging
        do {
            staging = try session.stage()
        } catch {
            throw BuildFailure(log.sorted + [error])
        }
        let pageWriter = PageWriter(staging: staging)
        var offset = 0
        // The trees share templates and site.yml: each such problem is reported once.
        var reported = Set<Diagnostic>()
        for (treeIndex, tree) in renderers.enumerated() {
            let base = offset
            let changed = previous.map { recorded in
                let paths = pagePaths[treeIndex]
                return Set(paths.indices.filter { recorded[paths[$0]] != pageFingerprints[treeIndex][$0] })
            }
            let diagnostics = tree.render(only: changed, warn: { log.append(contentsOf: $0) }) { file, position in
                if cancellation?.isCancelled != true { pageWriter.write(file, at: base + position) }
            }
            log.append(contentsOf: diagnostics.filter { reported.insert($0).inserted })
            offset += treeSizes[treeIndex]
        }
        if cancellation?.isCancelled == true {
            staging.discard()
            throw BuildFailure([interrupted])
        }
        if log.hasErrors || pageWriter.failure != nil {
            staging.discard()
            throw BuildFailure(log.sorted + (pageWriter.failure.map { [$0] } ?? []))
        }

        var files: [OutputFile] = []
        for (path, contents) in theme.assets.sorted(by: { $0.key < $1.key }) {
            files.append(OutputFile(path: "assets/" + path, contents: contents))
        }
        // Recipe pictures go out as the pipeline's renditions (or the SVG itself), never the original.
        files += imageWork.outcome.files
        var copiedImages = Set<String>()
        if let background = site.config.gallery.backgroundImage { copiedImages.insert(background) }
        for path in copiedImages.sorted() {
            do {
                files.append(try publishedSiteImage(path))
            } catch {
                staging.discard()
                throw BuildFailure(log.sorted + [error])
            }
        }

        // The site's static files, as they are, at the same paths under the output root.
        files += site.staticFiles.map { OutputFile(path: $0.path, contents: .copy($0.source)) }

        var fingerprints: [String: Fingerprint] = [:]
        fingerprints.reserveCapacity(incremental ? pageCount + files.count : 0)
        for (paths, made) in zip(pagePaths, pageFingerprints) {
            for (path, fingerprint) in zip(paths, made) { fingerprints[path] = fingerprint }
        }
        let fileFingerprints = incremental ? files.map(\.contents.fingerprint) : []
        for (file, fingerprint) in zip(files, fileFingerprints) { fingerprints[file.path] = fingerprint }
        let changedFiles = previous.map { recorded in files.indices.filter { recorded[files[$0].path] != fileFingerprints[$0] }.map { files[$0] } } ?? files

        progress("Writing \(changedFiles.count) assets, pictures and static files")
        do {
            try staging.add(changedFiles)
        } catch {
            staging.discard()
            throw BuildFailure(log.sorted + [error])
        }
        do {
            if let previous {
                try staging.commitChanges(paths: fingerprints.keys.sorted(), removed: previous.keys.filter { fingerprints[$0] == nil },
                                          fingerprints: fingerprints)
            } else {
                // A plain build records no fingerprints: its output stays what it always was.
                try staging.commit(fingerprints: incremental ? fingerprints : nil)
            }
        } catch {
            throw BuildFailure(log.sorted + [error])
        }
        if let memory, incremental {
            memory.recorded = OutputFingerprints.identity(ofMarker: writer.root.appendingPathComponent(OutputWriter.markerName).path)
                .map { ($0, fingerprints) }
            memory.memo.keep(recipes: Set(renderers.flatMap { $0.site.recipes.map(\.sourcePath) }))
        }
        imageWork.pipeline.prune(keeping: imageWork.outcome.cacheKeys)
        if let reportURL = options.layoutReport {
            let json = LayoutReport.json(renderer.gallery.model(page: 1))
            do {
                try Data(json.utf8).write(to: reportURL)
            } catch {
                throw BuildFailure(log.sorted + [.error("cannot write the layout report: \(error.localizedDescription)", path: display(reportURL))])
            }
        }
        var report = BuildReport(diagnostics: log.sorted, recipeCount: site.recipes.count, fileCount: pageCount + files.count,
                                 outputDirectory: options.outputDirectory)
        report.warningCount = log.warningCount
        report.pageCount = pageCount
        report.renderedPageCount = pageWriter.count
        report.baseURL = site.config.baseURL
        report.imagesProcessed = imageWork.outcome.processedCount
        report.imagesFromCache = imageWork.outcome.cachedCount
        return report
    }
}

/// Writes rendered pages into the staging folder from the threads that render them, counting
/// them and keeping the failure of the earliest in output order, so the message never depends
/// on scheduling.
private final class PageWriter: Sendable {
    private let staging: OutputWriter.Staging
    private let failures = ResultsByPosition<Diagnostic>()
    private let written = Mutex(0)
    /// Pages written between two hand-backs of freed memory (`FreeMemory`).
    static let pagesBetweenReleases = 2048

    init(staging: OutputWriter.Staging) {
        self.staging = staging
    }

    func write(_ file: OutputFile, at position: Int) {
        do {
            try staging.add(file)
            let count = written.withLock { count in
                count += 1
                return count
            }
            if count.isMultiple(of: Self.pagesBetweenReleases) { FreeMemory.release() }
        } catch {
            failures.set(error, at: position)
        }
    }

    /// The pages written; read once rendering is over, like `failure`.
    var count: Int { written.withLock { $0 } }

    var failure: Diagnostic? { failures.first }
}
