import Foundation

/// What a built site's search index holds, read back from its files (`search/` of a tree).
package struct SearchOutput {
    /// The manifest: `documents`, `group`, `top`, `shards`.
    package let manifest: [String: Any]
    /// Every record, in document order: `[title, address, thumbnail, tags, time]`.
    package let records: [[Any]]
    let folder: URL

    /// Reads the index of the tree at `tree` (`""`, `"fr/"`) in `output`; nil when there is none.
    package init?(output: URL, tree: String = "") {
        let folder = output.appendingPathComponent(tree + "search")
        self.folder = folder
        func json(_ path: String) -> Any? {
            FileManager.default.contents(atPath: folder.appendingPathComponent(path).path).flatMap { try? JSONSerialization.jsonObject(with: $0) }
        }
        guard let manifest = json("index.json") as? [String: Any], let documents = manifest["documents"] as? Int,
              let group = manifest["group"] as? Int else { return nil }
        self.manifest = manifest
        records = (0..<(documents + group - 1) / group).flatMap { json("r/\($0).json") as? [[Any]] ?? [] }
    }

    /// The records' titles and addresses.
    package var titles: [String] { records.compactMap { $0.first as? String } }
    package var urls: [String] { records.compactMap { $0.count > 1 ? $0[1] as? String : nil } }

    /// A shard: term → `[count, [document, score, …], file?]`.
    package func shard(_ name: String) -> [String: [Any]]? {
        FileManager.default.contents(atPath: folder.appendingPathComponent("t/\(name).json").path)
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: [Any]] }
    }

    /// The documents a term's shard lists for it (its top postings), or nil for an unknown term.
    package func documents(_ term: String, shard name: String) -> [Int]? {
        guard let entry = shard(name)?[term], let postings = entry[1] as? [Int] else { return nil }
        return stride(from: 0, to: postings.count, by: 2).map { postings[$0] }
    }
}
