import Foundation
import FuzzHarness
import Testing
import GalleryTestSupport

/// Runs every input the fuzzers of `fuzz/` ever crashed on, kept under
/// `Tests/Fixtures/fuzz-regressions/<target>/`, through the code path its fuzzer drives. Each must
/// come back (no trap, no hang); where `<input>.expected` exists, its first line is the
/// diagnostic the input must produce instead. The fuzzers and this test share `FuzzHarness`.
@Suite struct FuzzRegressionTests {
    static let folder = Repository.fixtures.appendingPathComponent("fuzz-regressions")
    static let targets = ["front-matter", "site-config", "template", "plist-import", "svg-sanitizer", "json-ld", "paprika", "cooklang"]

    /// Every saved input as `target/file`.
    static let inputs: [String] = targets.flatMap { target in
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".expected") }
            .sorted()
            .map { "\(target)/\($0)" }
    }

    // A hang is stopped by the time limit (Swift Testing's granularity is a minute). No wall-clock
    // bound beyond it: on a shared machine the slowest guard (Mustache's work budget, about 2 s in a
    // debug build when idle) took 12 s, and a budget is a count, not a time. That the guards trip
    // is checked by the diagnostic each hang's `.expected` file names.
    @Test(.timeLimit(.minutes(1)), arguments: inputs)
    func savedInputGivesDiagnosticsNotATrap(_ input: String) throws {
        let url = Self.folder.appendingPathComponent(input)
        let data = try Data(contentsOf: url)
        let messages: [String]
        switch input.split(separator: "/").first.map(String.init) {
        case "front-matter": messages = FuzzHarness.frontMatter(data)
        case "site-config": messages = FuzzHarness.siteConfig(data)
        case "template": messages = FuzzHarness.template(data)
        case "plist-import": messages = FuzzHarness.plistImport(data)
        case "json-ld": messages = FuzzHarness.jsonLD(data)
        case "paprika": messages = FuzzHarness.paprika(data)
        case "cooklang": messages = FuzzHarness.cooklang(data)
        case "svg-sanitizer":
            let result = FuzzHarness.svgSanitizer(data)
            #expect(result.broken == nil, "\(input): \(result.broken ?? "")")
            messages = result.diagnostics
        default: Issue.record("no harness for \(input)"); return
        }
        if let expected = try? String(contentsOf: url.appendingPathExtension("expected"), encoding: .utf8) {
            let line = String(expected.split(separator: "\n").first ?? "")
            #expect(messages.contains(line), "\(input) printed:\n\(messages.joined(separator: "\n"))")
        }
    }
}
