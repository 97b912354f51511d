import FuzzHarness
import FuzzSupport

// Arbitrary bytes as site.yml; valid settings make and prepare the engines (FuzzHarness.siteConfig).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = FuzzHarness.siteConfig(inputData(start, count))
    return 0
}

runFuzzer(testOneInput)
