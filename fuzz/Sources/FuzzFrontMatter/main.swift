import FuzzSupport
import GalleryContent
import GalleryImages
import GallerySupport

// Arbitrary bytes as a recipe file: decoded the way the content loader decodes it, then parsed.
// Any outcome is fine except a trap, a hang or a sanitizer report.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = inputData(start, count)
    guard let text = try? SourceText.decode(data, path: "recipes/fuzz.md") else { return 0 }
    _ = RecipeParser.parse(text, sourcePath: "recipes/fuzz.md", displayPath: "recipes/fuzz.md")
    return 0
}

runFuzzer(testOneInput)
