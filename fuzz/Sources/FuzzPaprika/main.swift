import FuzzHarness
import FuzzSupport

// Arbitrary bytes as a Paprika export (FuzzHarness.paprika).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = FuzzHarness.paprika(inputData(start, count))
    return 0
}

runFuzzer(testOneInput)
