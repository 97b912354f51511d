import Foundation
import GalleryContent
import GalleryImages
import GalleryLayout
import GalleryPlan
import GalleryRender
import GallerySupport

extension SiteBuilder {
    /// The image step's value: every local picture's renditions, crops, placeholder and gallery
    /// shares for the pages, and what the pipeline produced (files, diagnostics, cache keys).
    package struct ImageWork {
        package var pictures: [String: PublishedPicture]
        var outcome: ImagePipeline.Outcome
        var pipeline: ImagePipeline
        /// The first gallery page laid out, kept for `--layout-report` only (the planner lays it
        /// out anyway when it shows a local picture).
        var firstGalleryPage: GalleryModel?
    }

    /// Step 3: plans renditions from the gallery plan and the pictures in running text, runs the
    /// pipeline over every local image, and checks the pictures' paths against every other
    /// file's. A failed image fails the build here, before anything is written.
    package func processImages(_ plan: SitePlan, _ log: DiagnosticDigest) throws(BuildFailure) -> ImageWork {
        let work = processImages(of: plan.trees)
        log.append(contentsOf: work.outcome.diagnostics)
        var collisions = plan.collisions
        collisions.add(work.outcome.files, origin: .generated("a published picture"))
        log.append(contentsOf: collisions.diagnostics)
        if log.hasErrors { throw BuildFailure(log.sorted) }
        return work
    }

    /// The image work for `trees` (the default first), which share the pictures, published once.
    /// Each gallery page with a local picture is laid out here to plan its renditions and again
    /// when it is rendered, so that a build holds no page's model for longer than it needs it.
    func processImages(of trees: [PagePlan]) -> ImageWork {
        let site = trees[0].site
        // Only pages showing a local image have renditions to plan: a site without pictures lays
        // nothing out twice and holds no page's model.
        let models = trees.flatMap { tree in
            tree.gallery.pagesWithLocalPictures.map { (tree.isDefaultTree ? $0 : 0, tree.gallery.model(page: $0)) }
        }
        var firstGalleryPage: GalleryModel?
        if options.layoutReport != nil {
            firstGalleryPage = models.first { $0.0 == 1 }?.1 ?? trees[0].gallery.model(page: 1)
        }
        let uses = trees.flatMap(\.site.pictureUses)
        let plan = RenditionPlanner.plan(models: models.map(\.1), images: site.images, labelHeight: site.config.gallery.labelHeight,
                                         geometry: trees[0].theme.geometry,
                                         maximumWidth: site.config.images.maximumWidth,
                                         rasterizesVectors: site.config.images.rasterizesVectors,
                                         textPictures: Set(uses.filter(\.isInBody).map(\.path)))

        var users: [String: [ImageJob.User]] = [:]
        var ownPictures = Set<String>()
        for use in uses {
            users[use.path, default: []].append(.init(displayPath: site.displayPath(use.sourcePath), line: use.line,
                                                      column: use.column, written: use.written))
            if !use.isInBody { ownPictures.insert(use.path) }
        }
        let jobs = users.keys.sorted().compactMap { path -> ImageJob? in
            guard let info = site.images[path] else { return nil }
            let fixed = site.config.images.fixedWidths
            // A picture only pages show is planned for their text column, 1x and 2x.
            let pageWidth = Int(trees[0].theme.geometry.pageWidth.rounded(.up))
            let column = [pageWidth, 2 * pageWidth].map { min($0, info.width, site.config.images.maximumWidth) }.uniqued()
            let widths = fixed.isEmpty ? plan.widths[path] ?? column : fixed.map { min($0, info.width) }.uniqued()
            return ImageJob(sourcePath: path, info: info, widths: widths, users: users[path] ?? [],
                            makesCrops: ownPictures.contains(path))
        }
        let pipeline = ImagePipeline(siteDirectory: options.siteDirectory, jobs: options.jobs,
                                     encoding: ImageEncoding(site.config.images))
        let cancellation = options.cancellation
        let outcome = pipeline.run(jobs, progress: options.imageProgress ?? { _ in }, isCancelled: { cancellation?.isCancelled ?? false })
        var pictures: [String: PublishedPicture] = [:]
        for (path, processed) in outcome.images {
            pictures[path] = PublishedPicture(processed: processed, galleryShares: plan.galleryShares[path] ?? [])
        }
        return ImageWork(pictures: pictures, outcome: outcome, pipeline: pipeline, firstGalleryPage: firstGalleryPage)
    }
}

extension SiteBuilder {
    /// A picture the site names outside recipes (the gallery's background), copied as it is,
    /// except that an SVG goes out sanitised like a recipe's: it is served from the same origin.
    func publishedSiteImage(_ path: String) throws(Diagnostic) -> OutputFile {
        let url = options.siteDirectory.appendingPathComponent(path)
        let output = AssetPaths.image(path)
        guard path.lowercased().hasSuffix(".svg") else { return OutputFile(path: output, contents: .copy(url)) }
        let siteFile = options.displayPath(options.siteDirectory.appendingPathComponent("site.yml"))
        guard let data = try? Data(contentsOf: url) else {
            throw .error("background image '\(path)' cannot be read", path: siteFile, line: 1, column: 1)
        }
        switch SVGSanitizer.sanitized(data) {
        case .success(let clean): return OutputFile(path: output, contents: .data(clean))
        case .failure(let failure): throw .error("background image '\(path)': \(failure.message)", path: siteFile, line: 1, column: 1)
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each kept once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
