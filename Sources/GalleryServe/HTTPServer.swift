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

/// Why the server could not start listening.
package struct HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    /// True when another program already listens on the port.
    package var addressInUse: Bool

    package var description: String { message }
}

/// A small HTTP/1.1 server on POSIX sockets for previewing a site: one thread per connection,
/// `Connection: close`, GET and HEAD only. It guards itself with a header size limit, a deadline
/// for the whole request head, a cap on simultaneous connections and on those of one client
/// address, and it answers only requests whose `Host` names this server (no DNS rebinding).
package final class HTTPServer: @unchecked Sendable {
    package typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// Limits that keep a slow or hostile client from tying the server up.
    package struct Limits: Sendable {
        /// The most bytes a request head (request line and headers) may take.
        package var maximumHeadBytes = 16 * 1024
        /// How long a client may take to send its whole request head, in seconds; then it is closed.
        package var requestTimeout: TimeInterval = 5
        /// How long one read or write may block, in seconds.
        package var socketTimeout: TimeInterval = 5
        /// Connections handled at once; more are answered 503 straight away.
        package var maximumConnections = 64
        /// Connections one client address may hold at once, so it cannot take every slot; more
        /// are answered 503 straight away.
        package var maximumConnectionsPerClient = 8

        package init() {}
    }

    package let host: String
    package let limits: Limits
    /// The `Host` header names (without port, lowercased) this server answers; others get 421.
    package let allowedHostNames: Set<String>
    private let requestedPort: UInt16
    private let handler: Handler
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var boundPort: UInt16 = 0
    private var stopping = false
    private var activeConnections = 0
    private var connectionsByClient: [UInt32: Int] = [:]
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    /// `port` 0 lets the system choose a free port; `port` tells which after `start()`.
    package init(host: String = "127.0.0.1", port: UInt16, limits: Limits = Limits(), handler: @escaping Handler) {
        self.host = host
        self.requestedPort = port
        self.limits = limits
        self.handler = handler
        self.allowedHostNames = Self.hostNames(for: host)
    }

    /// The names a browser on this machine uses for `host`: the loopback names always, and for
    /// another address that address and the machine's own names.
    static func hostNames(for host: String) -> Set<String> {
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        guard !names.contains(host.lowercased()) else { return names }
        names.insert(host.lowercased())
        let machine = ProcessInfo.processInfo.hostName.lowercased()
        if !machine.isEmpty {
            names.insert(machine)
            if let short = machine.split(separator: ".").first { names.insert(String(short)) }
            names.insert(String(machine.split(separator: ".").first ?? "") + ".local")
        }
        return names
    }

    /// Whether a `Host` header value (`name`, `name:port`, `[::1]:port`) is one this server answers.
    func acceptsHost(_ value: String) -> Bool {
        var name = value.lowercased()
        if let colon = name.lastIndex(of: ":"), !name[name.index(after: colon)...].contains("]") {
            let port = name[name.index(after: colon)...]
            guard port.allSatisfy(\.isNumber) else { return false }
            name = String(name[..<colon])
        }
        if name.hasSuffix(".") { name.removeLast() }
        return allowedHostNames.contains(name)
    }

    /// The port the server listens on (0 before `start()`).
    package var port: UInt16 { lock.withLock { boundPort } }

    /// Binds, listens and starts accepting connections on a background thread; returns the port.
    @discardableResult
    package func start() throws(HTTPServerError) -> UInt16 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requestedPort.bigEndian
        let hostAddress = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, hostAddress, &address.sin_addr) == 1 else {
            throw HTTPServerError(message: "'\(host)' is not an IPv4 address such as 127.0.0.1", addressInUse: false)
        }
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else {
            throw HTTPServerError(message: "cannot create a socket: \(Self.errorText())", addressInUse: false)
        }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            if code == EADDRINUSE {
                throw HTTPServerError(message: "port \(requestedPort) on \(host) is already in use (is another server running? choose another with --port)", addressInUse: true)
            }
            throw HTTPServerError(message: "cannot listen on \(host):\(requestedPort): \(String(cString: strerror(code)))", addressInUse: false)
        }
        guard listen(descriptor, 1024) == 0 else {
            let message = Self.errorText()
            close(descriptor)
            throw HTTPServerError(message: "cannot listen on \(host):\(requestedPort): \(message)", addressInUse: false)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let port = UInt16(bigEndian: actual.sin_port)
        lock.withLock {
            listener = descriptor
            boundPort = port
        }
        let thread = Thread { [self] in acceptLoop(descriptor) }
        thread.name = "gallerygen-http-accept"
        thread.start()
        return port
    }

    /// Stops accepting connections and closes the listening socket; returns once the accept loop
    /// has ended. Requests already being answered finish on their own threads.
    package func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            guard !stopping, listener >= 0 else { return false }
            stopping = true
            return true
        }
        guard wasRunning else { return }
        acceptLoopDone.wait()
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func acceptLoop(_ descriptor: Int32) {
        defer {
            close(descriptor)
            lock.withLock { listener = -1 }
            acceptLoopDone.signal()
        }
        while !isStopping {
            // Poll with a short timeout so `stop()` is noticed without closing a socket under accept().
            var descriptorPoll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptorPoll, 1, 100)
            guard ready > 0, !isStopping else { continue }
            var peer = sockaddr_in()
            var peerLength = socklen_t(MemoryLayout<sockaddr_in>.size)
            let connection = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(descriptor, $0, &peerLength) }
            }
            guard connection >= 0 else { continue }
            let client = peer.sin_addr.s_addr
            let admitted = lock.withLock { () -> Bool in
                guard activeConnections < limits.maximumConnections,
                      connectionsByClient[client, default: 0] < limits.maximumConnectionsPerClient else { return false }
                activeConnections += 1
                connectionsByClient[client, default: 0] += 1
                return true
            }
            configure(connection)
            guard admitted else {
                send(HTTPResponse.text(503, "Too many connections; try again."), to: connection, includeBody: true)
                close(connection)
                continue
            }
            let thread = Thread { [self] in
                handle(connection)
                close(connection)
                lock.withLock {
                    activeConnections -= 1
                    connectionsByClient[client, default: 1] -= 1
                    if connectionsByClient[client] == 0 { connectionsByClient[client] = nil }
                }
            }
            thread.name = "gallerygen-http-connection"
            thread.start()
        }
    }

    private func configure(_ connection: Int32) {
        var timeout = timeval(tv_sec: Int(limits.socketTimeout), tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private func handle(_ connection: Int32) {
        let response: HTTPResponse
        var includeBody = true
        switch readHead(connection) {
        case .failure(let error):
            guard error.status != 0 else { return } // the client went away: nothing to answer
            response = HTTPResponse.text(error.status, error.reason)
        case .success(let head):
            do {
                let request = try HTTPRequest.parse(head: head)
                let hostHeader = request.header("host")
                switch request.method {
                case _ where hostHeader.map(acceptsHost) == false:
                    response = HTTPResponse.text(421, "This server only answers requests for \(host) (see --host).")
                case _ where hostHeader == nil && request.version == "HTTP/1.1":
                    response = HTTPResponse.text(400, "Bad request: no Host header.")
                case "GET": response = handler(request)
                case "HEAD":
                    response = handler(request)
                    includeBody = false
                default:
                    response = HTTPResponse.text(405, "Only GET and HEAD are supported.", headers: [HTTPHeader(name: "Allow", value: "GET, HEAD")])
                }
            } catch {
                response = HTTPResponse.text(error.status, "Bad request: \(error.reason).")
            }
        }
        send(response, to: connection, includeBody: includeBody)
    }

    /// Reads up to the blank line that ends the request head; status 0 means the client vanished.
    private func readHead(_ connection: Int32) -> Result<String, HTTPRequest.ParseError> {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(limits.requestTimeout)
        while true {
            if let end = Self.endOfHead(received) {
                return .success(String(decoding: received[..<end], as: UTF8.self))
            }
            guard received.count <= limits.maximumHeadBytes else {
                return .failure(.init(status: 431, reason: "the request head is larger than \(limits.maximumHeadBytes) bytes"))
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, !isStopping else { return .failure(.init(status: 408, reason: "request timed out")) }
            // Each read waits no longer than the head's deadline, so a client trickling bytes
            // cannot hold its slot past it.
            let wait = min(remaining, limits.socketTimeout)
            var timeout = timeval(tv_sec: Int(wait), tv_usec: suseconds_t((wait - wait.rounded(.down)) * 1_000_000) + 1)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: buffer[..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return .failure(.init(status: 408, reason: "request timed out"))
            } else {
                return .failure(.init(status: received.isEmpty ? 0 : 400, reason: "incomplete request"))
            }
        }
    }

    /// The index where a request head ends (`\r\n\r\n`, or a lenient `\n\n`).
    static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 1..<bytes.count where bytes[index] == 10 {
            if bytes[index - 1] == 10 { return index - 1 }
            if index >= 3, bytes[index - 1] == 13, bytes[index - 2] == 10, bytes[index - 3] == 13 { return index - 3 }
        }
        return nil
    }

    private func send(_ response: HTTPResponse, to connection: Int32, includeBody: Bool) {
        let data = response.serialized(includeBody: includeBody)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let sent = Glibc.send(connection, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let sent = Darwin.send(connection, base + offset, raw.count - offset, 0)
                #endif
                if sent > 0 {
                    offset += sent
                } else if sent < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
