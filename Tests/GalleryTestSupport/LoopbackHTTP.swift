import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw HTTP client over loopback, so tests can send request lines no URL library would
/// (`GET /../site.yml`). A reply is read up to its `Content-Length` (the server keeps connections
/// open), or to the end when it has none.
package enum LoopbackHTTP {
    package struct Reply {
        package var status: Int
        package var headers: [String: String]
        package var body: Data
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func request(_ target: String, method: String = "GET", port: UInt16) throws -> Reply {
        try send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: gallerygen-tests\r\n\r\n", port: port)
    }

    package static func send(_ raw: String, port: UInt16) throws -> Reply {
        try send(Data(raw.utf8), port: port)
    }

    /// A connected socket from `source` (another loopback address stands for another client).
    package static func connectSocket(port: UInt16, source: String = "127.0.0.1") throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket() failed") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        _ = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(descriptor); throw Failure(description: "connect() to port \(port) failed") }
        return descriptor
    }

    package static func send(_ raw: Data, port: UInt16) throws -> Reply {
        let descriptor = try connectSocket(port: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = raw.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var reader = ReplyReader(descriptor: descriptor)
        return try reader.next(headRequest: raw.starts(with: Data("HEAD ".utf8)))
    }

    /// Reads replies one after another from one connection (keep-alive, pipelining).
    package struct ReplyReader {
        let descriptor: Int32
        var buffered = Data()

        package init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// The next reply; `headRequest` says it answers a HEAD request, whose reply has no body.
        package mutating func next(headRequest: Bool = false) throws -> Reply {
            while buffered.range(of: Data("\r\n\r\n".utf8)) == nil {
                guard fill() else {
                    throw Failure(description: "no complete response: \(String(decoding: buffered, as: UTF8.self))")
                }
            }
            let split = buffered.range(of: Data("\r\n\r\n".utf8))!
            let head = String(decoding: buffered[..<split.lowerBound], as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            let status = Int(lines[0].split(separator: " ")[1]) ?? 0
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            buffered = Data(buffered[split.upperBound...])
            let body: Data
            if headRequest || status == 204 || status == 304 {
                body = Data()
            } else if let length = headers["content-length"].flatMap(Int.init) {
                while buffered.count < length, fill() {}
                body = Data(buffered.prefix(length))
                buffered = Data(buffered.dropFirst(length))
            } else {
                while fill() {}
                body = buffered
                buffered = Data()
            }
            return Reply(status: status, headers: headers, body: body)
        }

        /// Reads what has arrived; false at the end of the stream (or after the 5 s timeout).
        private mutating func fill() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 8192)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            buffered.append(contentsOf: chunk[..<count])
            return true
        }
    }
}
