import Foundation
import GalleryContent
import GalleryPlan
import GallerySupport

extension ImagePipeline {
    /// Decodes every raster image of a failed reading that passed the header probe, in parallel,
    /// and reports the ones that are truncated or corrupt. Used only when loading already failed:
    /// the build stops before the image pipeline, and this way every bad image is still reported
    /// in the same run.
    package static func undecodableImages(in reading: ContentLoader.Reading, loader: ContentLoader) -> [Diagnostic] {
        let paths = reading.images.filter { $0.value.format != .svg }.keys.sorted()
        let problems = decodingProblems(paths, siteDirectory: loader.siteDirectory)
        var diagnostics: [Diagnostic] = []
        for use in reading.pictureUses {
            guard let message = problems[use.path] else { continue }
            diagnostics.append(.error("image '\(use.written)' \(message)", path: loader.displayPath(use.sourcePath),
                                      line: use.line, column: use.column))
        }
        return diagnostics
    }
}

extension ImagePipeline {
    /// A message per image (site-relative path) that cannot be decoded. Decodes at a small size:
    /// libjpeg's shrink-on-load still reads all the data, so truncation is found as cheaply as can be.
    static func decodingProblems(_ paths: [String], siteDirectory: URL) -> [String: String] {
        let results = ResultsByPosition<String>()
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let url = siteDirectory.appendingPathComponent(paths[index])
            guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else {
                results.set("cannot be read", at: index)
                return
            }
            do throws(Vips.Failure) {
                _ = try Vips.thumbnail(data, width: 64)
            } catch {
                results.set("cannot be decoded (truncated or corrupt?): \(error.message)", at: index)
            }
        }
        var problems: [String: String] = [:]
        for (path, message) in zip(paths, results.slots(paths.count)) {
            if let message { problems[path] = message }
        }
        return problems
    }
}
