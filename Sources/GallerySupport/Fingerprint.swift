import Foundation

/// 128 bits naming what an output file is made from, so an incremental build can tell which files
/// to make again without making them. Not cryptographic (`ContentHash` is, for published names):
/// it only has to notice edits, and at 10,000 recipes it is computed for every file on every save.
package struct Fingerprint: Sendable, Hashable, CustomStringConvertible {
    package var high: UInt64
    package var low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 lower-case hex digits.
    package var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }

    /// The fingerprint `description` wrote, or nil.
    package init?(_ text: Substring) {
        guard text.count == 32, let high = UInt64(text.prefix(16), radix: 16), let low = UInt64(text.suffix(16), radix: 16) else { return nil }
        self.init(high: high, low: low)
    }
}

/// Folds values into a `Fingerprint`, in order. Two lanes of multiply-rotate mixing over 8-byte
/// words, each value preceded by its length so that ("ab", "c") and ("a", "bc") differ.
package struct FingerprintHasher: Sendable {
    private var a: UInt64 = 0x243f_6a88_85a3_08d3
    private var b: UInt64 = 0x1319_8a2e_0370_7344

    package init() {}

    package init(_ tag: String) {
        combine(tag)
    }

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        a = ((a ^ word) &* 0x9e37_79b9_7f4a_7c15).rotatedLeft(31)
        b = ((b &+ word) &* 0xc2b2_ae3d_27d4_eb4f).rotatedLeft(29) ^ a
    }

    package mutating func combine(_ value: Int) {
        mix(UInt64(bitPattern: Int64(value)))
    }

    package mutating func combine(_ value: UInt64) {
        mix(value)
    }

    package mutating func combine(_ value: Bool) {
        mix(value ? 0x5bd1_e995 : 0x1b87_3593)
    }

    package mutating func combine(_ value: Double) {
        mix(value.bitPattern)
    }

    package mutating func combine(_ fingerprint: Fingerprint) {
        mix(fingerprint.high)
        mix(fingerprint.low)
    }

    package mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    package mutating func combine(_ text: String?) {
        if let text { combine(true); combine(text) } else { combine(false) }
    }

    package mutating func combine(_ data: Data) {
        data.withUnsafeBytes { combine(bytes: $0) }
    }

    package mutating func combine(bytes: UnsafeRawBufferPointer) {
        mix(UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
            mix(tail)
        }
    }

    /// Every stored property of `value`, walked through `Mirror`: a new field of a recipe or of
    /// site.yml's configuration is part of the fingerprint without anyone listing it.
    /// Dictionaries and sets are folded in an order of their own, never their storage order.
    package mutating func combine(reflecting value: Any) {
        switch value {
        case let text as String: combine(0x53); combine(text)
        case let number as Int: combine(0x49); combine(number)
        case let flag as Bool: combine(0x42); combine(flag)
        case let number as Double: combine(0x44); combine(number)
        case let number as UInt64: combine(0x55); combine(number)
        case let number as UInt32: combine(0x56); combine(UInt64(number))
        case let number as UInt16: combine(0x57); combine(UInt64(number))
        case let number as UInt8: combine(0x59); combine(UInt64(number))
        case let number as Int32: combine(0x5a); combine(Int(number))
        case let url as URL: combine(0x4c); combine(url.absoluteString)
        case let data as Data: combine(0x58); combine(data)
        case let date as Date: combine(0x54); combine(date.timeIntervalSince1970)
        default:
            let mirror = Mirror(reflecting: value)
            combine(String(describing: mirror.subjectType))
            switch mirror.displayStyle {
            case .dictionary?, .set?:
                let members = mirror.children.map { child -> Fingerprint in
                    var member = FingerprintHasher()
                    member.combine(reflecting: child.value)
                    return member.finalize()
                }
                combine(members.count)
                for member in members.sorted(by: { ($0.high, $0.low) < ($1.high, $1.low) }) { combine(member) }
            case .enum?:
                if mirror.children.isEmpty { combine(String(describing: value)) }
                fallthrough
            default:
                var current: Mirror? = mirror
                var count = 0
                while let level = current {
                    for child in level.children {
                        combine(child.label ?? "")
                        combine(reflecting: child.value)
                        count += 1
                    }
                    current = level.superclassMirror
                }
                // A value with no stored parts of its own (a number type not listed above).
                if count == 0, mirror.displayStyle != .enum, mirror.displayStyle != .optional { combine(String(describing: value)) }
                combine(count)
            }
        }
    }

    package func finalize() -> Fingerprint {
        var (x, y) = (a, b)
        for _ in 0..<2 {
            x ^= y.rotatedLeft(17)
            x = (x ^ (x >> 33)) &* 0xff51_afd7_ed55_8ccd
            y ^= x.rotatedLeft(41)
            y = (y ^ (y >> 29)) &* 0xc4ce_b9fe_1a85_ec53
        }
        return Fingerprint(high: x ^ (x >> 32), low: y ^ (y >> 31))
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
        self << count | self >> (64 - count)
    }
}

extension Fingerprint {
    /// The fingerprint of `text` alone: a set of these stands in for a large set of paths (the
    /// output's files and folders at 100,000 recipes), at 16 bytes each.
    package init(of text: some StringProtocol) {
        var hasher = FingerprintHasher()
        hasher.combine(String(text))
        self = hasher.finalize()
    }
}
