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

/// Answers requests with the files of a built site, the way a static host would: `index.html` for
/// folders, the site's `404.html` for anything missing, and nothing outside the root folder.
package struct StaticSiteHandler: Sendable {
    /// The folder served at `/`.
    package var root: URL
    /// The path the published site lives under (`/bar/` for base_url `https://example.com/bar/`):
    /// requests under it are served as if at `/`, so root-relative links (the 404 page's) work too.
    package var basePath: String
    /// Markup inserted before `</body>` of every HTML page served (the preview's reload script).
    package var htmlInjection: (@Sendable () -> String)?

    package init(root: URL, basePath: String = "/", htmlInjection: (@Sendable () -> String)? = nil) {
        self.root = root.standardizedFileURL
        self.basePath = basePath.endingInSlash
        self.htmlInjection = htmlInjection
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        var rawPath = request.path
        guard rawPath.hasPrefix("/") else { return .text(400, "Bad request: the target must start with '/'.") }
        // Repeated slashes collapse first, so no redirect can ever point to `//host/…`.
        while rawPath.contains("//") { rawPath = rawPath.replacingOccurrences(of: "//", with: "/") }
        var prefix = "/"
        if basePath != "/", rawPath.hasPrefix(basePath) {
            rawPath = "/" + rawPath.dropFirst(basePath.count)
            prefix = basePath
        }
        guard let decoded = rawPath.removingPercentEncoding, !decoded.contains("\0") else {
            return .text(400, "Bad request: malformed percent-encoding.")
        }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if segments.contains(where: { $0 == ".." || $0.contains("\\") }) {
            return .text(403, "Forbidden: the path leaves the site folder.")
        }
        // Hidden files (the output marker, editor leftovers) are never part of the site.
        if segments.contains(where: { $0.hasPrefix(".") }) { return notFound() }
        guard let rootPath = realPath(root.path) else { return notFound() }
        let candidate = segments.isEmpty ? rootPath : rootPath + "/" + segments.joined(separator: "/")
        guard let resolved = realPath(candidate) else { return notFound() }
        guard resolved == rootPath || resolved.hasPrefix(rootPath + "/") else {
            return .text(403, "Forbidden: the path leads outside the site folder.")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else { return notFound() }
        if isDirectory.boolValue {
            guard rawPath.hasSuffix("/") else {
                let query = request.query.isEmpty ? "" : "?" + request.query
                let location = prefix + rawPath.split(separator: "/").filter { $0 != "." }.joined(separator: "/") + "/"
                return HTTPResponse(status: 301, headers: [HTTPHeader(name: "Location", value: location + query)])
            }
            let index = resolved + "/index.html"
            guard let realIndex = realPath(index), realIndex.hasPrefix(rootPath + "/") else { return notFound() }
            return file(at: realIndex, status: 200).answering(range: request)
        }
        return file(at: resolved, status: 200).answering(range: request)
    }

    private func file(at path: String, status: Int) -> HTTPResponse {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .text(403, "Forbidden: the file cannot be read.")
        }
        let type = Self.contentType(forPathExtension: (path as NSString).pathExtension)
        var body = data
        if type.hasPrefix("text/html"), let htmlInjection {
            body = Self.inject(htmlInjection(), into: data)
        }
        return HTTPResponse(status: status, headers: [
            HTTPHeader(name: "Content-Type", value: type),
            HTTPHeader(name: "Cache-Control", value: "no-store"),
            HTTPHeader(name: "X-Content-Type-Options", value: "nosniff"),
        ] + (status == 200 ? [HTTPHeader(name: "Accept-Ranges", value: "bytes")] : []), body: body)
    }

    /// The site's own `404.html` with status 404, or a plain page when the site has none.
    private func notFound() -> HTTPResponse {
        if let rootPath = realPath(root.path), let page = realPath(rootPath + "/404.html"),
           page.hasPrefix(rootPath + "/") {
            return file(at: page, status: 404)
        }
        let html = Data("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Not found</title></head><body><h1>Not found</h1><p>There is no page at this address.</p></body></html>\n".utf8)
        let body = htmlInjection.map { Self.inject($0(), into: html) } ?? html
        return HTTPResponse(status: 404, headers: [HTTPHeader(name: "Content-Type", value: "text/html; charset=utf-8"),
                                                   HTTPHeader(name: "Cache-Control", value: "no-store")], body: body)
    }

    /// Inserts `markup` before the last `</body>`, or appends it when the page has none.
    static func inject(_ markup: String, into html: Data) -> Data {
        let closing = Data("</body>".utf8)
        let lowered = Data(html.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 })
        guard let range = lowered.range(of: closing, options: .backwards) else { return html + Data(markup.utf8) }
        var result = Data(html[html.startIndex..<range.lowerBound])
        result.append(Data(markup.utf8))
        result.append(html[range.lowerBound...])
        return result
    }

    /// The path of a site's base URL, ending in `/`: `/bar/` for `https://example.com/bar/`.
    package static func basePath(fromBaseURL baseURL: String) -> String {
        PublishedURL(base: baseURL).path
    }

    /// The `Content-Type` for a file extension; unknown types are served as bytes.
    package static func contentType(forPathExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "xml": "application/xml"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "gif": "image/gif"
        case "ico": "image/x-icon"
        case "txt": "text/plain; charset=utf-8"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        default: "application/octet-stream"
        }
    }
}

extension HTTPResponse {
    /// This whole-file answer cut to the `Range` the request asks for: 206 with `Content-Range`,
    /// or 416 when the range lies past the end. A request with `If-Range` gets the whole file,
    /// since the preview sends no validator it could match.
    func answering(range request: HTTPRequest) -> HTTPResponse {
        guard status == 200, request.header("if-range") == nil else { return self }
        switch ByteRange.resolve(request.header("range"), length: body.count) {
        case .whole:
            return self
        case .part(let range):
            var part = self
            part.status = 206
            part.body = body.subdata(in: body.startIndex + range.first..<body.startIndex + range.last + 1)
            part.headers.append(HTTPHeader(name: "Content-Range", value: "bytes \(range.first)-\(range.last)/\(body.count)"))
            return part
        case .unsatisfiable:
            return HTTPResponse(status: 416, headers: [HTTPHeader(name: "Content-Range", value: "bytes */\(body.count)"),
                                                       HTTPHeader(name: "Cache-Control", value: "no-store")])
        }
    }
}
