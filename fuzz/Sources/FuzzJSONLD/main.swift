import FuzzHarness
import FuzzSupport

// Arbitrary bytes as a saved recipe page or JSON-LD file (FuzzHarness.jsonLD).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = FuzzHarness.jsonLD(inputData(start, count))
    return 0
}

runFuzzer(testOneInput)
