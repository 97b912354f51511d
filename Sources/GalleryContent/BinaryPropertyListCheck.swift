import Foundation
import GallerySupport

/// Looks through a binary property list (`bplist00`) for sets before Foundation reads it: on Linux,
/// Foundation crashes handing a set (`NSSet`) over to Swift, whatever it holds (found by the
/// FuzzPlistImport fuzzer). A drink list never needs one, so the import refuses the file instead.
enum BinaryPropertyListCheck {
    /// Whether `data` is a binary property list whose object table holds a set. Data too malformed
    /// to tell is left to Foundation, which rejects it.
    static func containsSet(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        // Header (8 bytes) and trailer (32 bytes: 6 unused, offset size, reference size, object
        // count, top object, offset table position).
        guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return false }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize),
              let objectCount = integer(bytes, at: trailer + 8, size: 8),
              let tableStart = integer(bytes, at: trailer + 24, size: 8),
              tableStart < UInt64(trailer),
              objectCount <= (UInt64(trailer) - tableStart) / UInt64(offsetSize)
        else { return false }
        for index in 0..<Int(objectCount) {
            guard let offset = integer(bytes, at: Int(tableStart) + index * offsetSize, size: offsetSize),
                  offset < UInt64(trailer)
            else { continue }
            // An object's marker byte: the high four bits give its type, 0xC a set.
            if bytes[Int(offset)] >> 4 == 0xC { return true }
        }
        return false
    }

    /// The big-endian unsigned integer of `size` bytes at `start`, or nil past the end.
    private static func integer(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64? {
        guard start >= 0, start + size <= bytes.count else { return nil }
        return bytes[start..<start + size].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
