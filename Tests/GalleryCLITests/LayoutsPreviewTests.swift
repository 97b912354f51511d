import Foundation
import GalleryTestSupport
import Testing

@Suite struct LayoutsPreviewTests: CommandWorkspace {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    func site(arrangements: String, titles: [String]) throws -> URL {
        let site = try folder.copyFixture("basic")
        var config = try String(contentsOf: site.appendingPathComponent("site.yml"), encoding: .utf8)
        let start = try #require(config.range(of: "  arrangements:\n"))
        var end = start.upperBound
        while end < config.endIndex, config[end...].hasPrefix("    ") {
            end = config[end...].firstIndex(of: "\n").map { config.index(after: $0) } ?? config.endIndex
        }
        config.replaceSubrange(start.lowerBound..<end, with: "  arrangements:\n" + arrangements)
        try config.write(to: site.appendingPathComponent("site.yml"), atomically: true, encoding: .utf8)
        let recipes = site.appendingPathComponent("recipes")
        for file in try FileManager.default.contentsOfDirectory(atPath: recipes.path) {
            try FileManager.default.removeItem(at: recipes.appendingPathComponent(file))
        }
        for (index, title) in titles.enumerated() {
            try "---\ntitle: \"\(title)\"\ndate: 2024-01-0\(index + 1)\n---\nStir.\n"
                .write(to: recipes.appendingPathComponent("r\(index).md"), atomically: true, encoding: .utf8)
        }
        return site
    }

    @Test func drawsEveryArrangementAtEveryBreakpointWithTitlesEscaped() throws {
        let site = try site(arrangements: "    - grid\n    - fan\n    - coverflow\n",
                            titles: ["Gin & Tonic", "<Sour>", "Old \\\"Pal\\\""])
        let (code, console) = run(["layouts", "--preview", site.path])
        #expect(code == 0, "\(console.error)")
        let svg = console.out
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>") || svg.hasSuffix("</svg>\n"))
        let breakpoints = svg.matches(of: /<text x="0" y="12" font-size="11" fill="#2b1d14">([^<]+)<\/text>/).map { String($0.output.1) }
        // Rows by arrangement, columns by breakpoint (the fixture's).
        #expect(breakpoints.count % 3 == 0 && breakpoints.count >= 6)
        #expect(breakpoints.first?.hasPrefix("Grid · ") == true)
        #expect(breakpoints.last?.hasPrefix("Coverflow · ") == true)
        // Titles escaped, in the hover text of each card in each panel.
        #expect(svg.components(separatedBy: "<title>Gin &amp; Tonic</title>").count - 1 == breakpoints.count)
        #expect(svg.contains("<title>&lt;Sour&gt;</title>"))
        #expect(svg.contains("<title>Old &quot;Pal&quot;</title>"))
        #expect(!svg.contains("<Sour>"))
        // A fan's cards are turned; a cover flow's are foreshortened (not rectangles any more).
        #expect(svg.contains("transform=\"rotate("))
        let coverflow = try #require(svg.range(of: "Coverflow · "))
        let polygons = svg[coverflow.upperBound...].matches(of: /points="([^"]+)"/).map { String($0.output.1) }
        let turned = try #require(polygons.first { points in
            let ys = points.split(separator: " ").compactMap { Double($0.split(separator: ",")[1]) }
            return Set(ys).count > 2
        }, "no card of the cover flow is drawn turned")
        #expect(!turned.isEmpty)
        // The same site, the same bytes.
        #expect(run(["layouts", "--preview", site.path]).1.out == svg)
    }

    @Test func aBadSiteIsAnErrorWithItsPlace() throws {
        let site = try site(arrangements: "    - carousel\n", titles: ["A"])
        let (code, console) = run(["layouts", "--preview", site.path])
        #expect(code == 1)
        #expect(console.out.isEmpty)
        #expect(console.error.contains("site.yml:") && console.error.contains("error: unknown layout \"carousel\""))
    }

    @Test func aNameWithThePreviewIsAUsageError() {
        let (code, console) = run(["layouts", "fan", "--preview", directory.path])
        #expect(code == 2)
        #expect(console.error.contains("leave out the layout name"))
    }
}
