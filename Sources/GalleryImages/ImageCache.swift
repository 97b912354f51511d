import Foundation
import GalleryContent
import GalleryPlan
import GallerySupport

/// Finished images kept between builds in `<site>/.gallerygen-cache/images/`, one folder per key
/// (a hash of the source bytes and every setting that shapes the output), holding the files and
/// `image.json`, and `checksums` (each file's size and SHA-256, checked before reuse). A folder appears only once complete (written aside, then renamed), so an
/// interrupted build never leaves an entry that looks finished.
struct ImageCache: Sendable {
    var directory: URL

    static let manifestName = "image.json"

    func entry(_ key: String) -> URL {
        directory.appendingPathComponent(key)
    }

    /// What a lookup found.
    enum Lookup: Sendable, Equatable {
        case hit(ProcessedImage)
        case miss
        /// The entry is complete but a file no longer has the size or hash recorded when it was
        /// written (edited, truncated, a disk fault): the image must be made again.
        case damaged(String)
    }

    /// The cached image for `key`, once every file is checked against the size and SHA-256
    /// recorded in `checksums` when the entry was written.
    func lookup(_ key: String) -> Lookup {
        let folder = entry(key)
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.manifestName).path),
              let image = try? JSONDecoder().decode(ProcessedImage.self, from: data) else { return .miss }
        guard let recorded = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.checksumsName).path)
            .flatMap({ Self.checksums(String(decoding: $0, as: UTF8.self)) }) else { return .damaged("its checksum list is missing or unreadable") }
        for name in image.paths.map({ ($0 as NSString).lastPathComponent }) {
            guard let expected = recorded[name] else { return .damaged("\(name) has no checksum") }
            guard let bytes = try? Data(contentsOf: folder.appendingPathComponent(name), options: .mappedIfSafe) else {
                return .damaged("\(name) is missing")
            }
            guard bytes.count == expected.size, ContentHash.hex(bytes) == expected.hash else {
                return .damaged("\(name) changed since it was made (\(bytes.count) bytes, \(expected.size) expected)")
            }
        }
        return .hit(image)
    }

    /// Beside `image.json`: one line per file, `sha256 size name`.
    static let checksumsName = "checksums"

    static func checksums(_ text: String) -> [String: (size: Int, hash: String)]? {
        var result: [String: (size: Int, hash: String)] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, let size = Int(fields[1]) else { return nil }
            result[String(fields[2])] = (size, String(fields[0]))
        }
        return result
    }

    /// Stores an image's files and manifest under `key`.
    func store(_ key: String, image: ProcessedImage, files: [String: Data]) throws {
        let fileManager = FileManager.default
        let final = entry(key)
        let temporary = directory.appendingPathComponent(".\(key).partial-\(ProcessInfo.processInfo.processIdentifier)")
        try? fileManager.removeItem(at: temporary)
        try fileManager.createDirectory(at: temporary, withIntermediateDirectories: true)
        do {
            var checksums = ""
            for (name, data) in files.sorted(by: { $0.key < $1.key }) {
                try data.write(to: temporary.appendingPathComponent(name))
                checksums += "\(ContentHash.hex(data)) \(data.count) \(name)\n"
            }
            try Data(checksums.utf8).write(to: temporary.appendingPathComponent(Self.checksumsName))
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
