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
        // The delegate sees the answer as it streams in, and stops it at the cap (or at a
        // Content-Length over it) rather than after reading everything.
        let download = Download(maximumBytes: maximumBytes)
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        task.resume()
        if download.done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return .failed("no answer from \(url.host ?? address) within \(Int(timeout)) seconds")
        }
        let (data, response, error, refusal) = download.result
        if let refusal { return .failed(refusal) }
        if let error { return .failed("cannot download it: \(error.localizedDescription)") }
        guard let http = response as? HTTPURLResponse else { return .failed("cannot download it: no HTTP answer") }
        guard http.statusCode == 200 else { return .failed("the server answered \(http.statusCode)") }
        guard !data.isEmpty else { return .failed("the server sent nothing") }
        return .photo(data)
    }

    /// The one download's state, from URLSession's delegate queue to the caller's thread.
    private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let maximumBytes: Int
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var data = Data()
        private var response: URLResponse?
        private var error: (any Error)?
        /// Why the download was stopped early (over the cap, not a picture).
        private var refusal: String?

        init(maximumBytes: Int) {
            self.maximumBytes = maximumBytes
        }

        var result: (Data, URLResponse?, (any Error)?, String?) {
            lock.withLock { (data, response, error, refusal) }
        }

        private var capMessage: String { "it is over the \(maximumBytes / 1_048_576) MB an imported photo may have" }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            var refusal: String?
            if let http = response as? HTTPURLResponse, http.statusCode == 200 {
                let type = (http.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
                if !type.hasPrefix("image/") {
                    refusal = "the server sent \(type.isEmpty ? "no content type" : "'\(type)'"), not a picture"
                } else if http.expectedContentLength > Int64(maximumBytes) {
                    refusal = capMessage
                }
            }
            lock.withLock {
                self.response = response
                self.refusal = refusal
            }
            completionHandler(refusal == nil ? .allow : .cancel)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let over = lock.withLock { () -> Bool in
                guard refusal == nil else { return true }
                self.data.append(data)
                if self.data.count > maximumBytes {
                    refusal = capMessage
                    self.data = Data()
                    return true
                }
                return false
            }
            if over { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            lock.withLock { self.error = error }
            done.signal()
        }
    }
}
