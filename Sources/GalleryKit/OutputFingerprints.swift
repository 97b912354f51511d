import Foundation
import GallerySupport

/// What each file gallerygen wrote was made from (`PageKind.fingerprint`,
/// `OutputFile.Contents.fingerprint`), kept in the marker itself after the file list as comment
/// lines (`#f FINGERPRINT PATH`), which readers of the list skip. In the marker, they go wherever
/// the list goes: any build that writes a new marker (even one by a gallerygen without
/// incremental builds) replaces them, so they never describe another build's files. A line names
/// the gallerygen binary that wrote them: another binary may render differently, so its
/// fingerprints are not trusted and the next build is a full one.
enum OutputFingerprints {
    static let header = "# fingerprints 1 binary "
    static let prefix = "#f "

    /// The running binary: its inode, size and modification time.
    static let binary: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 || stat(CommandLine.arguments.first ?? "", &info) == 0 else {
            return "unknown-" + UUID().uuidString
        }
        return "\(info.st_dev)-\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()

    /// The marker file at `path` as this process last saw it (inode, size, modification time),
    /// to tell whether fingerprints held in memory are still the marker's.
    static func identity(ofMarker path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev)-\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The lines to append to the marker, sorted by path.
    static func text(_ fingerprints: [String: Fingerprint]) -> String {
        var text = header + binary + "\n"
        text.reserveCapacity(fingerprints.count * 80)
        for (path, fingerprint) in fingerprints.sorted(by: { $0.key < $1.key }) {
            text += prefix + fingerprint.description + " " + path + "\n"
        }
        return text
    }

    /// The fingerprints the marker in `folder` records, or nil when it has none this binary trusts.
    static func read(in folder: URL) -> [String: Fingerprint]? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(OutputWriter.markerName).path) else { return nil }
        var fingerprints: [String: Fingerprint] = [:]
        var trusted = false
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("#") {
            if line.hasPrefix(prefix) {
                let rest = line.dropFirst(prefix.count)
                guard let space = rest.firstIndex(of: " "), let fingerprint = Fingerprint(rest[..<space]) else { return nil }
                fingerprints[String(rest[rest.index(after: space)...])] = fingerprint
            } else if line.hasPrefix(header) {
                trusted = line.dropFirst(header.count) == binary
            }
        }
        return trusted ? fingerprints : nil
    }
}
