import FuzzSupport
import GalleryContent
import GalleryImages
import GallerySupport
import GalleryLayout

// Arbitrary bytes as `site.yml`: decoded the way the content loader decodes it and parsed; when the
// settings are valid, the gallery's engines are made from them and prepared at every breakpoint,
// as a build does.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = inputData(start, count)
    guard let text = try? SourceText.decode(data, path: "site.yml") else { return 0 }
    let (config, diagnostics) = SiteConfig.parse(text, displayPath: "site.yml")
    guard !diagnostics.contains(where: { $0.severity == .error }) else { return 0 }
    let (layouts, layoutDiagnostics) = GalleryLayoutFactory.makeLayouts(config.gallery, breakpoints: config.breakpoints,
                                                                        path: "site.yml")
    guard layoutDiagnostics.isEmpty else { return 0 }
    // Cards of every shape a probe can report, including degenerate ones, in two sections.
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
    return 0
}

runFuzzer(testOneInput)
