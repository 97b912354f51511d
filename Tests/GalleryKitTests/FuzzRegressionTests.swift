import Foundation
import GalleryLayout
import Mustache
import Testing
@testable import GalleryContent
@testable import GalleryImages
@testable import GalleryKit
@testable import GalleryPlan
@testable import GalleryRender
@testable import GalleryServe
@testable import GallerySupport

/// Runs every input the fuzzers of `fuzz/` ever crashed on, kept under
/// `Tests/Fixtures/fuzz-regressions/<target>/`, through the code path its fuzzer drives. Each must
/// come back (no trap, no hang); where `<input>.expected` exists, its first line is the
/// diagnostic the input must produce instead. The harnesses mirror `fuzz/Sources/*/main.swift`.
@Suite struct FuzzRegressionTests {
    static let folder = Repository.fixtures.appendingPathComponent("fuzz-regressions")
    static let targets = ["front-matter", "site-config", "template", "plist-import", "svg-sanitizer"]

    /// Every saved input as `target/file`.
    static let inputs: [String] = targets.flatMap { target in
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".expected") }
            .sorted()
            .map { "\(target)/\($0)" }
    }

    /// Each saved input must come back within this (most are hangs the fuzzer found; the slowest
    /// guard, Mustache's work budget, trips in about 2 s in a debug build).
    static let timeBound: Duration = .seconds(10)

    // The time limit stops a hang (Swift Testing's granularity is a minute); the check after the
    // run fails an input that comes back, but slowly.
    @Test(.timeLimit(.minutes(1)), arguments: inputs)
    func savedInputGivesDiagnosticsNotATrap(_ input: String) throws {
        let url = Self.folder.appendingPathComponent(input)
        let data = try Data(contentsOf: url)
        let started = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < Self.timeBound, "\(input) took \(elapsed)")
        }
        let messages: [String]
        switch input.split(separator: "/").first.map(String.init) {
        case "front-matter": messages = Self.frontMatter(data)
        case "site-config": messages = Self.siteConfig(data)
        case "template": messages = Self.template(data)
        case "plist-import": messages = Self.plistImport(data)
        case "svg-sanitizer": messages = Self.svgSanitizer(data)
        default: Issue.record("no harness for \(input)"); return
        }
        if let expected = try? String(contentsOf: url.appendingPathExtension("expected"), encoding: .utf8) {
            let line = String(expected.split(separator: "\n").first ?? "")
            #expect(messages.contains(line), "\(input) printed:\n\(messages.joined(separator: "\n"))")
        }
    }

    /// FuzzSVGSanitizer: bytes sanitised as a published SVG; the output sanitises to itself.
    static func svgSanitizer(_ data: Data) -> [String] {
        _ = ImageProbe.probe(data)
        switch SVGSanitizer.sanitized(data) {
        case .success(let output):
            let again = try? SVGSanitizer.sanitized(output).get()
            #expect(again == output)
            return []
        case .failure(let failure): return [failure.message]
        }
    }

    /// FuzzFrontMatter: bytes decoded as a recipe file, then parsed.
    static func frontMatter(_ data: Data) -> [String] {
        do {
            let text = try SourceText.decode(data, path: "recipes/fuzz.md")
            return RecipeParser.parse(text, sourcePath: "recipes/fuzz.md", displayPath: "recipes/fuzz.md").1.map(\.description)
        } catch {
            return [error.description]
        }
    }

    /// FuzzSiteConfig: bytes decoded as site.yml and parsed; valid settings make the gallery's
    /// engines, prepared at every breakpoint.
    static func siteConfig(_ data: Data) -> [String] {
        let text: String
        do {
            text = try SourceText.decode(data, path: "site.yml")
        } catch {
            return [error.description]
        }
        let (config, diagnostics) = SiteConfig.parse(text, displayPath: "site.yml")
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return diagnostics.map(\.description) }
        let (layouts, layoutDiagnostics) = GalleryLayoutFactory.makeLayouts(config.gallery, breakpoints: config.breakpoints,
                                                                            path: "site.yml")
        guard layoutDiagnostics.isEmpty else { return (diagnostics + layoutDiagnostics).map(\.description) }
        let sections = [
            LayoutSection(items: [ItemMetrics(aspectRatio: 1.5, labelHeight: 44), ItemMetrics(aspectRatio: 0.5, labelHeight: 44),
                                  ItemMetrics(aspectRatio: 1), ItemMetrics(aspectRatio: 0)], hasHeader: true),
            LayoutSection(items: [ItemMetrics(aspectRatio: 3, labelHeight: 20), ItemMetrics(aspectRatio: .infinity)]),
        ]
        for row in layouts {
            for (layout, breakpoint) in zip(row, config.breakpoints) {
                _ = layout.prepare(LayoutContext(containerWidth: breakpoint.width, viewportHeight: 800, sections: sections))
            }
        }
        return diagnostics.map(\.description)
    }

    /// FuzzTemplate: bytes split at NUL into templates `main`, `a` and `b`; `main` rendered against
    /// the fuzzer's fixed context with missing partials as errors.
    static func template(_ data: Data) -> [String] {
        let parts = data.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        var templates: [String: Template] = [:]
        do {
            for (name, source) in zip(["main", "a", "b"], parts) {
                templates[name] = try Template(source: source, name: name)
            }
            guard let main = templates["main"] else { return [] }
            _ = try main.render(templateContext, partials: TemplateLibrary(templates: templates),
                                options: RenderOptions(missingPartialIsError: true))
            return []
        } catch {
            return [error.description]
        }
    }

    /// The context of `fuzz/Sources/FuzzTemplate/main.swift`.
    static let templateContext: MustacheValue = .dictionary([
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

    /// FuzzPlistImport: bytes as the seed app's drink list.
    static func plistImport(_ data: Data) -> [String] {
        PlistImport.recipes(from: data, displayPath: "DrinkList.plist").diagnostics.map(\.description)
    }
}
