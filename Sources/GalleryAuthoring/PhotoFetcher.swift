import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads a photo a recipe names only by its address: http or https, within a time limit
/// and a size cap, and only when the server says it is an image. Every refusal is a sentence for
/// the one warning the recipe gets; the recipe is imported either way.
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
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("gallerygen-import", forHTTPHeaderField: "User-Agent")
        request.setValue("image/*", forHTTPHeaderField: "Accept")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return .failed("no answer from \(url.host ?? address) within \(Int(timeout)) seconds")
        }
        let (data, response, error) = box.get()
        if let error { return .failed("cannot download it: \(error.localizedDescription)") }
        guard let http = response as? HTTPURLResponse else { return .failed("cannot download it: no HTTP answer") }
        guard http.statusCode == 200 else { return .failed("the server answered \(http.statusCode)") }
        let type = (http.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
        guard type.hasPrefix("image/") else {
            return .failed("the server sent \(type.isEmpty ? "no content type" : "'\(type)'"), not a picture")
        }
        guard let data, !data.isEmpty else { return .failed("the server sent nothing") }
        guard data.count <= maximumBytes else {
            return .failed("it is \(data.count / 1_048_576) MB, over the \(maximumBytes / 1_048_576) MB an imported photo may have")
        }
        return .photo(data)
    }

    /// What the download's completion handler hands over, from its thread to the caller's.
    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?
        private var response: URLResponse?
        private var error: (any Error)?

        func set(data: Data?, response: URLResponse?, error: (any Error)?) {
            lock.withLock { (self.data, self.response, self.error) = (data, response, error) }
        }

        func get() -> (Data?, URLResponse?, (any Error)?) {
            lock.withLock { (data, response, error) }
        }
    }
}
