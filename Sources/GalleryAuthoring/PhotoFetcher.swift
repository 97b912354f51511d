import CCurlShim
import Foundation

/// Downloads a photo a recipe names only by its address: http or https, within a time limit
/// and a size cap, and only when the server says it is an image. Every refusal is a sentence for
/// the one warning the recipe gets; the recipe is imported either way. The download goes through
/// libcurl, opened on first use (`CCurlShim`), not URLSession: FoundationNetworking links libcurl
/// and its libraries into every run of gallerygen, which cost each build about 15 million
/// instructions before it started.
package struct PhotoFetcher: Sendable {
    /// Seconds for the whole download.
    package var timeout: TimeInterval = 20
    /// The largest photo taken, in bytes.
    package var maximumBytes = 25 * 1024 * 1024

    package init() {}

    package enum Outcome: Sendable {
        case photo(Data)
        case failed(String)
    }

    package func fetch(_ address: String) -> Outcome {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            return .failed("'\(address)' is not an http or https address")
        }
        var result = gg_fetch_result()
        gg_fetch(url.absoluteString, "gallerygen-import", max(1, Int(timeout.rounded(.up))), max(0, maximumBytes), &result)
        defer { gg_fetch_free(&result) }
        let contentType = withUnsafeBytes(of: result.content_type) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }.lowercased()
        let error = withUnsafeBytes(of: result.error) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if result.refusal == GG_FETCH_OVER_CAP { return .failed(capMessage) }
        if result.status == 200, !contentType.hasPrefix("image/") {
            return .failed("the server sent \(contentType.isEmpty ? "no content type" : "'\(contentType)'"), not a picture")
        }
        if result.timed_out != 0 { return .failed("no answer from \(url.host ?? address) within \(Int(timeout)) seconds") }
        if result.code != 0 { return .failed("cannot download it: \(error)") }
        guard result.status != 0 else { return .failed("cannot download it: no HTTP answer") }
        guard result.status == 200 else { return .failed("the server answered \(result.status)") }
        guard result.count > 0, let bytes = result.data else { return .failed("the server sent nothing") }
        return .photo(Data(bytes: bytes, count: Int(result.count)))
    }

    private var capMessage: String { "it is over the \(maximumBytes / 1_048_576) MB an imported photo may have" }
}
