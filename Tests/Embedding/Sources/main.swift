// embed-gallerygen THEME FOLDER: writes a small site into FOLDER (which must not exist), builds
// it with GalleryKit, breaks it and builds again to read the diagnostics, and lays out a
// fan with GalleryLayout. Prints what it saw; exits 1 if anything is not as expected.
import Foundation
import GalleryKit
import GalleryLayout

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("embed-gallerygen: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: embed-gallerygen THEME FOLDER") }
let theme = URL(fileURLWithPath: arguments[1])
let site = URL(fileURLWithPath: arguments[2])

let files = [
    "site.yml": "title: Embedded\n",
    "recipes/gimlet.md": "---\ntitle: Gimlet\ntags: [gin]\n---\nStir gin and lime cordial.\n",
    "recipes/daiquiri.md": "---\ntitle: Daiquiri\ntags: [rum]\n---\nShake rum, lime and sugar.\n",
]
do {
    for (path, text) in files {
        let url = site.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
} catch {
    fail("cannot write the site: \(error)")
}

// A site builds, and the report says what was written.
let options = BuildOptions(siteDirectory: site, themeDirectory: theme)
do {
    let report = try SiteBuilder(options: options).build()
    guard report.recipeCount > 0, report.fileCount > report.recipeCount else {
        fail("built \(report.recipeCount) recipes into \(report.fileCount) files")
    }
    print("built \(report.recipeCount) recipes into \(report.fileCount) files")
} catch {
    fail("the site does not build: \(error)")
}

// A broken site fails with diagnostics a program can read.
let recipe = site.appendingPathComponent("recipes/broken.md")
try? Data("---\ntitle: [unclosed\n---\n".utf8).write(to: recipe)
do {
    _ = try SiteBuilder(options: options).build()
    fail("a recipe with malformed front matter built")
} catch {
    guard let diagnostic = error.errors.first, diagnostic.path.hasSuffix("broken.md"), diagnostic.line > 0 else {
        fail("unexpected diagnostics: \(error.diagnostics)")
    }
    print("broken recipe: \(diagnostic)")
}

// The layout engines by name, as site.yml names them.
do {
    let fan = try LayoutRegistry.makeLayout(name: "fan", parameters: [:])
    let items = (0..<5).map { _ in ItemMetrics(aspectRatio: 0.8) }
    let prepared = fan.prepare(LayoutContext(containerWidth: 1024, sections: [LayoutSection(items: items)]))
    guard prepared.cells.count == 5 else { fail("the fan laid out \(prepared.cells.count) cards") }
    print("fan: \(prepared.cells.count) cards in \(Int(prepared.contentSize.width))×\(Int(prepared.contentSize.height))")
} catch {
    fail("cannot make the fan layout: \(error)")
}
