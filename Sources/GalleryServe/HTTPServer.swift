import CMicroHTTPDShim
import Foundation
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

/// How a handler answers a request: at once, or later from another thread (the reload stream's
/// long poll) without holding one of the server's threads while it waits.
package enum HTTPAnswer: Sendable {
    case now(HTTPResponse)
    /// The server parks the connection and calls the closure with `reply`, which must be called
    /// exactly once, from any thread.
    case later(@Sendable (_ reply: @escaping @Sendable (HTTPResponse) -> Void) -> Void)
}

/// The preview's HTTP/1.1 server: GNU libmicrohttpd (Debian's libmicrohttpd-dev) listening on one
/// address, with a small pool of threads each running an epoll (or poll) loop, so an idle or slow
/// connection costs a socket, not a thread. Keep-alive and pipelining come from the library; this
/// file adds the `Host` check (no DNS rebinding), GET and HEAD only, and parked long polls. It is
/// the one file that holds libmicrohttpd's pointers.
package final class HTTPServer: @unchecked Sendable {
    package typealias Handler = @Sendable (HTTPRequest) -> HTTPAnswer

    /// Limits that keep slow or hostile clients from tying the server up.
    package struct Limits: Sendable {
        /// The memory one connection may use, its request head included: a larger head is
        /// answered 431.
        package var connectionMemoryBytes = 32 * 1024
        /// Seconds a connection may stay silent (between requests, or inside one) before it is
        /// closed.
        package var idleTimeout: UInt32 = 10
        /// Connections held at once (parked long polls included); more are refused at once. Kept
        /// under half the process's open-file limit, which the build needs too.
        package var maximumConnections = 1000
        /// Connections one client address may hold at once. Every tab of a browser on this
        /// machine shares 127.0.0.1, so this only stops one address from taking every slot.
        package var maximumConnectionsPerClient = 500
        /// Threads answering requests, each with its own event loop.
        package var threads = 4

        package init() {}
    }

    package let host: String
    package let limits: Limits
    /// The `Host` header names this server answers; others get 421.
    package let allowedHosts: AllowedHosts
    private let requestedPort: UInt16
    private let handler: Handler
    private let lock = NSLock()
    private var daemon: OpaquePointer?
    private var boundPort: UInt16 = 0
    /// Requests parked for a later answer, so that `stop()` can answer them first (libmicrohttpd
    /// must not be stopped with parked connections).
    private var parkedExchanges: [ObjectIdentifier: Exchange] = [:]

    /// `port` 0 lets the system choose a free port; `port` tells which after `start()`.
    package init(host: String = "127.0.0.1", port: UInt16, limits: Limits = Limits(), handler: @escaping Handler) {
        self.host = host
        self.requestedPort = port
        self.limits = limits
        self.handler = handler
        self.allowedHosts = AllowedHosts(listeningOn: host)
    }

    /// A server whose handler always answers at once.
    package convenience init(host: String = "127.0.0.1", port: UInt16, limits: Limits = Limits(),
                             handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.init(host: host, port: port, limits: limits) { request in .now(handler(request)) }
    }

    deinit { stop() }

    /// Whether a `Host` header value (`name`, `name:port`, `[::1]:port`) is one this server answers.
    func acceptsHost(_ value: String) -> Bool { allowedHosts.accepts(value) }

    /// The port the server listens on (0 before `start()`).
    package var port: UInt16 { lock.withLock { boundPort } }

    /// Binds, listens and starts the library's threads; returns the port.
    @discardableResult
    package func start() throws(HTTPServerError) -> UInt16 {
        // libmicrohttpd is opened here, on the first server's start, not linked into every run.
        if let problem = gg_mhd_load() { throw HTTPServerError(message: String(cString: problem), addressInUse: false) }
        let (listener, port) = try listen()
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(listener), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: limits.connectionMemoryBytes, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: Self.affordableConnections(limits.maximumConnections), ptr_value: nil),
            MHD_OptionItem(option: .PER_IP_CONNECTION_LIMIT, value: limits.maximumConnectionsPerClient, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: Int(limits.idleTimeout), ptr_value: nil),
            MHD_OptionItem(option: .THREAD_POOL_SIZE, value: max(1, limits.threads), ptr_value: nil),
            MHD_OptionItem(option: .URI_LOG_CALLBACK, value: Int(bitPattern: unsafeBitCast(Self.openExchange, to: UnsafeRawPointer.self)),
                           ptr_value: nil),
            MHD_OptionItem(option: .NOTIFY_COMPLETED, value: Int(bitPattern: unsafeBitCast(Self.closeExchange, to: UnsafeRawPointer.self)),
                           ptr_value: nil),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        let flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = options.withUnsafeMutableBufferPointer { items in
            withVaList([Int32(MHD_OPTION.ARRAY.rawValue), items.baseAddress!, Int32(MHD_OPTION.END.rawValue)]) { arguments in
                gg_mhd_start_daemon_va(flags, 0, nil, nil, Self.answer, context, arguments)
            }
        }
        guard let started else {
            close(listener)
            throw HTTPServerError(message: "cannot start the HTTP server on \(host):\(port)", addressInUse: false)
        }
        lock.withLock {
            daemon = started
            boundPort = port
        }
        return port
    }

    /// Answers every parked request 503, then stops the library's threads and closes every
    /// connection and the listening socket.
    package func stop() {
        let (running, waiting) = lock.withLock { () -> (OpaquePointer?, [Exchange]) in
            defer { daemon = nil }
            return (daemon, Array(parkedExchanges.values))
        }
        guard let running else { return }
        for exchange in waiting { exchange.deliver(.text(503, "The preview server is stopping.")) }
        // A resumed request is answered by the library's own thread: give it a moment to be.
        let deadline = Date().addingTimeInterval(1)
        while lock.withLock({ !parkedExchanges.isEmpty }), Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        gg_mhd_stop_daemon(running)
    }

    /// A bound, listening IPv4 socket, made here rather than by the library so that a port in
    /// use is told apart from other failures.
    private func listen() throws(HTTPServerError) -> (Int32, UInt16) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requestedPort.bigEndian
        let hostAddress = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, hostAddress, &address.sin_addr) == 1 else {
            throw HTTPServerError(message: "'\(host)' is not an IPv4 address such as 127.0.0.1", addressInUse: false)
        }
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else {
            throw HTTPServerError(message: "cannot create a socket: \(String(cString: strerror(errno)))", addressInUse: false)
        }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let code = errno
        guard bound == 0, Glibc.listen(descriptor, 1024) == 0 else {
            close(descriptor)
            if bound != 0, code == EADDRINUSE {
                throw HTTPServerError(message: "port \(requestedPort) on \(host) is already in use (is another server running? choose another with --port)", addressInUse: true)
            }
            throw HTTPServerError(message: "cannot listen on \(host):\(requestedPort): \(String(cString: strerror(bound != 0 ? code : errno)))", addressInUse: false)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: actual.sin_port))
    }

    /// The connection limit, lowered to half the open-file limit when that is smaller.
    private static func affordableConnections(_ wanted: Int) -> Int {
        var files = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0, files.rlim_cur < rlim_t(Int32.max) else { return wanted }
        return max(16, min(wanted, Int(files.rlim_cur / 2)))
    }

    // MARK: - One request

    /// One request's state, from its request line to its end: the target as sent (the library
    /// would decode it) and, for a parked request, the answer waiting to be sent.
    private final class Exchange: @unchecked Sendable {
        let target: String
        let lock = NSLock()
        var connection: OpaquePointer?
        var waiting: HTTPResponse?
        var answered = false
        var headSeen = false
        weak var server: HTTPServer?

        init(target: String) { self.target = target }

        /// Hands a parked request its answer and wakes its connection; later calls do nothing.
        func deliver(_ response: HTTPResponse) {
            let connection = lock.withLock { () -> OpaquePointer? in
                guard !answered else { return nil }
                answered = true
                waiting = response
                return self.connection
            }
            if let connection { gg_mhd_resume_connection(connection) }
        }
    }

    /// Called with the raw request target before the library parses it: the exchange begins.
    private static let openExchange: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = { _, uri, _ in
        let exchange = Exchange(target: uri.map { String(cString: $0) } ?? "")
        return Unmanaged.passRetained(exchange).toOpaque()
    }

    /// Called once a request is over, answered or not: the exchange ends.
    private static let closeExchange: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_RequestTerminationCode) -> Void = { _, _, context, _ in
        guard let context, let pointer = context.pointee else { return }
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue()
        context.pointee = nil
        exchange.server?.unpark(exchange)
    }

    /// The library's access handler: called when the head is in, and again after a parked
    /// request is resumed.
    private static let answer: MHD_AccessHandlerCallback = { serverPointer, connection, _, method, version, _, uploadSize, context in
        guard let serverPointer, let connection, let context, let pointer = context.pointee else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(serverPointer).takeUnretainedValue()
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeUnretainedValue()
        if let waiting = exchange.lock.withLock({ exchange.waiting }) {
            server.unpark(exchange)
            return queue(waiting, on: connection)
        }
        if let uploadSize, uploadSize.pointee > 0 { // a body nobody asked for: drop it
            uploadSize.pointee = 0
            return .YES
        }
        // The first call comes with the head; answering only on the next one, once the whole
        // request is in, lets the library keep the connection open for the next request.
        guard exchange.lock.withLock({ defer { exchange.headSeen = true }; return exchange.headSeen }) else { return .YES }
        let request = HTTPRequest(method: method.map { String(cString: $0) } ?? "", target: exchange.target,
                                  version: version.map { String(cString: $0) } ?? "HTTP/1.1", headers: headers(of: connection))
        switch server.route(request) {
        case .now(let response):
            return queue(response, on: connection)
        case .later(let start):
            exchange.lock.withLock { exchange.connection = connection }
            exchange.server = server
            server.lock.withLock { server.parkedExchanges[ObjectIdentifier(exchange)] = exchange }
            gg_mhd_suspend_connection(connection)
            start { response in exchange.deliver(response) }
            return .YES
        }
    }

    private func unpark(_ exchange: Exchange) {
        lock.withLock { _ = parkedExchanges.removeValue(forKey: ObjectIdentifier(exchange)) }
    }

    /// What this server answers before the handler sees a request: the `Host` check and the methods.
    private func route(_ request: HTTPRequest) -> HTTPAnswer {
        let hostHeader = request.header("host")
        if let hostHeader, !allowedHosts.accepts(hostHeader) {
            return .now(.text(421, "This server only answers requests for \(host) (see --host)."))
        }
        if hostHeader == nil, request.version == "HTTP/1.1" { return .now(.text(400, "Bad request: no Host header.")) }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .now(.text(405, "Only GET and HEAD are supported.", headers: [HTTPHeader(name: "Allow", value: "GET, HEAD")]))
        }
        return handler(request)
    }

    /// The request's header fields, names lowercased, in the order sent.
    private static func headers(of connection: OpaquePointer) -> [HTTPHeader] {
        final class Collected { var headers: [HTTPHeader] = [] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            _ = gg_mhd_get_connection_values(connection, .HEADER_KIND, { context, _, key, value in
                guard let context, let key else { return .YES }
                let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                collected.headers.append(HTTPHeader(name: String(cString: key).lowercased(), value: value.map { String(cString: $0).trimmingCharacters(in: .whitespaces) } ?? ""))
                return .YES
            }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.headers
    }

    /// Hands `response` to the library, which adds `Content-Length`, keeps the connection open
    /// when the client may reuse it, and leaves out the body of a HEAD response.
    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBytes { bytes in
            gg_mhd_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { gg_mhd_destroy_response(made) }
        for header in response.headers where !["content-length", "connection", "transfer-encoding"].contains(header.name.lowercased()) {
            _ = gg_mhd_add_response_header(made, header.name, header.value)
        }
        return gg_mhd_queue_response(connection, UInt32(response.status), made)
    }
}
