import Foundation
import GalleryTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connections from 127.0.0.1 that never finish their request head: each sends the request line,
/// then one more header byte every `interval` seconds (a "slowloris"), until `stop()`. Bounded in
/// count and time by the test that makes them.
final class SlowClients: @unchecked Sendable {
    private(set) var descriptors: [Int32] = []
    private let lock = NSLock()
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)
    /// How many sockets the server had closed by the last trickle (a send that failed).
    private(set) var closedByServer = 0

    init(count: Int, port: UInt16) throws {
        for _ in 0..<count {
            let descriptor = try LoopbackHTTP.connectSocket(port: port)
            _ = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".withCString { write(descriptor, $0, strlen($0)) }
            descriptors.append(descriptor)
        }
    }

    /// Sends one byte on every connection each `interval` seconds, on a thread of its own.
    func trickle(every interval: TimeInterval) {
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                var closed = 0
                for descriptor in descriptors {
                    #if canImport(Glibc)
                    let sent = "a".withCString { Glibc.send(descriptor, $0, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                    #else
                    let sent = "a".withCString { Darwin.send(descriptor, $0, 1, Int32(MSG_DONTWAIT)) }
                    #endif
                    if sent != 1 { closed += 1 }
                }
                lock.withLock { closedByServer = closed }
                let wakeUp = Date().addingTimeInterval(interval)
                while Date() < wakeUp, !lock.withLock({ stopped }) { Thread.sleep(forTimeInterval: 0.05) }
            }
            finished.signal()
        }
        thread.start()
    }

    /// Stops trickling and closes every connection.
    func stop() {
        let wasTrickling = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if wasTrickling { _ = finished.wait(timeout: .now() + 5) }
        descriptors.forEach { close($0) }
        descriptors = []
    }
}
