import Foundation
import GalleryContent
import GalleryKit
import GalleryRender
import GallerySupport

/// One parsed HTTP/1.x request head. Bodies are never read: the preview server answers GET and
/// HEAD only.
package struct HTTPRequest: Sendable, Hashable {
    package var method: String
    /// The request target as sent, e.g. `/recipes/mojito/?x=1`.
    package var target: String
    package var version: String
    /// Header names lowercased, in the order sent.
    package var headers: [HTTPHeader]

    package init(method: String, target: String, version: String = "HTTP/1.1", headers: [HTTPHeader] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }

    /// The target without its query and fragment, still percent-encoded.
    package var path: String {
        String(target.prefix { $0 != "?" && $0 != "#" })
    }

    /// The query after `?`, without the fragment; empty when there is none.
    package var query: String {
        guard let mark = target.firstIndex(of: "?") else { return "" }
        return String(target[target.index(after: mark)...].prefix { $0 != "#" })
    }

    /// The value of query parameter `name`, e.g. `since` in `?since=3`.
    package func queryValue(_ name: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first.map(String.init) == name { return parts.count > 1 ? String(parts[1]) : "" }
        }
        return nil
    }

    package func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name == lowered }?.value
    }

    /// Why a request head could not be parsed; the server answers with `status`.
    package struct ParseError: Error, Sendable, Hashable {
        package var status: Int
        package var reason: String
    }

    /// Parses a request head (request line and header lines, without the blank line that ends it).
    package static func parse(head: String) throws(ParseError) -> HTTPRequest {
        // Split on scalars: as Characters, "\r\n" is one grapheme and never equals "\n".
        var lines = head.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.last == "\r" ? line.dropLast() : line[...])
        }
        while lines.first == "" { lines.removeFirst() } // RFC 9112 §2.2: ignore leading empty lines
        guard let requestLine = lines.first else { throw ParseError(status: 400, reason: "empty request") }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw ParseError(status: 400, reason: "malformed request line")
        }
        let method = String(parts[0])
        let target = String(parts[1])
        let version = String(parts[2])
        guard method.allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-") }) else {
            throw ParseError(status: 400, reason: "malformed method")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw ParseError(status: version.hasPrefix("HTTP/") ? 505 : 400, reason: "unsupported protocol version")
        }
        guard target.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw ParseError(status: 400, reason: "malformed request target")
        }
        var headers: [HTTPHeader] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw ParseError(status: 400, reason: "malformed header line")
            }
            headers.append(HTTPHeader(name: line[..<colon].lowercased(),
                                      value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return HTTPRequest(method: method, target: target, version: version, headers: headers)
    }
}

/// One header field.
package struct HTTPHeader: Sendable, Hashable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A complete response; the server adds `Content-Length` and `Connection: close`, and drops the
/// body of a HEAD response while keeping its length.
package struct HTTPResponse: Sendable, Hashable {
    package var status: Int
    package var headers: [HTTPHeader]
    package var body: Data

    package init(status: Int, headers: [HTTPHeader] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A small plain-text response, for errors.
    package static func text(_ status: Int, _ message: String, headers: [HTTPHeader] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader(name: "Content-Type", value: "text/plain; charset=utf-8")] + headers,
                     body: Data((message + "\n").utf8))
    }

    package func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// The bytes on the wire: status line, headers, blank line and (unless `includeBody` is false) the body.
    package func serialized(includeBody: Bool) -> Data {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        for header in headers where header.name.lowercased() != "content-length" && header.name.lowercased() != "connection" {
            head += "\(header.name): \(header.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        var data = Data(head.utf8)
        if includeBody { data.append(body) }
        return data
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 421: "Misdirected Request"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
