import Dispatch
import Foundation
import GalleryKit

/// Turns SIGINT and SIGTERM into a cancelled build: the first signal asks the builder to stop
/// (it removes its staging folder), a second one exits at once. Installed only by the executable.
final class InterruptTrap: @unchecked Sendable {
    let cancellation = BuildCancellation()
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    /// The signal that cancelled the build, if any.
    var signal: Int32? { lock.withLock { received } }

    init() {
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.handle(number) }
            source.resume()
            sources.append(source)
        }
    }

    private func handle(_ number: Int32) {
        let first = lock.withLock { () -> Bool in
            guard received == nil else { return false }
            received = number
            return true
        }
        if first {
            cancellation.cancel()
        } else {
            FileHandle.standardError.write(Data("gallerygen: interrupted again; exiting at once\n".utf8))
            _exit(128 + number)
        }
    }

    /// Puts the default signal actions back.
    func remove() {
        for source in sources { source.cancel() }
        Foundation.signal(SIGINT, SIG_DFL)
        Foundation.signal(SIGTERM, SIG_DFL)
    }
}
