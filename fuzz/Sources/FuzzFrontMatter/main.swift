import FuzzHarness
import FuzzSupport

// Arbitrary bytes as a recipe file (FuzzHarness.frontMatter).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = FuzzHarness.frontMatter(inputData(start, count))
    return 0
}

runFuzzer(testOneInput)
