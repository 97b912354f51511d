import CArchiveShim
import Foundation

/// ZIP archives and gzip streams through libarchive, held in memory: the exports of recipe
/// managers (Paprika: a ZIP of gzip'd JSON). This file owns every libarchive pointer. Every read
/// is bounded, so an archive bomb (a few kilobytes that expand to gigabytes) is refused.
/// libarchive is opened on the first archive read (`CArchiveShim`), not linked into every run.
package enum ArchiveReader {
    package struct Failure: Error, Sendable {
        package var message: String
    }

    /// One file of an archive.
    package struct Entry: Sendable {
        package var name: String
        package var data: Data
    }

    /// The most an archive may expand to, all entries together.
    package static let maximumTotalBytes = 2 * 1024 * 1024 * 1024
    /// The most one entry may expand to.
    package static let maximumEntryBytes = 256 * 1024 * 1024
    /// The most entries an archive may hold.
    package static let maximumEntries = 200_000

    /// The regular files of a ZIP archive, in archive order (folders and links left out); with
    /// `keep`, only the files it names are unpacked (a backup's thumbnails are skipped unread).
    package static func zipEntries(_ data: Data, keep: (String) -> Bool = { _ in true }) throws(Failure) -> [Entry] {
        try read(data, configure: { archive in
            gg_archive_read_support_format_zip(archive)
        }, allEntries: true, keep: keep)
    }

    /// The bytes a gzip stream holds.
    package static func gunzip(_ data: Data) throws(Failure) -> Data {
        let entries = try read(data, configure: { archive in
            gg_archive_read_support_filter_gzip(archive)
            gg_archive_read_support_format_raw(archive)
        }, allEntries: false, keep: { _ in true })
        return entries.first?.data ?? Data()
    }

    /// Whether `data` starts as a ZIP archive does (a local file header, or an empty archive's end record).
    package static func isZip(_ data: Data) -> Bool {
        data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// Whether `data` starts as a gzip stream does.
    package static func isGzip(_ data: Data) -> Bool {
        data.starts(with: [0x1F, 0x8B])
    }

    private static func read(_ data: Data, configure: (OpaquePointer) -> Void, allEntries: Bool,
                             keep: (String) -> Bool) throws(Failure) -> [Entry] {
        if let problem = gg_archive_load() { throw Failure(message: String(cString: problem)) }
        guard let archive = gg_archive_read_new() else { throw Failure(message: "libarchive could not start") }
        defer { gg_archive_read_free(archive) }
        configure(archive)
        let result = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Result<[Entry], Failure> in
            Result { () throws(Failure) -> [Entry] in try entries(of: archive, buffer: buffer, allEntries: allEntries, keep: keep) }
        }
        return try result.get()
    }

    private static func entries(of archive: OpaquePointer, buffer: UnsafeRawBufferPointer, allEntries: Bool,
                                keep: (String) -> Bool) throws(Failure) -> [Entry] {
        guard gg_archive_read_open_memory(archive, buffer.baseAddress, buffer.count) == ARCHIVE_OK else {
            throw Failure(message: message(of: archive))
        }
        var entries: [Entry] = []
        var total = 0
        var header: OpaquePointer?
        while true {
            let status = gg_archive_read_next_header(archive, &header)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let header else { throw Failure(message: message(of: archive)) }
            guard entries.count < maximumEntries else { throw Failure(message: "the archive holds more than \(maximumEntries) files") }
            let name = gg_archive_entry_pathname_utf8(header).map { String(cString: $0) }
                ?? gg_archive_entry_pathname(header).map { String(cString: $0) } ?? ""
            // AE_IFREG is a macro Swift cannot see; it is the POSIX regular-file mode.
            let isFile = gg_archive_entry_filetype(header) == 0o100000 || !allEntries
            guard isFile, keep(name) else {
                gg_archive_read_data_skip(archive)
                continue
            }
            var bytes = Data()
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { gg_archive_read_data(archive, $0.baseAddress, $0.count) }
                if count == 0 { break }
                guard count > 0 else { throw Failure(message: "\(name.isEmpty ? "the data" : name): \(message(of: archive))") }
                bytes.append(contentsOf: chunk[0..<count])
                total += count
                guard bytes.count <= maximumEntryBytes else {
                    throw Failure(message: "\(name.isEmpty ? "the stream" : name) expands to more than \(maximumEntryBytes / 1_048_576) MB")
                }
                guard total <= maximumTotalBytes else {
                    throw Failure(message: "the archive expands to more than \(maximumTotalBytes / 1_073_741_824) GB")
                }
            }
            entries.append(Entry(name: name, data: bytes))
            if !allEntries { break }
        }
        return entries
    }

    private static func message(of archive: OpaquePointer) -> String {
        gg_archive_error_string(archive).map { String(cString: $0) } ?? "not a readable archive"
    }
}
