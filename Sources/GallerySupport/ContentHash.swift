import CCrypto
import Foundation

/// SHA-256 from OpenSSL's libcrypto (the EVP digest interface, which uses the processor's SHA
/// instructions where there are any). Names cache entries and output files after what they
/// contain, so a changed image gets a new URL, and checks every published picture against its
/// cache entry. Not copyable: it owns libcrypto's digest context and frees it when it goes.
package struct ContentHash: ~Copyable {
    private let context: OpaquePointer

    package init() {
        // Allocation is all that can fail here; without memory nothing else would run either.
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto could not start a SHA-256 digest")
        }
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// The hex digest of `data`.
    package static func hex(_ data: Data) -> String {
        var hash = ContentHash()
        hash.update(data)
        return hash.finalize()
    }

    package static func hex(_ text: String) -> String {
        var hash = ContentHash()
        var text = text
        text.withUTF8 { hash.update(UnsafeRawBufferPointer($0)) }
        return hash.finalize()
    }

    package mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// The 64 lower-case hex digits of everything given to `update`.
    package consuming func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
