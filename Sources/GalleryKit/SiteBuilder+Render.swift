import Foundation
import GalleryContent
import GalleryImages
import GalleryRender
import GallerySupport

/// The render step's value: the pages staged (not yet swapped in), and what each output file
/// was made from when the build is incremental.
struct RenderedPages {
    var staging: OutputWriter.Staging
    var pageCount: Int
    /// Pages this build rendered: all, or in an incremental build those whose inputs changed.
    var renderedCount: Int
    /// The pages' fingerprints by output path (incremental builds only).
    var fingerprints: [String: Fingerprint]
    /// What the output folder recorded last time (incremental builds only; nil: render everything).
    var previous: [String: Fingerprint]?
}

extension SiteBuilder {
    /// One renderer per language tree, the default first, made once the pictures are known:
    /// each has the published pictures, where the other trees' versions of its pages are, and in
    /// an incremental build what its files are made from.
    package func renderers(_ plan: SitePlan, pictures: [String: PublishedPicture]) -> [PageRenderer] {
        let memo = options.memory?.memo ?? FingerprintMemo()
        return plan.trees.map { tree in
            let inputs = options.incremental ? PageInputs(plan: tree, pictures: pictures, languages: plan.languages, memo: memo) : nil
            return PageRenderer(plan: tree, pictures: pictures, languages: plan.languages, inputs: inputs)
        }
    }

    /// Step 4: renders every page of every tree into the staging folder as soon as it is made,
    /// so a large site is never held in memory whole; an incremental build renders only the
    /// pages whose fingerprint differs from the one the output folder recorded.
    func render(_ plan: SitePlan, images: ImageWork, into output: BuildOutput,
                _ log: DiagnosticDigest) throws(BuildFailure) -> RenderedPages {
        let renderers = renderers(plan, pictures: images.pictures)
        let cancellation = options.cancellation
        // What each page is made from, found without rendering it. A plain build computes none of it.
        let pagePaths = options.incremental ? plan.trees.map(\.outputPaths) : []
        let pageFingerprints = renderers.compactMap { tree in tree.inputs.map(tree.fingerprints) }
        let treeSizes = renderers.map(\.files.count)
        let previous = options.incremental ? output.session.recordedFingerprints(remembered: options.memory?.recorded) : nil
        let staging: OutputWriter.Staging
        do {
            staging = try output.session.stage()
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
            throw BuildFailure([output.interrupted])
        }
        if log.hasErrors || pageWriter.failure != nil {
            staging.discard()
            throw BuildFailure(log.sorted + (pageWriter.failure.map { [$0] } ?? []))
        }
        var fingerprints: [String: Fingerprint] = [:]
        fingerprints.reserveCapacity(options.incremental ? offset : 0)
        for (paths, made) in zip(pagePaths, pageFingerprints) {
            for (path, fingerprint) in zip(paths, made) { fingerprints[path] = fingerprint }
        }
        return RenderedPages(staging: staging, pageCount: offset, renderedCount: pageWriter.count,
                             fingerprints: fingerprints, previous: previous)
    }

    /// Step 5: stages the theme's assets, the pictures and the static files next to the pages,
    /// swaps the staging folder in, and reports.
    func write(_ pages: RenderedPages, plan: SitePlan, images: ImageWork, output: BuildOutput,
               _ log: DiagnosticDigest) throws(BuildFailure) -> BuildReport {
        let staging = pages.staging
        let site = plan.site
        var files: [OutputFile] = []
        for (path, contents) in plan.theme.assets.sorted(by: { $0.key < $1.key }) {
            files.append(OutputFile(path: "assets/" + path, contents: contents))
        }
        // Recipe pictures go out as the pipeline's renditions (or the SVG itself), never the original.
        files += images.outcome.files
        if let background = site.config.gallery.backgroundImage {
            do {
                files.append(try publishedSiteImage(background))
            } catch {
                staging.discard()
                throw BuildFailure(log.sorted + [error])
            }
        }
        // The site's static files, as they are, at the same paths under the output root.
        files += site.staticFiles.map { OutputFile(path: $0.path, contents: .copy($0.source)) }

        let incremental = options.incremental
        var fingerprints = pages.fingerprints
        let fileFingerprints = incremental ? files.map(\.contents.fingerprint) : []
        for (file, fingerprint) in zip(files, fileFingerprints) { fingerprints[file.path] = fingerprint }
        let changedFiles = pages.previous.map { recorded in
            files.indices.filter { recorded[files[$0].path] != fileFingerprints[$0] }.map { files[$0] }
        } ?? files
        do {
            try staging.add(changedFiles)
        } catch {
            staging.discard()
            throw BuildFailure(log.sorted + [error])
        }
        do {
            if let previous = pages.previous {
                try staging.commitChanges(paths: fingerprints.keys.sorted(), removed: previous.keys.filter { fingerprints[$0] == nil },
                                          fingerprints: fingerprints)
            } else {
                // A plain build records no fingerprints: its output stays what it always was.
                try staging.commit(fingerprints: incremental ? fingerprints : nil)
            }
        } catch {
            throw BuildFailure(log.sorted + [error])
        }
        if let memory = options.memory, incremental {
            memory.recorded = OutputFingerprints.identity(ofMarker: output.writer.root.appendingPathComponent(OutputWriter.markerName).path)
                .map { ($0, fingerprints) }
            memory.memo.keep(recipes: Set(plan.trees.flatMap { $0.site.recipes.map(\.sourcePath) }))
        }
        images.pipeline.prune(keeping: images.outcome.cacheKeys)
        if let reportURL = options.layoutReport, let model = images.firstGalleryPage {
            do {
                try Data(LayoutReport.json(model).utf8).write(to: reportURL)
            } catch {
                throw BuildFailure(log.sorted + [.error("cannot write the layout report: \(error.localizedDescription)",
                                                        path: options.displayPath(reportURL))])
            }
        }
        var report = BuildReport(diagnostics: log.sorted, recipeCount: site.recipes.count, fileCount: pages.pageCount + files.count,
                                 outputDirectory: options.outputDirectory)
        report.warningCount = log.warningCount
        report.pageCount = pages.pageCount
        report.renderedPageCount = pages.renderedCount
        report.baseURL = site.config.baseURL
        report.imagesProcessed = images.outcome.processedCount
        report.imagesFromCache = images.outcome.cachedCount
        return report
    }
}
