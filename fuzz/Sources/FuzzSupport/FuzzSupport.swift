import CLibFuzzer
import Foundation

/// Hands the process to libFuzzer with `testOneInput` as the target. SwiftPM gives every executable
/// its own `main`, which hides the one libFuzzer ships, so each fuzzer's `main.swift` calls the
/// driver itself (and still exports `LLVMFuzzerTestOneInput`, which libFuzzer's `main` needs
/// whenever a linker pulls it in). Never returns.
public func runFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}

/// The fuzzer's input as `Data` (libFuzzer may pass a null pointer for the empty input).
public func inputData(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Data {
    start.map { Data(bytes: $0, count: count) } ?? Data()
}
