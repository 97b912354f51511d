import Foundation
import GallerySupport

/// Looks through a binary property list (`bplist00`) before Foundation reads it, for what
/// Foundation cannot be trusted with:
/// - sets: on Linux, Foundation crashes handing a set (`NSSet`) over to Swift, whatever it holds
///   (found by the FuzzPlistImport fuzzer). A drink list never needs one.
/// - shared references that multiply: an object may be referred to from many places, and Swift's
///   arrays and dictionaries hold a copy at each, so 24 levels of arrays that each refer twice to
///   the next (223 bytes) expand to 2²⁵ objects and take minutes. The objects are counted as they
///   would expand (each shared object once per reference), without expanding anything.
enum BinaryPropertyListCheck {
    /// More objects than this, counted with every reference expanded, are refused. A drink list of
    /// 10,000 drinks with 20 fields each stays below a quarter of it.
    static let maximumExpandedObjects = 1_000_000

    enum Finding: Equatable {
        case set
        /// The objects reachable from the top one, every shared reference counted, exceed the limit.
        case expandsTooMuch
    }

    /// What makes `data` unsafe to hand to Foundation, or nil. Data too malformed to tell is left
    /// to Foundation, which rejects it.
    static func check(_ data: Data) -> Finding? {
        guard let table = ObjectTable(data) else { return nil }
        if table.containsSet { return .set }
        if table.expandedCount(limit: maximumExpandedObjects) > maximumExpandedObjects { return .expandsTooMuch }
        return nil
    }

    /// The object table of a binary property list: each object's offset, and how to read the
    /// references of arrays, sets and dictionaries.
    struct ObjectTable {
        let bytes: [UInt8]
        let offsets: [Int?]
        let referenceSize: Int
        let topObject: Int
        /// Where the object data ends (the offset table follows).
        let end: Int

        init?(_ data: Data) {
            let bytes = [UInt8](data)
            // Header (8 bytes) and trailer (32 bytes: 6 unused, offset size, reference size, object
            // count, top object, offset table position).
            guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return nil }
            let trailer = bytes.count - 32
            let offsetSize = Int(bytes[trailer + 6])
            let referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                  let objectCount = Self.integer(bytes, at: trailer + 8, size: 8),
                  let topObject = Self.integer(bytes, at: trailer + 16, size: 8),
                  let tableStart = Self.integer(bytes, at: trailer + 24, size: 8),
                  tableStart < UInt64(trailer),
                  objectCount <= (UInt64(trailer) - tableStart) / UInt64(offsetSize),
                  topObject < objectCount
            else { return nil }
            self.bytes = bytes
            self.referenceSize = referenceSize
            self.topObject = Int(topObject)
            self.end = Int(tableStart)
            offsets = (0..<Int(objectCount)).map { index in
                guard let offset = Self.integer(bytes, at: Int(tableStart) + index * offsetSize, size: offsetSize),
                      offset < tableStart else { return nil }
                return Int(offset)
            }
        }

        var containsSet: Bool {
            // An object's marker byte: the high four bits give its type, 0xC a set.
            offsets.contains { $0.map { bytes[$0] >> 4 == 0xC } ?? false }
        }

        /// The references an array, set or dictionary holds (a dictionary's keys, then its
        /// values); empty for other objects and for references that cannot be read.
        func references(of object: Int) -> [Int] {
            guard let offset = offsets[object] else { return [] }
            let marker = bytes[offset]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
            var count = Int(marker & 0x0F)
            var start = offset + 1
            if count == 0x0F {
                // The count follows as an integer object: marker 0x1n, then 2ⁿ bytes.
                guard start < end, bytes[start] >> 4 == 0x1 else { return [] }
                let size = 1 << Int(bytes[start] & 0x0F)
                guard size <= 8, let value = Self.integer(bytes, at: start + 1, size: size), value <= UInt64(end) else { return [] }
                count = Int(value)
                start += 1 + size
            }
            if kind == 0xD { count *= 2 }
            guard count <= (end - start) / referenceSize else { return [] }
            return (0..<count).compactMap { index in
                Self.integer(bytes, at: start + index * referenceSize, size: referenceSize)
                    .flatMap { $0 < UInt64(offsets.count) ? Int($0) : nil }
            }
        }

        /// How many objects the top object stands for once every reference is expanded, counting
        /// stopped just past `limit`. Each object is visited once (its count remembered), without
        /// recursion; a cycle, which Foundation refuses, counts its closing reference as one.
        func expandedCount(limit: Int) -> Int {
            var counts = [Int?](repeating: nil, count: offsets.count)
            var inProgress = [Bool](repeating: false, count: offsets.count)
            // Each entry: an object and whether its children have been pushed.
            var stack: [(object: Int, expanded: Bool)] = [(topObject, false)]
            while let (object, expanded) = stack.popLast() {
                if counts[object] != nil { continue }
                let children = references(of: object)
                if expanded {
                    var total = 1
                    for child in children {
                        total = min(limit + 1, total + (counts[child] ?? 1))
                    }
                    counts[object] = total
                    inProgress[object] = false
                } else {
                    inProgress[object] = true
                    stack.append((object, true))
                    for child in children where counts[child] == nil && !inProgress[child] {
                        stack.append((child, false))
                    }
                }
            }
            return counts[topObject] ?? 1
        }

        /// The big-endian unsigned integer of `size` bytes at `start`, or nil past the end.
        static func integer(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64? {
            guard start >= 0, size <= 8, start + size <= bytes.count else { return nil }
            return bytes[start..<start + size].reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}
