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
    /// What one sitemap file may hold before the sitemap is split into parts (the protocol's
    /// limits; smaller in tests, which then need no 50,000 pages).
    package var sitemapLimits = Sitemap.Limits.sitemapProtocol
    /// The most bytes of recipe bodies the load step holds for the later steps, which read the
    /// others back (`RecipeBodySource`); smaller in tests, which then need no 5,000 recipes.
    package var recipeBodyBudget = ContentLoader.defaultBodyBudget

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

/// The pipeline (DESIGN §2), a short list of named steps, each taking the value the one before
/// it returned: load (the `Site` and the theme) → plan (each language tree's pages, their paths
/// and versions) → images (the published pictures) → render (the pages, staged as they are made)
/// → write (assets, pictures and static files, then the swap). Any error leaves the previous
/// output as it was.
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

    /// Builds the site. `progress` hears each step's name as it starts (`--verbose` times them).
    public func build(progress: (String) -> Void = { _ in }) throws(BuildFailure) -> BuildReport {
        let output = try openOutput()
        defer { output.session.close() }
        let log = DiagnosticDigest(detail: options.warnings, listsAdvice: options.listsAdvice)
        progress("Reading content")
        let loaded = try load(log)
        progress("Planning the pages of \(loaded.site.languageTrees.count) language tree(s)")
        let plan = try self.plan(loaded, log)
        try output.stopIfCancelled()
        progress("Laying out \(loaded.site.recipes.count) cards in \(loaded.site.layouts.count) arrangements for "
                 + "\(loaded.site.config.breakpoints.count) breakpoints and processing pictures")
        let images = try processImages(plan, log)
        try output.stopIfCancelled()
        progress("Rendering pages")
        let pages = try render(plan, images: images, into: output, log)
        progress("Writing assets, pictures and static files")
        return try write(pages, plan: plan, images: images, output: output, log)
    }
}

/// Writes rendered pages into the staging folder from the threads that render them, counting
/// them and keeping the failure of the earliest in output order, so the message never depends
/// on scheduling.
final class PageWriter: Sendable {
    private let staging: OutputWriter.Staging
    private let failures = ResultsByPosition<Diagnostic>()
    private let written = Mutex(0)
    /// Pages written between two hand-backs of freed memory (`FreeMemory`).
    static let pagesBetweenReleases = 2048
    /// A page larger than this is followed by a hand-back of its own: making it grew buffers of
    /// megabytes (a tag of 3,000 recipes is a 3 MB page), which glibc keeps once freed (see
    /// `CAllocator`), and at 100,000 recipes the thirty tag pages left some 30 MB that way. A
    /// streamed page (a printed cookbook) is one too: what its context held is freed now.
    static let largePage = 1 << 20

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
            if count.isMultiple(of: Self.pagesBetweenReleases) || file.byteCount > Self.largePage || file.isStreamed {
                FreeMemory.release()
            }
        } catch {
            failures.set(error, at: position)
        }
    }

    /// The pages written; read once rendering is over, like `failure`.
    var count: Int { written.withLock { $0 } }

    var failure: Diagnostic? { failures.first }
}
