import Foundation

/// One `Range: bytes=…` request (RFC 9110 §14), resolved against a representation's length: what
/// a video player or a resumed download asks for. Several ranges in one request are answered
/// with the whole body, which the RFC allows.
package struct ByteRange: Sendable, Hashable {
    /// The first and last byte, both included.
    package var first: Int
    package var last: Int

    package var count: Int { last - first + 1 }

    /// What a `Range` header asks of a body of `length` bytes.
    package enum Resolution: Sendable, Hashable {
        /// Answer the whole body with 200: no range, several ranges, or a header this server does not understand.
        case whole
        /// Answer these bytes with 206.
        case part(ByteRange)
        /// Answer 416: no byte of the range lies within the body.
        case unsatisfiable
    }

    package static func resolve(_ header: String?, length: Int) -> Resolution {
        guard let header else { return .whole }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = trimmed.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let start = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let end = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        guard start.allSatisfy(\.isASCIIDigit), end.allSatisfy(\.isASCIIDigit), !(start.isEmpty && end.isEmpty) else { return .whole }
        if start.isEmpty { // the last N bytes
            guard let suffix = Int(end), suffix > 0, length > 0 else { return .unsatisfiable }
            return .part(ByteRange(first: max(0, length - suffix), last: length - 1))
        }
        guard let first = Int(start) else { return .unsatisfiable }
        guard first < length else { return .unsatisfiable }
        let last = end.isEmpty ? length - 1 : min(Int(end) ?? Int.max, length - 1)
        guard last >= first else { return .whole } // an invalid range is ignored
        return .part(ByteRange(first: first, last: last))
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
