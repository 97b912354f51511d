import FuzzHarness
import FuzzSupport

// Arbitrary bytes as Mustache templates (FuzzHarness.template), with a smaller work limit than the
// default 5,000,000 nodes: under AddressSanitizer the default takes longer than libFuzzer's
// 10-second timeout to trip, and what the fuzzer looks for is work that grows faster than the
// nodes counted, which a smaller limit shows as well.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = FuzzHarness.template(inputData(start, count), workLimit: 100_000)
    return 0
}

runFuzzer(testOneInput)
