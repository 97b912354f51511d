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

    /// A shard: term → `[count, [score, "documents", …], file?]`.
    package func shard(_ name: String) -> [String: [Any]]? {
        FileManager.default.contents(atPath: folder.appendingPathComponent("t/\(name).json").path)
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: [Any]] }
    }

    /// The documents a term's shard lists for it (its top postings), or nil for an unknown term.
    package func documents(_ term: String, shard name: String) -> [Int]? {
        guard let entry = shard(name)?[term], let groups = entry[1] as? [Any], let postings = Self.postings(groups) else { return nil }
        return stride(from: 0, to: postings.count, by: 2).map { postings[$0] }
    }

    /// Postings as the index writes them (`[score, "gaps", …]`, base-32 gaps whose digits of 32 and
    /// more have another after them; search.js's `pairs`), read back as `[document, score, …]` in
    /// their order; nil when they are not of that form.
    package static func postings(_ groups: [Any]) -> [Int]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        let digits = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })
        var pairs: [Int] = []
        for group in stride(from: 0, to: groups.count - 1, by: 2) {
            guard let score = groups[group] as? Int, let text = groups[group + 1] as? String else { return nil }
            var document = -1, value = 0
            for byte in text.utf8 {
                guard let digit = digits[byte] else { return nil }
                if digit < 32 {
                    document += value + digit + 1
                    pairs += [document, score]
                    value = 0
                } else {
                    value = (value + digit - 32) * 32
                }
            }
        }
        return groups.count % 2 == 0 ? pairs : nil
    }
}
