import Foundation
import FuzzSupport
import Mustache

/// The context every fuzzed template renders against: one value of each kind, nested the way page
/// contexts nest (lists of dictionaries, a dictionary inside a dictionary).
enum Fixture {
    static let context: MustacheValue = .dictionary([
        "title": .string("Piña <Colada> & \"friends\""),
        "count": .int(3),
        "ratio": .double(1.5),
        "flag": .bool(true),
        "off": .bool(false),
        "nothing": .null,
        "empty": .array([]),
        "tags": .array([.string("rum"), .string("tiki")]),
        "recipes": .array([
            .dictionary(["title": .string("Mojito"), "url": .string("recipes/mojito/"), "draft": .bool(false)]),
            .dictionary(["title": .string("Zombie"), "url": .string("recipes/zombie/"), "tags": .array([.string("rum")])]),
        ]),
        "site": .dictionary(["title": .string("The Back Bar"), "language": .string("en"),
                             "nested": .dictionary(["deeper": .string("down")])]),
    ])
}

// Arbitrary bytes as Mustache templates: the input split at NUL bytes into up to three templates,
// `main`, `a` and `b`, which may name each other as partials or parents (recursion included).
// `main` is parsed and rendered the way the theme renders (a missing partial is an error), with a
// smaller work limit than the default 5,000,000 nodes: under AddressSanitizer the default takes
// longer than libFuzzer's 10-second timeout to trip, and what the fuzzer looks for is work that
// grows faster than the nodes counted, which a smaller limit shows as well.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let parts = inputData(start, count).split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    var templates: [String: Template] = [:]
    for (name, source) in zip(["main", "a", "b"], parts) {
        guard let template = try? Template(source: source, name: name) else { return 0 }
        templates[name] = template
    }
    guard let main = templates["main"] else { return 0 }
    _ = try? main.render(Fixture.context, partials: TemplateLibrary(templates: templates),
                         options: RenderOptions(missingPartialIsError: true, workLimit: 100_000))
    return 0
}

runFuzzer(testOneInput)
