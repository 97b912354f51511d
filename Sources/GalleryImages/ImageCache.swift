import Foundation
import GalleryContent
import GalleryPlan
import GallerySupport

/// Finished images kept between builds in `<site>/.gallerygen-cache/images/`, one folder per key
/// (a hash of the source bytes and every setting that shapes the output), holding the files and
/// `image.json`. A folder appears only once complete (written aside, then renamed), so an
/// interrupted build never leaves an entry that looks finished.
struct ImageCache: Sendable {
    var directory: URL

    static let manifestName = "image.json"

    func entry(_ key: String) -> URL {
        directory.appendingPathComponent(key)
    }

    /// The cached image for `key`, if its folder is complete.
    func lookup(_ key: String) -> ProcessedImage? {
        let folder = entry(key)
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.manifestName).path),
              let image = try? JSONDecoder().decode(ProcessedImage.self, from: data) else { return nil }
        let complete = image.paths.allSatisfy {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(($0 as NSString).lastPathComponent).path)
        }
        return complete ? image : nil
    }

    /// Stores an image's files and manifest under `key`.
    func store(_ key: String, image: ProcessedImage, files: [String: Data]) throws {
        let fileManager = FileManager.default
        let final = entry(key)
        let temporary = directory.appendingPathComponent(".\(key).partial-\(ProcessInfo.processInfo.processIdentifier)")
        try? fileManager.removeItem(at: temporary)
        try fileManager.createDirectory(at: temporary, withIntermediateDirectories: true)
        do {
            for (name, data) in files.sorted(by: { $0.key < $1.key }) {
                try data.write(to: temporary.appendingPathComponent(name))
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(image).write(to: temporary.appendingPathComponent(Self.manifestName))
            try? fileManager.removeItem(at: final)
            try fileManager.moveItem(at: temporary, to: final)
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw error
        }
    }

    /// Removes entries not in `keys` (and leftovers of interrupted builds). Only names the cache
    /// itself makes are touched.
    func prune(keeping keys: Set<String>) {
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? [] {
            let isEntry = name.count == 64 && name.allSatisfy(\.isHexDigit)
            let isPartial = name.hasPrefix(".") && name.contains(".partial-")
            guard (isEntry && !keys.contains(name)) || isPartial else { continue }
            try? fileManager.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
