import Foundation

extension String {
    /// `trimmingCharacters(in: .whitespaces)`, with the same result. Front matter values almost
    /// always end in ASCII other than spaces: ASCII spaces and tabs are then cut from the bytes
    /// and Foundation's Unicode trimming (an `NSString` per call) is left for the rest.
    package func trimmingSpaces() -> String {
        Substring(self).asciiTrimmed(newlines: false, whole: self) ?? trimmingCharacters(in: .whitespaces)
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, with the same result (see `trimmingSpaces`).
    package func trimmingSpacesAndNewlines() -> String {
        Substring(self).asciiTrimmed(newlines: true, whole: self) ?? trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension Substring {
    /// `trimmingCharacters(in: .whitespaces)`, with the same result (see `String.trimmingSpaces`).
    package func trimmingSpaces() -> String {
        asciiTrimmed(newlines: false, whole: nil) ?? trimmingCharacters(in: .whitespaces)
    }

    /// The text without the ASCII spaces and tabs (and with `newlines` the ASCII line breaks) at
    /// its ends, when what is left begins and ends with visible ASCII, or is empty; nil when
    /// Foundation must decide (a non-ASCII or control character at an end). `whole` is the
    /// string itself, handed back when nothing is cut.
    fileprivate func asciiTrimmed(newlines: Bool, whole: String?) -> String? {
        let bytes = utf8
        func isCut(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || (newlines && (0x0A...0x0D).contains(byte))
        }
        func isKept(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isCut(bytes[start]) { start = bytes.index(after: start) }
        while start < end, isCut(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        if start == end { return "" }
        guard isKept(bytes[start]), isKept(bytes[bytes.index(before: end)]) else { return nil }
        if let whole, start == bytes.startIndex, end == bytes.endIndex { return whole }
        return String(self[start..<end])
    }
}
