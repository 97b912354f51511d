import Foundation
import GallerySupport

/// Decodes a content file's bytes as UTF-8 text, refusing binary data and invalid encodings with
/// the line and column of the first bad byte, so a stray image or Latin-1 file gets a clear error.
package enum SourceText {
    package static func decode(_ data: Data, path: String) throws(Diagnostic) -> String {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
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
                throw .error("binary data (a NUL byte) in a text file", path: path, line: line, column: column)
            }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                throw .error("the file is not valid UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true)))",
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
        // Windows line endings become "\n" so positions and output do not depend on the editor.
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(0x0D) ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
    }

    /// Length of the well-formed UTF-8 sequence starting at `index`, or 0 when it is ill-formed.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
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
