import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryServe
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct HTTPServerTests {
    /// Serves a small hand-made site from a temporary folder on an ephemeral port.
    func withServer(_ body: (UInt16, URL) throws -> Void) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("secret.txt", "TOP SECRET")
        try folder.write("site/index.html", "<!DOCTYPE html><html><body><p>Home</p></body></html>")
        try folder.write("site/style.css", "body { color: red; }")
        try folder.write("site/feed.xml", "<feed/>")
        try folder.write("site/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try folder.write("site/recipes/mojito/index.html", "<html><BODY>Mojito</BODY></html>")
        try folder.write("site/with space.txt", "spaced")
        try folder.write("site/.gallerygen-output", "marker")
        let root = folder.url.appendingPathComponent("site")
        let server = HTTPServer(port: 0) { request in
            StaticSiteHandler(root: root) { "<!--reload-->" }.respond(to: request)
        }
        let port = try server.start()
        defer { server.stop() }
        #expect(port != 0)
        try body(port, root)
    }

    @Test func answersGetAndHeadWithContentTypes() throws {
        try withServer { port, _ in
            let page = try LoopbackHTTP.request("/", port: port)
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("<p>Home</p>"))
            #expect(page.headers["content-length"] == String(page.body.count))

            let head = try LoopbackHTTP.request("/", method: "HEAD", port: port)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == String(page.body.count))

            for (path, type) in [("/style.css", "text/css; charset=utf-8"), ("/feed.xml", "application/xml"),
                                 ("/logo.svg", "image/svg+xml"), ("/with%20space.txt", "text/plain; charset=utf-8")] {
                let reply = try LoopbackHTTP.request(path, port: port)
                #expect(reply.status == 200, "\(path)")
                #expect(reply.headers["content-type"] == type, "\(path)")
            }
            #expect(try LoopbackHTTP.request("/with%20space.txt?x=1", port: port).text == "spaced")
        }
    }

    @Test func refusesPathsOutsideTheRoot() throws {
        try withServer { port, root in
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("escape.txt").path,
                                                       withDestinationPath: root.deletingLastPathComponent().appendingPathComponent("secret.txt").path)
            for target in ["/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/recipes/..%2f..%2fsecret.txt",
                           "/recipes/../../secret.txt", "/escape.txt"] {
                let reply = try LoopbackHTTP.request(target, port: port)
                #expect(reply.status == 403, "\(target)")
                #expect(!reply.text.contains("TOP SECRET"), "\(target)")
            }
            // Hidden files such as the output marker are not part of the site.
            #expect(try LoopbackHTTP.request("/.gallerygen-output", port: port).status == 404)
        }
    }

    @Test func servesIndexForFoldersAndRedirectsWithoutTheSlash() throws {
        try withServer { port, _ in
            let folder = try LoopbackHTTP.request("/recipes/mojito/", port: port)
            #expect(folder.status == 200)
            #expect(folder.text.contains("Mojito"))
            #expect(folder.text.contains("<!--reload--></BODY>"))
            let redirect = try LoopbackHTTP.request("/recipes/mojito?from=test", port: port)
            #expect(redirect.status == 301)
            #expect(redirect.headers["location"] == "/recipes/mojito/?from=test")
            // A folder without index.html is not listed.
            #expect(try LoopbackHTTP.request("/recipes/", port: port).status == 404)
        }
    }

    @Test func servesTheSiteUnderItsBasePathToo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/assets/style.css", "p {}")
        try folder.write("site/tags/index.html", "<p>Tags</p>")
        let handler = StaticSiteHandler(root: folder.url.appendingPathComponent("site"),
                                        basePath: StaticSiteHandler.basePath(fromBaseURL: "https://example.com/back-bar/"))
        #expect(handler.basePath == "/back-bar/")
        #expect(handler.respond(to: HTTPRequest(method: "GET", target: "/back-bar/assets/style.css")).status == 200)
        #expect(handler.respond(to: HTTPRequest(method: "GET", target: "/assets/style.css")).status == 200)
        #expect(handler.respond(to: HTTPRequest(method: "GET", target: "/back-bar/tags")).header("Location") == "/back-bar/tags/")
        #expect(handler.respond(to: HTTPRequest(method: "GET", target: "/back-bar/../x")).status == 403)
        #expect(StaticSiteHandler.basePath(fromBaseURL: "https://example.com") == "/")
    }

    @Test func servesTheSitesNotFoundPageWithStatus404() throws {
        try withServer { port, root in
            let plain = try LoopbackHTTP.request("/nowhere.html", port: port)
            #expect(plain.status == 404)
            #expect(plain.text.contains("Not found"))
            try Data("<html><body>Lost? Try the gallery.</body></html>".utf8).write(to: root.appendingPathComponent("404.html"))
            let custom = try LoopbackHTTP.request("/nowhere.html", port: port)
            #expect(custom.status == 404)
            #expect(custom.text.contains("Lost? Try the gallery."))
            #expect(custom.headers["content-type"] == "text/html; charset=utf-8")
        }
    }

    @Test func badRequestsGetAnErrorStatus() throws {
        try withServer { port, _ in
            // Not a request line at all: closed without an answer, or 400.
            #expect(((try? LoopbackHTTP.send("GARBAGE\r\n\r\n", port: port))?.status ?? 400) == 400)
            #expect(try LoopbackHTTP.send("GET nothing HTTP/1.1\r\n\r\n", port: port).status == 400)
            #expect(try LoopbackHTTP.send("GET / HTTP/1.1\r\nno colon here\r\n\r\n", port: port).status == 400)
            #expect(try LoopbackHTTP.send("GET /%zz HTTP/1.1\r\n\r\n", port: port).status == 400)
            #expect(try LoopbackHTTP.send("GET /%00 HTTP/1.1\r\n\r\n", port: port).status == 400)
            #expect(try LoopbackHTTP.send("GET / SPDY/9\r\n\r\n", port: port).status == 400)
            let post = try LoopbackHTTP.request("/", method: "POST", port: port)
            #expect(post.status == 405)
            #expect(post.headers["allow"] == "GET, HEAD")
            let huge = "GET / HTTP/1.1\r\nX-Filler: " + String(repeating: "a", count: 40_000) + "\r\n\r\n"
            #expect(try LoopbackHTTP.send(huge, port: port).status == 431)
            // The server is still answering after all that.
            #expect(try LoopbackHTTP.request("/", port: port).status == 200)
        }
    }

    @Test func secondServerOnTheSamePortReportsAddressInUse() throws {
        let first = HTTPServer(port: 0) { _ in .text(200, "first") }
        let port = try first.start()
        defer { first.stop() }
        let second = HTTPServer(port: port) { _ in .text(200, "second") }
        #expect(throws: HTTPServerError.self) { try second.start() }
        do {
            try second.start()
        } catch {
            #expect(error.addressInUse)
            #expect(error.message.contains("already in use"))
        }
    }

    @Test func handlersSeeTheTargetAsSent() throws {
        let seen = LockedRequests()
        let server = HTTPServer(port: 0) { request in
            seen.append(request)
            return .text(200, "ok")
        }
        let port = try server.start()
        defer { server.stop() }
        _ = try LoopbackHTTP.send("GET /a%20b/?since=3&x HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept:  */* \r\n\r\n", port: port)
        let request = try #require(seen.all.first)
        #expect(request.method == "GET")
        #expect(request.path == "/a%20b/")
        #expect(request.queryValue("since") == "3")
        #expect(request.queryValue("x") == "")
        #expect(request.header("accept") == "*/*")
    }

    @Test func keepsTheConnectionOpenAndAnswersPipelinedRequests() throws {
        try withServer { port, _ in
            let descriptor = try LoopbackHTTP.connectSocket(port: port)
            defer { close(descriptor) }
            var reader = LoopbackHTTP.ReplyReader(descriptor: descriptor)
            let request = "GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            _ = request.withCString { write(descriptor, $0, strlen($0)) }
            let first = try reader.next()
            #expect(first.status == 200)
            #expect(first.headers["connection"] != "close")
            // The same connection, three more at once (pipelined), the last a HEAD.
            _ = (request + "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nHEAD /feed.xml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                .withCString { write(descriptor, $0, strlen($0)) }
            #expect(try reader.next().text == "body { color: red; }")
            #expect(try reader.next().text.contains("<p>Home</p>"))
            let head = try reader.next(headRequest: true)
            #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == "7")
        }
    }

    @Test func answersByteRanges() throws {
        try withServer { port, _ in
            func get(_ range: String, _ extra: String = "") throws -> LoopbackHTTP.Reply {
                try LoopbackHTTP.send("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: \(range)\r\n\(extra)\r\n", port: port)
            }
            #expect(try LoopbackHTTP.request("/style.css", port: port).headers["accept-ranges"] == "bytes")
            let middle = try get("bytes=5-9")
            #expect(middle.status == 206)
            #expect(middle.text == "{ col")
            #expect(middle.headers["content-range"] == "bytes 5-9/20")
            #expect(middle.headers["content-length"] == "5")
            #expect(try get("bytes=15-").text == "ed; }")
            #expect(try get("bytes=-2").text == " }")
            #expect(try get("bytes=10-999").headers["content-range"] == "bytes 10-19/20")
            let past = try get("bytes=20-")
            #expect(past.status == 416)
            #expect(past.headers["content-range"] == "bytes */20")
            // Several ranges, a unit it does not know, or an If-Range: the whole file.
            #expect(try get("bytes=0-1,4-5").status == 200)
            #expect(try get("items=0-1").status == 200)
            #expect(try get("bytes=0-1", "If-Range: \"x\"\r\n").status == 200)
        }
    }

    @Test func injectsBeforeTheLastClosingBodyTag() {
        let html = Data("<body>a</body><!-- </body> --></BODY>".utf8)
        let injected = String(decoding: StaticSiteHandler.inject("<s/>", into: html), as: UTF8.self)
        #expect(injected == "<body>a</body><!-- </body> --><s/></BODY>")
        #expect(String(decoding: StaticSiteHandler.inject("<s/>", into: Data("<p>x".utf8)), as: UTF8.self) == "<p>x<s/>")
    }

    @Test func contentTypesCoverTheSitesFiles() {
        let expected = ["html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "json": "application/json",
                        "png": "image/png", "JPG": "image/jpeg", "jpeg": "image/jpeg", "webp": "image/webp", "gif": "image/gif",
                        "ico": "image/x-icon", "woff2": "font/woff2", "bin": "application/octet-stream"]
        for (pathExtension, type) in expected {
            #expect(StaticSiteHandler.contentType(forPathExtension: pathExtension) == type)
        }
    }

    @Test func answersOnlyItsOwnHostNames() throws {
        try withServer { port, _ in
            for host in ["127.0.0.1", "localhost", "localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "LOCALHOST"] {
                #expect(try LoopbackHTTP.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n", port: port).status == 200, "\(host)")
            }
            for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example", "localhost:x"] {
                let reply = try LoopbackHTTP.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n", port: port)
                #expect(reply.status == 421, "\(host)")
                #expect(!reply.text.contains("Home"), "\(host)")
            }
        }
        let wide = HTTPServer(host: "192.168.1.20", port: 0) { _ in .text(200, "") }
        #expect(wide.acceptsHost("192.168.1.20:8000"))
        #expect(wide.acceptsHost("localhost"))
        #expect(!wide.acceptsHost("evil.example"))
    }

    @Test func redirectsNeverPointToAnotherHost() throws {
        try withServer { port, _ in
            for target in ["//recipes", "///recipes//mojito", "//recipes/./mojito?x=1"] {
                let reply = try LoopbackHTTP.request(target, port: port)
                let location = reply.headers["location"] ?? ""
                #expect(reply.status == 301, "\(target)")
                #expect(location.hasPrefix("/") && !location.hasPrefix("//"), "\(target) -> \(location)")
            }
            #expect(try LoopbackHTTP.request("//recipes", port: port).headers["location"] == "/recipes/")
        }
    }

    /// 200 connections from 127.0.0.1 trickle a header byte every 2 s and never finish; 20
    /// ordinary requests made meanwhile, over 4 s, are all answered.
    @Test func twoHundredSlowClientsLeaveRoomForOthers() throws {
        let server = HTTPServer(port: 0) { _ in .text(200, "ok") }
        let port = try server.start()
        defer { server.stop() }
        let slow = try SlowClients(count: 200, port: port)
        defer { slow.stop() }
        slow.trickle(every: 2)
        var answered = 0
        let started = Date()
        for _ in 0..<20 {
            if (try? LoopbackHTTP.request("/", port: port))?.status == 200 { answered += 1 }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(answered == 20, "\(answered) of 20 requests answered beside 200 slow clients")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func stoppingAnswersParkedRequestsAndFreesThePort() throws {
        var port: UInt16 = 0
        for _ in 0..<3 {
            let server = HTTPServer(port: port) { request in
                request.path == "/wait" ? .later { _ in } : .now(.text(200, "ok"))
            }
            port = try server.start() // the port of the server before: free again
            #expect(try LoopbackHTTP.request("/", port: port).status == 200)
            let parked = LockedStatus()
            let waiter = Thread { [port] in parked.set((try? LoopbackHTTP.request("/wait", port: port))?.status ?? -1) }
            waiter.start()
            Thread.sleep(forTimeInterval: 0.2)
            server.stop()
            let deadline = Date().addingTimeInterval(3)
            while parked.value == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            #expect(parked.value == 503)
        }
    }

    @Test func aSilentClientIsClosedAfterTheIdleTimeout() throws {
        var limits = HTTPServer.Limits()
        limits.idleTimeout = 1
        let server = HTTPServer(port: 0, limits: limits) { _ in .text(200, "ok") }
        let port = try server.start()
        defer { server.stop() }
        let descriptor = try LoopbackHTTP.connectSocket(port: port)
        defer { close(descriptor) }
        let started = Date()
        _ = "GET / HTTP/1.1\r\n".withCString { write(descriptor, $0, 16) }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, 5000)
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        #expect(count == 0, "the server closed the connection")
        #expect(Date().timeIntervalSince(started) < 3)
    }
}

/// Requests a handler saw, from the server's threads.
final class LockedRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [HTTPRequest] = []
    var all: [HTTPRequest] { lock.withLock { stored } }
    func append(_ request: HTTPRequest) { lock.withLock { stored.append(request) } }
}

/// A status set from another thread.
final class LockedStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0
    var value: Int { lock.withLock { stored } }
    func set(_ value: Int) { lock.withLock { stored = value } }
}
