import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryImages
@testable import GallerySupport

/// The image cache reuses an entry while `ImageEncoding.fingerprint` is unchanged, so whatever
/// changes the processed bytes must change `ImageEncoding.version`. This test processes a fixed
/// picture with the default encoding and pins the hash of everything it made next to the version:
/// a change to the processing (or to Debian's libvips, libjpeg or libwebp) fails it until the
/// version is bumped and the new hash pinned here.
@Suite struct ImageCacheVersionTests {
    /// Hash of the fixed picture's processed files and metadata, by `ImageEncoding.version`.
    static let pinned: [Int: String] = [
        // 5: crops resampled with our own filter (4 had libvips' and was not bumped when that changed).
        5: "aef50d2ce32df75d6d5c5139f60412db738d4e69c0635e9d4aebf0f061e0e3c1",
    ]

    @Test func processingOutputIsPinnedToTheCacheVersion() throws {
        let data = try ImageFixture.jpeg(width: 240, height: 180)
        guard case .success(let info) = ImageProbe.probe(data) else { Issue.record("probe failed"); return }
        let (image, files) = try ImageProcessor(encoding: ImageEncoding()).process(data, info: info, widths: [120, 240], baseName: "pin")
        var hash = ContentHash()
        for name in files.keys.sorted() {
            hash.update(Data("\(name) \(files[name]!.count)\n".utf8))
            hash.update(files[name]!)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        hash.update(try encoder.encode(image))
        let digest = hash.finalize()
        #expect(Self.pinned[ImageEncoding.version] == digest, """
            the image processing now makes other bytes (\(digest)) than version \(ImageEncoding.version) \
            did: bump ImageEncoding.version, so caches made before are not reused, and pin the new hash
            """)
    }
}
