import Foundation
import GalleryContent
import GalleryPlan
import GallerySupport

/// One source image to process, with every recipe that shows it (for error messages).
package struct ImageJob: Sendable, Hashable {
    /// A document naming the image: how diagnostics locate the `image:` line or the body image.
    package struct User: Sendable, Hashable {
        package var displayPath: String
        package var line: Int
        package var column: Int
        /// The image as the document wrote it (`../images/step1.jpg`); nil: `sourcePath`.
        package var written: String?

        package init(displayPath: String, line: Int, column: Int = 1, written: String? = nil) {
            self.displayPath = displayPath
            self.line = line
            self.column = column
            self.written = written
        }
    }

    /// Site-relative path, e.g. `images/mojito.jpg`.
    package var sourcePath: String
    package var info: ImageInfo
    /// Rendition widths (from `RenditionPlanner`); ignored for SVG unless rasterised.
    package var widths: [Int]
    package var users: [User]
    /// Whether the structured-data crops are made (when site.yml wants them): only a recipe's own
    /// picture needs them, not one shown in a body.
    package var makesCrops: Bool

    package init(sourcePath: String, info: ImageInfo, widths: [Int], users: [User], makesCrops: Bool = true) {
        self.sourcePath = sourcePath
        self.info = info
        self.widths = widths
        self.users = users
        self.makesCrops = makesCrops
    }
}

/// How far the image work is, for a progress line.
package struct ImageProgress: Sendable {
    package var done: Int
    package var total: Int
    /// Images actually processed so far (the rest came from the cache).
    package var processed: Int
    package var elapsedSeconds: Double
}

