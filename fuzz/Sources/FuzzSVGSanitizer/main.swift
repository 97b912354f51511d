import Foundation
import FuzzSupport
import GalleryContent
import GalleryImages
import GallerySupport

// Arbitrary bytes as an SVG picture: parsed by libxml2 and sanitised as the image pipeline
// publishes it. The output must itself parse, sanitise to the same bytes (nothing left to remove)
// and hold no script element or `javascript:` URL.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = ImageProbe.probe(inputData(start, count))
    guard case .success(let output) = SVGSanitizer.sanitized(inputData(start, count)) else { return 0 }
    guard case .success(let again) = SVGSanitizer.sanitized(output) else { fatalError("sanitised output does not parse") }
    guard again == output else { fatalError("sanitising is not idempotent") }
    // Markup only: text content may say anything (it is escaped). `<` and `>` are escaped
    // everywhere but in tags, so the tags are what lies between them.
    let text = String(decoding: output, as: UTF8.self).lowercased()
    let tags = text.split(separator: "<").map { $0.prefix { $0 != ">" } }
    for tag in tags {
        let compact = tag.replacingOccurrences(of: "&#9;", with: "").replacingOccurrences(of: "&#10;", with: "")
            .replacingOccurrences(of: "&#13;", with: "").filter { !$0.isWhitespace }
        if compact.hasPrefix("script") || compact.hasPrefix("foreignobject") || compact.contains("javascript:") {
            fatalError("sanitised output still holds a script: <\(tag)>")
        }
        // A value holds no raw `"`, so `on…="` can only be an attribute's start.
        for attribute in tag.split(separator: " ").dropFirst() where attribute.hasPrefix("on") && attribute.contains("=\"") {
            fatalError("sanitised output still holds an event attribute: <\(tag)>")
        }
    }
    return 0
}

runFuzzer(testOneInput)
