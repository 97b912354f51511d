import CCryptoShim
import Foundation

/// SHA-256 from OpenSSL's libcrypto (the EVP digest interface, which uses the processor's SHA
/// instructions where there are any), opened on first use (`CCryptoShim`). Names cache entries
/// and output files after what they contain, so a changed image gets a new URL, and checks every
/// published picture against its cache entry. Not copyable: it owns libcrypto's digest context
/// and frees it when it goes.
package struct ContentHash: ~Copyable {
    private let digest: OpaquePointer

    package init() {
        // libcrypto is a dependency of the package (as it was when linked), and allocation is all
        // that can fail once it is loaded: without either nothing else would run.
        if let problem = gg_crypto_load() { fatalError(String(cString: problem)) }
        guard let digest = gg_sha256_new() else { fatalError("libcrypto could not start a SHA-256 digest") }
        self.digest = digest
    }

    deinit {
        gg_sha256_free(digest)
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
        gg_sha256_update(digest, base, bytes.count)
    }

    /// The 64 lower-case hex digits of everything given to `update`.
    package consuming func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let length = Int(gg_sha256_final(self.digest, &digest))
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(length * 2)
        for byte in digest.prefix(length) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
