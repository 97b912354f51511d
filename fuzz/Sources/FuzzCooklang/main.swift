import FuzzHarness
import FuzzSupport

// Arbitrary bytes as a Cooklang .cook file (FuzzHarness.cooklang).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = FuzzHarness.cooklang(inputData(start, count))
    return 0
}

runFuzzer(testOneInput)
