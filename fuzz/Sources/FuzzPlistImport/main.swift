import FuzzSupport
import GalleryContent
import GalleryImages
import GallerySupport

// Arbitrary bytes as the seed app's `DrinkList.plist` (XML or binary), mapped to recipe files.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = PlistImport.recipes(from: inputData(start, count), displayPath: "DrinkList.plist")
    return 0
}

runFuzzer(testOneInput)
