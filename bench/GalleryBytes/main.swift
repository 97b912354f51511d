// Prints what the gallery page weighs: HTML (with its inline arrangement CSS) and the theme's CSS,
// raw and gzip-compressed, and the bytes per card per state, for the sample site and for a
// generated site of 1,000 recipes. Run with `make bench-bytes`.
import Foundation
import GalleryContent
import GalleryKit
import GalleryPlan
import GalleryRender

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func gzipSize(_ data: Data) -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-9c"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try! process.run()
    let writer = Thread { input.fileHandleForWriting.write(data); try? input.fileHandleForWriting.close() }
    writer.start()
    let compressed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return compressed.count
}

func measure(name: String, site: Site) throws {
    // The build's plan and render steps, without pictures (the figures are the gallery's own bytes).
    let theme = try ThemeLoader(themeDirectory: root.appendingPathComponent("Templates"), overrideDirectory: nil).load()
    let builder = SiteBuilder(options: BuildOptions(siteDirectory: root.appendingPathComponent("Site")))
    let log = DiagnosticDigest()
    let plan = try builder.plan(LoadedSite(site: site, theme: theme), log)
    let renderer = builder.renderers(plan, pictures: [:])[0]
    let (files, diagnostics) = renderer.render()
    precondition(diagnostics.isEmpty, "\(diagnostics)")
    let themeCSS = try Data(contentsOf: root.appendingPathComponent("Templates/assets/style.css"))
    let pages = renderer.gallery.pages
    let first = renderer.gallery.model(page: 1)
    let html = files.first { $0.path == GalleryPage.firstPagePath }!
    guard case .data(let htmlData) = html.contents else { return }
    let gzipped = gzipSize(htmlData) + gzipSize(themeCSS)
    let states = first.states.count
    let cards = first.cards.count
    func kb(_ bytes: Int) -> String { String(format: "%.1f KB", Double(bytes) / 1000) }
    print("\(name): \(site.recipes.count) recipes, \(pages.count) gallery page(s); first page: \(cards) cards, "
          + "\(first.arrangements.count) arrangements × \(first.breakpoints.count) breakpoints × \(first.filters.count + 1) filter states = \(states) states")
    print("  gallery HTML (inline CSS included) \(kb(htmlData.count)) raw; theme CSS \(kb(themeCSS.count)) raw")
    print("  HTML + CSS gzip: \(kb(gzipped)) (budget 60 KB: \(gzipped <= 60_000 ? "within" : "OVER"))")
    print(String(format: "  bytes per card per state: %.2f raw, %.2f gzip", Double(htmlData.count) / Double(cards * states),
                 Double(gzipped) / Double(cards * states)))
}

// The sample site, as it is.
let (sample, _) = try ContentLoader(siteDirectory: root.appendingPathComponent("Site")).load()
try measure(name: "Sample site", site: sample)

// 1,000 generated recipes with the sample's settings, tags and pictures.
var generated = sample
let tags = Array(Set(sample.recipes.flatMap(\.tags))).sorted()
generated.recipes = (0..<1000).map { index in
    let model = sample.recipes[index % sample.recipes.count]
    var recipe = model
    recipe.slug = "\(model.slug)-\(index)"
    recipe.title = "\(model.title) No. \(index)"
    recipe.tags = [tags[index % tags.count], tags[(index * 7 + 3) % tags.count]]
    return recipe
}
try measure(name: "1,000 recipes", site: generated)
