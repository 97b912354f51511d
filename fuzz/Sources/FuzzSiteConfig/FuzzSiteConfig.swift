import Foundation
import GalleryKit

/// Arbitrary bytes as `site.yml`: decoded, then parsed into settings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSiteConfig(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    guard let text = try? SourceText.decode(data, path: "site.yml") else { return 0 }
    _ = SiteConfig.parse(text, displayPath: "site.yml")
    return 0
}
