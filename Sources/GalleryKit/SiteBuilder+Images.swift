import Foundation
import GalleryContent
import GalleryImages
import GalleryLayout
import GalleryPlan
import GalleryRender
import GallerySupport

extension SiteBuilder {
    /// The image phase's result: every local picture's renditions, crops, placeholder and gallery
    /// shares for the pages, and what the pipeline produced (files, diagnostics, cache keys).
    struct ImageWork {
        var pictures: [String: PublishedPicture]
        var outcome: ImagePipeline.Outcome
        var pipeline: ImagePipeline
    }

    /// Plans renditions from the gallery plan (every page, arrangement, filter and breakpoint) and
    /// the pictures in running text, then runs the pipeline over every local image.
    /// Every language's tree (`trees`, the default first) shares the pictures, published once.
    func processImages(of trees: [Site], loader: ContentLoader) -> ImageWork {
        let site = trees[0]
        // Only pages showing a local image have renditions to plan: a site without pictures lays
        // nothing out twice and holds no page's model.
        let models = trees.flatMap { tree in
            let gallery = GalleryPages(site: tree)
            return gallery.pagesWithLocalPictures.map(gallery.model(page:))
        }
        let uses = trees.flatMap(\.pictureUses)
        let plan = RenditionPlanner.plan(models: models, images: site.images, labelHeight: site.config.gallery.labelHeight,
                                         maximumWidth: site.config.images.maximumWidth,
                                         rasterizesVectors: site.config.images.rasterizesVectors,
                                         textPictures: Set(uses.filter(\.isInBody).map(\.path)))

        var users: [String: [ImageJob.User]] = [:]
        var ownPictures = Set<String>()
        for use in uses {
            users[use.path, default: []].append(.init(displayPath: loader.displayPath(use.sourcePath), line: use.line,
                                                      column: use.column, written: use.written))
            if !use.isInBody { ownPictures.insert(use.path) }
        }
        let jobs = users.keys.sorted().compactMap { path -> ImageJob? in
            guard let info = site.images[path] else { return nil }
            let fixed = site.config.images.fixedWidths
            // A picture only pages show is planned for their text column, 1x and 2x.
            let column = [Self.pageImageWidth, 2 * Self.pageImageWidth].map { min($0, info.width, site.config.images.maximumWidth) }.uniqued()
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
        return ImageWork(pictures: pictures, outcome: outcome, pipeline: pipeline)
    }
}

extension SiteBuilder {
    /// The widest a page's picture is shown (page.mustache's `sizes`, the `.content-page` column).
    static let pageImageWidth = 720
}

extension SiteBuilder {
    /// A picture the site names outside recipes (the gallery's background), copied as it is,
    /// except that an SVG goes out sanitised like a recipe's: it is served from the same origin.
    func publishedSiteImage(_ path: String) throws(Diagnostic) -> OutputFile {
        let url = options.siteDirectory.appendingPathComponent(path)
        let output = SitePaths.image(path)
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
