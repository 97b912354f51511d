import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 only (a free port), answering GET with fixed replies by path,
/// for the photo downloads of the import tests. Unknown paths get 404.
final class PhotoServer: @unchecked Sendable {
    struct Reply {
        var status = 200
        var contentType: String
        var body: Data
        /// Sends `body` again and again without a Content-Length until the client hangs up
        /// (or 1 GB has gone): a photo that never ends.
        var endless = false
        /// A `Location` header (a redirect, with a status such as 302).
        var location: String?
    }

    let port: UInt16
    private let descriptor: Int32
    private let replies: [String: Reply]
    private let lock = NSLock()
    private var requests: [String] = []
    /// Signalled when the serving thread has returned: only then is the socket closed, since a
    /// closed descriptor's number goes to the next socket opened (another test's server, running
    /// in parallel), which the old thread would go on answering with its own replies.
    private let finished = DispatchSemaphore(value: 0)

    var requested: [String] { lock.withLock { requests } }

    init(_ replies: [String: Reply]) throws {
        self.replies = replies
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(descriptor, 16) == 0 else { throw CocoaError(.fileWriteUnknown) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    private func serve() {
        defer { finished.signal() }
        while true {
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 8192)
            let count = read(client, &buffer, buffer.count)
            let request = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
            let path = request.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            lock.withLock { requests.append(path) }
            let reply = replies[path] ?? Reply(status: 404, contentType: "text/plain", body: Data("not found".utf8))
            if reply.endless {
                let head = [UInt8]("HTTP/1.1 200 OK\r\nContent-Type: \(reply.contentType)\r\nConnection: close\r\n\r\n".utf8)
                var sent = head.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                var total = 0
                while sent > 0 && total < 1 << 30 {
                    sent = reply.body.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    total += max(sent, 0)
                }
                close(client)
                continue
            }
            let location = reply.location.map { "Location: \($0)\r\n" } ?? ""
            var head = "HTTP/1.1 \(reply.status) X\r\nContent-Type: \(reply.contentType)\r\n\(location)Content-Length: \(reply.body.count)\r\nConnection: close\r\n\r\n"
            if reply.status == 0 { head = "" }
            let bytes = [UInt8](head.utf8) + [UInt8](reply.body)
            _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            close(client)
        }
    }

    func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        finished.wait()
        close(descriptor)
    }
}
