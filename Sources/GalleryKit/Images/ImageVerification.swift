import Foundation

extension ContentLoader {
    /// Decodes every raster image that passed the header probe, in parallel, and reports the ones
    /// that are truncated or corrupt. Used only when loading already failed: the build stops before
    /// the image pipeline, and this way every bad image is still reported in the same run.
    func reportUndecodableImages(_ recipes: [Recipe], _ images: [String: ImageInfo], _ log: inout DiagnosticLog) {
        let paths = images.filter { $0.value.format != .svg }.keys.sorted()
        let problems = ImagePipeline.decodingProblems(paths, siteDirectory: siteDirectory)
        for recipe in recipes {
            guard case .local(let path)? = recipe.image, let message = problems[path] else { continue }
            log.append(.error("image '\(path)' \(message)", path: displayPath(recipe.sourcePath), line: recipe.line(of: "image"), column: 1))
        }
    }
}

extension ImagePipeline {
    /// A message per image (site-relative path) that cannot be decoded. Decodes at a small size:
    /// libjpeg's shrink-on-load still reads all the data, so truncation is found as cheaply as can be.
    static func decodingProblems(_ paths: [String], siteDirectory: URL) -> [String: String] {
        let results = LockedResults(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let url = siteDirectory.appendingPathComponent(paths[index])
            guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else {
                results.set(index, "cannot be read")
                return
            }
            do throws(Vips.Failure) {
                _ = try Vips.thumbnail(data, width: 64)
            } catch {
                results.set(index, "cannot be decoded (truncated or corrupt?): \(error.message)")
            }
        }
        var problems: [String: String] = [:]
        for (path, message) in zip(paths, results.values) {
            if let message { problems[path] = message }
        }
        return problems
    }
}

/// Messages written by parallel workers, one slot each.
private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [String?]

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ message: String) {
        lock.lock()
        values[index] = message
        lock.unlock()
    }
}
