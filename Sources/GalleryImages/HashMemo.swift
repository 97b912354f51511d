import Foundation
import GalleryContent
import GalleryPlan
import GallerySupport

/// Content hashes remembered by file identity (size, modification time, inode), in the cache's
/// `hashes.json`: a warm build then reads none of its photos. Cache keys stay content hashes; the
/// memo only saves recomputing one for a file that has not been touched (as make and git do).
struct HashMemo: Codable, Sendable, Equatable {
    struct Entry: Codable, Sendable, Equatable {
        var size: Int64
        var modified: Double
        var inode: UInt64
        var hash: String

        func matches(_ identity: (size: Int64, modified: Double, inode: UInt64)) -> Bool {
            size == identity.size && modified == identity.modified && inode == identity.inode
        }
    }

    /// By site-relative source path.
    var entries: [String: Entry] = [:]

    static let fileName = "hashes.json"

    static func identity(of url: URL) -> (size: Int64, modified: Double, inode: UInt64)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = (attributes[.size] as? NSNumber)?.int64Value,
              let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970,
              let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value else { return nil }
        return (size, modified, inode)
    }

    static func load(from directory: URL) -> HashMemo {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(fileName).path),
              let memo = try? JSONDecoder().decode(HashMemo.self, from: data) else { return HashMemo() }
        return memo
    }

    /// Writes the memo beside the cache entries (aside, then renamed); failures only cost speed.
    func save(to directory: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(Self.fileName).partial-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try data.write(to: temporary)
            // rename(2) replaces the old memo in one step.
            guard rename(temporary.path, directory.appendingPathComponent(Self.fileName).path) == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }
}
