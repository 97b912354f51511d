import Foundation
import GalleryKit

/// Arbitrary bytes as the seed app's `DrinkList.plist` (XML or binary), mapped to recipe files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistImport(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    _ = PlistImport.recipes(from: data, displayPath: "DrinkList.plist")
    return 0
}
