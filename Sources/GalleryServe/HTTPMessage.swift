import Foundation
import GalleryContent
import GalleryKit
import GalleryRender
import GallerySupport

/// One HTTP/1.x request head, as libmicrohttpd parsed it, with the target exactly as sent.
/// Bodies are never read: the preview server answers GET and HEAD only.
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

/// A complete response; the server adds `Content-Length` and `Date`, decides whether the
/// connection stays open, and drops the body of a HEAD response while keeping its length.
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
}

