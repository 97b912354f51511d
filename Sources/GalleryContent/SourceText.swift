import Foundation
import GallerySupport

/// Decodes a content file's bytes as UTF-8 text, refusing binary data and invalid encodings with
/// the line and column of the first bad byte, so a stray image or Latin-1 file gets a clear error.
package enum SourceText {
    package static func decode(_ data: Data, path: String) throws(Diagnostic) -> String {
        let decoded = data.withUnsafeBytes { raw -> String? in
            let file = raw.bindMemory(to: UInt8.self)
            let bytes = file.starts(with: [0xEF, 0xBB, 0xBF]) ? UnsafeBufferPointer(rebasing: file[3...]) : file
            guard isWellFormed(bytes) else { return nil }
            let text = String(decoding: bytes, as: UTF8.self)
            // Windows line endings become "\n" so positions and output do not depend on the editor.
            guard let base = bytes.baseAddress, memchr(base, 0x0D, bytes.count) != nil else { return text }
            return text.replacingOccurrences(of: "\r\n", with: "\n")
        }
        if let decoded { return decoded }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        throw firstProblem(in: bytes, path: path)
    }

    /// Whether `bytes` are UTF-8 without a NUL: runs of ASCII are skipped eight bytes at a time.
    private static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // No byte with its high bit set, and no zero byte (the classic "has a zero byte" test).
                let hasZero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if word & 0x8080_8080_8080_8080 == 0, hasZero == 0 {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte > 0, byte < 0x80 {
                index += 1
                continue
            }
            guard byte != 0 else { return false }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else { return false }
            index += length
        }
        return true
    }

    /// The error at the first NUL or ill-formed sequence of `bytes`, with its line and column.
    private static func firstProblem(in bytes: [UInt8], path: String) -> Diagnostic {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // ASCII, most of any text: one byte, one column.
            if byte > 0, byte < 0x80, byte != 0x0A {
                column += 1
                index += 1
                continue
            }
            if byte == 0 {
                return .error("binary data (a NUL byte) in a text file", path: path, line: line, column: column)
            }
            let length = bytes.withUnsafeBufferPointer { sequenceLength($0, at: index) }
            guard length > 0 else {
                return .error("the file is not valid UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true)))",
                              path: path, line: line, column: column)
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return .error("the file is not valid UTF-8 text", path: path, line: line, column: column)
    }

    /// Length of the well-formed UTF-8 sequence starting at `index`, or 0 when it is ill-formed.
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            let (low, high) = offset == 1 ? (lower, upper) : (0x80, 0xBF)
            guard byte >= low && byte <= high else { return 0 }
        }
        return length
    }
}
