import FuzzHarness
import FuzzSupport

// Arbitrary bytes as the seed app's drink list (FuzzHarness.plistImport).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = FuzzHarness.plistImport(inputData(start, count))
    return 0
}

runFuzzer(testOneInput)
