import FuzzHarness
import FuzzSupport

// Arbitrary bytes as an SVG to publish; a broken promise of the sanitiser is a crash for libFuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    if let broken = FuzzHarness.svgSanitizer(inputData(start, count)).broken { fatalError(broken) }
    return 0
}

runFuzzer(testOneInput)
