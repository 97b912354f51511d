import Foundation
import GalleryContent
import GalleryPlan
import GallerySupport

/// Removes metadata chunks (EXIF, XMP, ICC) from a WebP file. libvips 8.14's WebP saver writes a
/// fresh EXIF chunk even when asked to strip, which would be most of a 20-pixel preview's bytes.
enum WebPMetadata {
    static func stripped(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) else { return data }
        var chunks: [(tag: String, payload: [UInt8])] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let tag = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            guard offset + 8 + size <= bytes.count else { return data }
            chunks.append((tag, Array(bytes[(offset + 8)..<(offset + 8 + size)])))
            offset += 8 + size + (size & 1)
        }
        chunks.removeAll { ["EXIF", "XMP ", "ICCP"].contains($0.tag) }
        if let index = chunks.firstIndex(where: { $0.tag == "VP8X" }), !chunks[index].payload.isEmpty {
            chunks[index].payload[0] &= ~(0x20 | 0x08 | 0x04)
            // Without alpha or animation the extended header says nothing: a simple file is smaller.
            if chunks[index].payload[0] & (0x10 | 0x02) == 0, chunks.contains(where: { $0.tag == "VP8 " }) {
                chunks.remove(at: index)
            }
        }
        var body = Array("WEBP".utf8)
        for chunk in chunks {
            body += Array(chunk.tag.utf8)
            body += (0..<4).map { UInt8(truncatingIfNeeded: chunk.payload.count >> (8 * $0)) }
            body += chunk.payload
            if chunk.payload.count & 1 == 1 { body.append(0) }
        }
        let size = (0..<4).map { UInt8(truncatingIfNeeded: body.count >> (8 * $0)) }
        return Data(Array("RIFF".utf8) + size + body)
    }
}
