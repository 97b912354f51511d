import Foundation
import FuzzSupport
import GalleryKit

// Arbitrary bytes as an SVG picture: parsed by libxml2 and sanitised as the image pipeline
// publishes it. The output must itself parse, sanitise to the same bytes (nothing left to remove)
// and hold no script element or `javascript:` URL.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = ImageProbe.probe(inputData(start, count))
    guard case .success(let output) = SVGSanitizer.sanitized(inputData(start, count)) else { return 0 }
    guard case .success(let again) = SVGSanitizer.sanitized(output) else { fatalError("sanitised output does not parse") }
    guard again == output else { fatalError("sanitising is not idempotent") }
    let text = String(decoding: output, as: UTF8.self).lowercased()
    guard !text.contains("<script"), !text.contains("javascript:"), !text.contains("foreignobject") else {
        fatalError("sanitised output still holds a script")
    }
    return 0
}

runFuzzer(testOneInput)
