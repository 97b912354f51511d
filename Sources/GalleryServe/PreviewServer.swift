import Foundation
import GalleryContent
import GalleryKit
import GalleryRender
import GallerySupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `gallerygen serve` without the printing: builds the site, serves its output over HTTP, watches
/// the site and theme folders, rebuilds on change and tells open pages to reload. A failed rebuild
/// keeps the previous output served.
package final class PreviewServer: @unchecked Sendable {
    /// What happened, for the command line to report.
    package enum Event: Sendable {
        /// Files changed; a rebuild follows.
        case changed([String])
        /// A build reached this phase (`--verbose` times them).
        case phase(String)
        /// A build succeeded; pages showing an older generation reload.
        case built(BuildReport, seconds: TimeInterval, generation: Int)
        /// A build failed; the previous output is still served.
        case failed(BuildFailure)
    }

    /// The long-poll address the reload script asks for the build generation.
    package static let eventsPath = "/__gallerygen/events"

    package let options: BuildOptions
    /// The site as last read, the theme and the fingerprints, kept between rebuilds so that each
    /// renders and writes only what changed (`BuildMemory`).
    private let memory = BuildMemory()
    /// The path of the base URL the last successful build was made for (`--base-url`, else
    /// site.yml's, which may change while serving); requests under it are served as if at `/`.
    package var basePath: String {
        condition.lock()
        defer { condition.unlock() }
        return currentBasePath
    }
    /// How long an events request waits for a new build before answering with the current one.
    package var longPollTimeout: TimeInterval = 25
    private let report: @Sendable (Event) -> Void
    private let condition = NSCondition()
    private var currentGeneration = 0
    private var currentBasePath = "/"
    private var stopped = false
    /// Parked events requests, by number: the generation each has seen and how to answer it.
    private var waiting: [Int: (seen: Int, reply: @Sendable (HTTPResponse) -> Void)] = [:]
    private var nextWaiter = 0
    /// Requests read the output under the read lock; a rebuild holds the write lock, so no
    /// request ever sees the output folder half swapped.
    private let outputLock = ReadWriteLock()
    private var server: HTTPServer!
    private var watcher: FileWatcher!

    /// `watchedDirectories` are the site folder and the theme folder(s); the output folder and
    /// `.gallerygen-cache` are never watched.
    package init(options: BuildOptions, host: String = "127.0.0.1", port: UInt16,
                watchedDirectories: [URL], pollInterval: TimeInterval = 0.5, events report: @escaping @Sendable (Event) -> Void) {
        var options = options
        options.incremental = true
        options.memory = memory
        self.options = options
        self.report = report
        server = HTTPServer(host: host, port: port) { [weak self] request -> HTTPAnswer in
            self?.respond(to: request) ?? .now(.text(503, "The preview server is stopping."))
        }
        let excluded = [options.outputDirectory, options.siteDirectory.appendingPathComponent(".gallerygen-cache")]
        let siteDirectory = options.siteDirectory
        watcher = FileWatcher(directories: watchedDirectories, excluding: excluded, interval: pollInterval) { [weak self] changed in
            report(.changed(changed))
            self?.memory.noteChanges(changed, siteDirectory: siteDirectory)
            self?.rebuild()
        }
    }

    /// The number of successful builds so far; open pages reload when it changes.
    package var generation: Int {
        condition.lock()
        defer { condition.unlock() }
        return currentGeneration
    }

    /// The address to open, e.g. `http://127.0.0.1:8000/`.
    package var url: String { "http://\(server.host):\(server.port)/" }

    package var port: UInt16 { server.port }

    /// Listens (failing fast when the port is taken), builds once, then starts watching.
    @discardableResult
    package func start() throws(HTTPServerError) -> UInt16 {
        let port = try server.start()
        rebuild()
        watcher.start()
        return port
    }

    /// Stops watching and serving, and answers every waiting events request.
    package func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        let parked = waiting.values.map(\.reply)
        waiting = [:]
        let generation = currentGeneration
        condition.unlock()
        parked.forEach { $0(Self.generationResponse(generation)) }
        watcher.stop()
        server.stop()
    }

    /// Waits until the generation differs from `generation` or `timeout` passes; returns the current one.
    package func waitForGeneration(after generation: Int, timeout: TimeInterval) -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while currentGeneration == generation, !stopped, Date() < deadline {
            _ = condition.wait(until: deadline)
        }
        return currentGeneration
    }

    /// Builds now; called at start and by the watcher, so builds never overlap.
    package func rebuild() {
        let started = Date()
        do {
            // `--clean` empties the image cache before the first build only.
            var options = options
            options.cleanCache = options.cleanCache && self.generation == 0
            let report = self.report
            let result = try outputLock.writing { () throws(BuildFailure) -> BuildReport in
                try SiteBuilder(options: options).build { report(.phase($0)) }
            }
            condition.lock()
            currentGeneration += 1
            currentBasePath = result.baseURL.map(StaticSiteHandler.basePath(fromBaseURL:)) ?? "/"
            let generation = currentGeneration
            condition.broadcast()
            let parked = waiting.values.map(\.reply)
            waiting = [:]
            condition.unlock()
            parked.forEach { $0(Self.generationResponse(generation)) }
            report(.built(result, seconds: Date().timeIntervalSince(started), generation: generation))
        } catch {
            report(.failed(error))
        }
    }

    private func respond(to request: HTTPRequest) -> HTTPAnswer {
        if request.path == Self.eventsPath {
            guard let since = request.queryValue("since").flatMap(Int.init) else { return .now(Self.generationResponse(generation)) }
            return .later { [self] reply in park(seen: since, reply: reply) }
        }
        condition.lock()
        let generation = currentGeneration, basePath = currentBasePath
        condition.unlock()
        let handler = StaticSiteHandler(root: options.outputDirectory, basePath: basePath) {
            Self.reloadScript(generation: generation)
        }
        return .now(outputLock.reading { handler.respond(to: request) })
    }

    /// An events request that has seen generation `seen`: answered at once if a newer build is
    /// out, else at the next build, at `stop()`, or after `longPollTimeout`, whichever comes first.
    /// It waits without a thread (the server parks its connection).
    private func park(seen: Int, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        condition.lock()
        guard currentGeneration == seen, !stopped else {
            let generation = currentGeneration
            condition.unlock()
            return reply(Self.generationResponse(generation))
        }
        let number = nextWaiter
        nextWaiter += 1
        waiting[number] = (seen, reply)
        condition.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + longPollTimeout) { [weak self] in
            guard let self else { return }
            condition.lock()
            let expired = waiting.removeValue(forKey: number)
            let generation = currentGeneration
            condition.unlock()
            expired?.reply(Self.generationResponse(generation))
        }
    }

    /// The events answer: the current build generation, never cached.
    private static func generationResponse(_ generation: Int) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [HTTPHeader(name: "Content-Type", value: "application/json"),
                                            HTTPHeader(name: "Cache-Control", value: "no-store")],
                     body: Data("{\"generation\":\(generation)}".utf8))
    }

    /// The script injected into served pages (never into the built files): it long-polls the
    /// events address and reloads the page once a newer build is out.
    package static func reloadScript(generation: Int) -> String {
        """
        <script>/* gallerygen serve: reloads the page after each rebuild */(()=>{const g=\(generation);\
        const poll=()=>fetch("\(eventsPath)?since="+g,{cache:"no-store"}).then(r=>r.json())\
        .then(d=>{if(d.generation!==g){location.reload()}else{poll()}}).catch(()=>setTimeout(poll,1000));poll()})();</script>

        """
    }
}

/// A pthread read/write lock: many readers at once, or one writer.
final class ReadWriteLock: @unchecked Sendable {
    private var lock = pthread_rwlock_t()

    init() { pthread_rwlock_init(&lock, nil) }
    deinit { pthread_rwlock_destroy(&lock) }

    func reading<T>(_ body: () throws -> T) rethrows -> T {
        pthread_rwlock_rdlock(&lock)
        defer { pthread_rwlock_unlock(&lock) }
        return try body()
    }

    func writing<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_rwlock_wrlock(&lock)
        defer { pthread_rwlock_unlock(&lock) }
        return try body()
    }
}