/// Turns a build's images into renditions, crops and placeholders (DESIGN §5): cached by content
/// hash, spread over `jobs` worker threads, every failure collected as a diagnostic.
package struct ImagePipeline: Sendable {
    /// What a run produced.
    package struct Outcome: Sendable {
        /// By site-relative source path; failed images are missing.
        package var images: [String: ProcessedImage] = [:]
        /// The files to put in the output, copied from the cache.
        package var files: [OutputFile] = []
        package var diagnostics: [Diagnostic] = []
        /// How many images were processed, and how many came from the cache.
        package var processedCount = 0
        package var cachedCount = 0
        /// The cache entries this build used; `prune(keeping:)` drops the others.
        package var cacheKeys: Set<String> = []
    }

    package var siteDirectory: URL
    package var jobs: Int
    package var encoding = ImageEncoding()
    var cache: ImageCache

    /// The cache folder inside a site folder.
    package static func cacheDirectory(siteDirectory: URL) -> URL {
        siteDirectory.appendingPathComponent(".gallerygen-cache/images")
    }

    package init(siteDirectory: URL, jobs: Int? = nil, encoding: ImageEncoding = ImageEncoding()) {
        self.siteDirectory = siteDirectory
        self.encoding = encoding
        self.jobs = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        cache = ImageCache(directory: Self.cacheDirectory(siteDirectory: siteDirectory))
    }

    /// Whether processing `pictures` on `workers` threads holds the memory they free
    /// (`FreeMemory.holding`): only when a thread has more than two pictures on average. Holding
    /// costs peak memory, as much as a picture's buffers per thread, whatever the number of
    /// pictures, and pays only when a thread's next picture reuses what its last one freed. Cold
    /// builds of a new site, 2 jobs, 1200-2000 px JPEGs beside its three SVGs, held against not:
    /// with 1 JPEG (2 pictures a thread) peak 147-155 against 130-136 MB for no gain in system
    /// time (0.16-0.19 against 0.17-0.26 s); with 3 JPEGs peak 154-162 against 140-142 MB and
    /// system time 0.18-0.19 against 0.29-0.40 s; with 12, 159-167 against 142-150 MB and
    /// 0.48-0.52 against 0.93-1.04 s.
    package static func holdsFreedMemory(pictures: Int, workers: Int) -> Bool {
        pictures > 2 * workers
    }

    /// Processes every job (cache hits are only looked up), in parallel, taking no new job once
    /// `isCancelled`. Never throws: failures come back as diagnostics naming each recipe and the image.
    package func run(_ work: [ImageJob], progress: @escaping @Sendable (ImageProgress) -> Void = { _ in },
                    isCancelled: @Sendable () -> Bool = { false }) -> Outcome {
        let state = WorkState(count: work.count)
        let memo = HashMemo.load(from: cache.directory)
        let started = Date()
        let workers = min(jobs, work.count)
        if workers > 0 {
            // Parallelism comes from running images side by side; threads inside each libvips
            // operation would only compete with them.
            Vips.setConcurrency(work.count >= jobs ? 1 : 0)
            // Each photo frees pixel buffers of megabytes that the next one needs again: the
            // allocator keeps them until the last picture is done (FreeMemory.holding), and each
            // thread lets the next picture reuse what the last one freed (tidy).
            FreeMemory.holding(if: Self.holdsFreedMemory(pictures: work.count, workers: workers)) {
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while !isCancelled(), let index = state.take() {
                        let result = process(work[index], memo: memo)
                        FreeMemory.tidy()
                        let (done, processed) = state.finish(index, result)
                        progress(ImageProgress(done: done, total: work.count, processed: processed,
                                               elapsedSeconds: Date().timeIntervalSince(started)))
                    }
                }
            }
        }
        // libvips keeps one error buffer for the whole process, so a failure seen while other
        // images were decoding may carry another image's message. Failures are rare: each is
        // processed again alone, which gives it its own message.
        var results = state.results
        if workers > 1 {
            for index in results.indices {
                if case .failure? = results[index] {
                    Vips.clearError()
                    results[index] = process(work[index], memo: memo)
                }
            }
        }
        var outcome = Outcome()
        var remembered = HashMemo()
        for (job, result) in zip(work, results) {
            switch result {
            case .success(let item)?:
                if let entry = item.memo { remembered.entries[job.sourcePath] = entry }
                if let notice = item.notice, let user = job.users.first {
                    outcome.diagnostics.append(.warning(notice, path: user.displayPath, line: user.line, column: user.column))
                }
                outcome.images[job.sourcePath] = item.image
                outcome.cacheKeys.insert(item.key)
                if item.fromCache { outcome.cachedCount += 1 } else { outcome.processedCount += 1 }
                let folder = cache.entry(item.key)
                for path in item.image.paths {
                    outcome.files.append(OutputFile(path: path, contents: .link(folder.appendingPathComponent((path as NSString).lastPathComponent))))
                }
            case .failure(let failure)?:
                for user in job.users {
                    outcome.diagnostics.append(.error("image '\(user.written ?? job.sourcePath)' \(failure.message)",
                                                      path: user.displayPath, line: user.line, column: user.column))
                }
            case nil:
                break
            }
        }
        if remembered != memo, !work.isEmpty { remembered.save(to: cache.directory) }
        return outcome
    }

    /// Drops cache entries the last successful build did not use.
    package func prune(keeping keys: Set<String>) {
        cache.prune(keeping: keys)
    }

    struct Item: Sendable {
        var key: String
        var image: ProcessedImage
        var fromCache: Bool
        var memo: HashMemo.Entry?
        /// A one-line warning for the build's report (a damaged cache entry was replaced).
        var notice: String? = nil
    }

    struct Failure: Error, Sendable {
        var message: String
    }

    /// The cache key: the source's bytes and everything that shapes the files made from them.
    func cacheKey(contentHash: String, job: ImageJob) -> String {
        let widths = job.info.format == .svg && !encoding.rasterizesVectors ? "" : job.widths.map(String.init).joined(separator: ",")
        return ContentHash.hex("\(contentHash)|\(Self.stem(job.sourcePath))|\(job.info.format.rawValue)|\(widths)|\(encoding(for: job).fingerprint)")
    }

    /// The encoding of one job: the site's, without crops for a picture that needs none.
    func encoding(for job: ImageJob) -> ImageEncoding {
        var encoding = encoding
        encoding.makesCrops = encoding.makesCrops && job.makesCrops
        return encoding
    }

    /// The file name's stem made safe for URLs: `Old Fashioned.jpg` → `old-fashioned`.
    static func stem(_ path: String) -> String {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
        let safe = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "-" })
        return safe.isEmpty ? "image" : safe
    }

    private func process(_ job: ImageJob, memo: HashMemo) -> Result<Item, Failure> {
        let url = siteDirectory.appendingPathComponent(job.sourcePath)
        let identity = HashMemo.identity(of: url)
        var data: Data?
        let contentHash: String
        if let identity, let remembered = memo.entries[job.sourcePath], remembered.matches(identity) {
            contentHash = remembered.hash
        } else {
            guard let read = try? Data(contentsOf: url, options: .mappedIfSafe) else {
                return .failure(Failure(message: "cannot be read"))
            }
            data = read
            contentHash = ContentHash.hex(read)
        }
        let entry = identity.map { HashMemo.Entry(size: $0.size, modified: $0.modified, inode: $0.inode, hash: contentHash) }
        let key = cacheKey(contentHash: contentHash, job: job)
        var notice: String?
        switch cache.lookup(key) {
        case .hit(let image): return .success(Item(key: key, image: image, fromCache: true, memo: entry))
        case .miss: break
        case .damaged(let reason): notice = "the cached files of image '\(job.sourcePath)' were damaged (\(reason)); made again"
        }
        if data == nil {
            data = try? Data(contentsOf: url, options: .mappedIfSafe)
        }
        guard let data else { return .failure(Failure(message: "cannot be read")) }
        let processor = ImageProcessor(encoding: encoding(for: job))
        let image: ProcessedImage
        let files: [String: Data]
        do {
            (image, files) = try processor.process(data, info: job.info, widths: job.widths,
                                                   baseName: "\(Self.stem(job.sourcePath))-\(key.prefix(10))")
        } catch {
            return .failure(Failure(message: "cannot be decoded (truncated or corrupt?): \(error.message)"))
        }
        do {
            try cache.store(key, image: image, files: files)
        } catch {
            return .failure(Failure(message: "could not be cached in \(cache.directory.path): \(error.localizedDescription)"))
        }
        return .success(Item(key: key, image: image, fromCache: false, memo: entry, notice: notice))
    }
}

/// The work list the pipeline's threads share: the next job to take and the results so far.
private final class WorkState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var done = 0
    private var processed = 0
    private(set) var results: [Result<ImagePipeline.Item, ImagePipeline.Failure>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < results.count else { return nil }
        next += 1
        return next - 1
    }

    /// Records a result; returns how many are done and how many were processed, not cached.
    func finish(_ index: Int, _ result: Result<ImagePipeline.Item, ImagePipeline.Failure>) -> (Int, Int) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
        done += 1
        if case .success(let item) = result, !item.fromCache { processed += 1 }
        return (done, processed)
    }
}
