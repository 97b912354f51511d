import Foundation
import GallerySupport

/// `.gallerygen-fingerprints`, beside the marker: what each file gallerygen wrote was made from
/// (`PageKind.fingerprint`, `OutputFile.Contents.fingerprint`), one `FINGERPRINT PATH` per line,
/// for the next incremental build to tell which files to make again. Its header names the
/// gallerygen binary that wrote it and the marker written with it: a file left by another
/// binary, or beside a marker another build wrote, is ignored and the next build is a full one.
enum OutputFingerprints {
    static let fileName = ".gallerygen-fingerprints"
    static let header = "# gallerygen fingerprints 1"

    /// The running binary: its inode, size and modification time. A rebuilt gallerygen renders
    /// differently without anything in the site changing, so its fingerprints are not trusted.
    static let binary: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 || stat(CommandLine.arguments.first ?? "", &info) == 0 else {
            return "unknown-" + UUID().uuidString
        }
        return "\(info.st_dev)-\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()

    /// The marker at `path` as the header records it (inode, size, modification time).
    static func identity(ofMarker path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    static func text(_ fingerprints: [String: Fingerprint], marker: String) -> Data {
        var text = "\(header) binary \(binary) marker \(marker)\n"
        text.reserveCapacity(fingerprints.count * 80)
        for (path, fingerprint) in fingerprints.sorted(by: { $0.key < $1.key }) {
            text += fingerprint.description + " " + path + "\n"
        }
        return Data(text.utf8)
    }

    /// The fingerprints recorded in `folder`, or nil when there are none this binary can trust.
    static func read(in folder: URL) -> [String: Fingerprint]? {
        guard let marker = identity(ofMarker: folder.appendingPathComponent(OutputWriter.markerName).path),
              let data = FileManager.default.contents(atPath: folder.appendingPathComponent(fileName).path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), first == "\(header) binary \(binary) marker \(marker)" else { return nil }
        var fingerprints: [String: Fingerprint] = [:]
        fingerprints.reserveCapacity(lines.count)
        for line in lines {
            guard let space = line.firstIndex(of: " "), let fingerprint = Fingerprint(line[..<space]) else { return nil }
            fingerprints[String(line[line.index(after: space)...])] = fingerprint
        }
        return fingerprints
    }
}
