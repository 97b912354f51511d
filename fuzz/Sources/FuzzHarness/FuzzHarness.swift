import Foundation
import GalleryAuthoring
import GalleryContent
import GalleryImages
import GalleryLayout
import GallerySupport
import Mustache

/// What each fuzzer does with its bytes, written once: the libFuzzer targets (`fuzz/Sources/Fuzz*`)
/// call these, and `FuzzRegressionTests` runs every input they ever crashed on through the same
/// functions. Each returns the diagnostics the input produced.
package enum FuzzHarness {
    /// Bytes decoded as a recipe file, then parsed.
    package static func frontMatter(_ data: Data) -> [String] {
        do {
            let text = try SourceText.decode(data, path: "recipes/fuzz.md")
            return RecipeParser.parse(text, sourcePath: "recipes/fuzz.md", displayPath: "recipes/fuzz.md").1.map(\.description)
        } catch {
            return [error.description]
        }
    }

    /// Bytes decoded as `site.yml` and parsed; when the settings are valid, the gallery's engines
    /// are made from them and prepared at every breakpoint, as a build does.
    package static func siteConfig(_ data: Data) -> [String] {
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
        return diagnostics.map(\.description)
    }

    /// Bytes split at NUL bytes into up to three templates, `main`, `a` and `b`, which may name
    /// each other as partials or parents (recursion included); `main` rendered the way the theme
    /// renders (a missing partial is an error) against `templateContext`, within `workLimit` nodes.
    package static func template(_ data: Data, workLimit: Int = RenderOptions().workLimit) -> [String] {
        let parts = data.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        var templates: [String: Template] = [:]
        do {
            for (name, source) in zip(["main", "a", "b"], parts) {
                templates[name] = try Template(source: source, name: name)
            }
            guard let main = templates["main"] else { return [] }
            _ = try main.render(templateContext, partials: TemplateLibrary(templates: templates),
                                options: RenderOptions(missingPartialIsError: true, workLimit: workLimit))
            return []
        } catch {
            return [error.description]
        }
    }

    /// One value of each kind, nested the way page contexts nest (lists of dictionaries, a
    /// dictionary inside a dictionary).
    package static let templateContext: MustacheValue = .dictionary([
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

    /// Bytes as the seed app's drink list.
    package static func plistImport(_ data: Data) -> [String] {
        PlistImport.recipes(from: data, displayPath: "DrinkList.plist").diagnostics.map(\.description)
    }

    /// Bytes as a saved recipe page or JSON file: every JSON-LD block read and every Recipe mapped
    /// and written as a recipe file (no photo is fetched). A JSON object is also read as Mealie
    /// reads one: a recipe export and a backup's `database.json`, its tables joined.
    package static func jsonLD(_ data: Data) -> [String] {
        var source = ImportSource()
        source.readSchema(data, display: "page.html", folder: URL(fileURLWithPath: "/nonexistent"))
        var recipes = source.recipes
        if let object = try? LenientJSON.parse(String(decoding: data, as: UTF8.self)) as? [String: Any] {
            let rows = [object] + MealieDatabase(tables: object).recipes().map(\.object)
            recipes += rows.compactMap { MealieRecipe.recipe($0, origin: "recipe.json") }.map { recipe in
                var recipe = recipe
                if case .remote? = recipe.photo { recipe.photo = nil }
                return recipe
            }
        }
        let plan = ImportPlan(recipes, slugStyle: .unicode, fetch: nil)
        return (source.diagnostics + plan.diagnostics).map(\.description)
    }

    /// Bytes as a Paprika export (a ZIP) or one recipe (gzip'd JSON), and a ZIP as a Mealie backup
    /// or recipe export too, each recipe then written.
    package static func paprika(_ data: Data) -> [String] {
        var (recipes, diagnostics) = PaprikaReader.recipes(from: data, display: "export.paprikarecipes")
        if ArchiveReader.isZip(data) {
            let mealie = MealieReader.recipes(from: data, display: "mealie.zip")
            recipes += mealie.recipes
            diagnostics += mealie.diagnostics
        }
        let plan = ImportPlan(recipes.map { recipe in
            var recipe = recipe
            if case .remote? = recipe.photo { recipe.photo = nil }
            return recipe
        }, slugStyle: .unicode, fetch: nil)
        return (diagnostics + plan.diagnostics).map(\.description)
    }

    /// Bytes as a Cooklang `.cook` file, the recipe then written.
    package static func cooklang(_ data: Data) -> [String] {
        do throws(Diagnostic) {
            let recipe = try CooklangReader.recipe(String(decoding: data, as: UTF8.self), name: "Fuzz", origin: "Fuzz.cook")
            var written = recipe
            if case .remote? = written.photo { written.photo = nil }
            return ImportPlan([written], slugStyle: .unicode, fetch: nil).diagnostics.map(\.description)
        } catch {
            return [error.description]
        }
    }

    /// Bytes probed and sanitised as a published SVG. `broken` names a broken promise of the
    /// sanitiser (its output must parse, sanitise to itself and hold no script or event handler).
    package static func svgSanitizer(_ data: Data) -> (diagnostics: [String], broken: String?) {
        _ = ImageProbe.probe(data)
        let output: Data
        switch SVGSanitizer.sanitized(data) {
        case .success(let sanitized): output = sanitized
        case .failure(let failure): return ([failure.message], nil)
        }
        guard case .success(let again) = SVGSanitizer.sanitized(output) else { return ([], "sanitised output does not parse") }
        guard again == output else { return ([], "sanitising is not idempotent") }
        // Markup only: text content may say anything (it is escaped). `<` and `>` are escaped
        // everywhere but in tags, so the tags are what lies between them.
        let text = String(decoding: output, as: UTF8.self).lowercased()
        for tag in text.split(separator: "<").map({ $0.prefix { $0 != ">" } }) {
            let compact = tag.replacingOccurrences(of: "&#9;", with: "").replacingOccurrences(of: "&#10;", with: "")
                .replacingOccurrences(of: "&#13;", with: "").filter { !$0.isWhitespace }
            if compact.hasPrefix("script") || compact.hasPrefix("foreignobject") || compact.contains("javascript:") {
                return ([], "sanitised output still holds a script: <\(tag)>")
            }
            // A value holds no raw `"`, so `on…="` can only be an attribute's start.
            for attribute in tag.split(separator: " ").dropFirst() where attribute.hasPrefix("on") && attribute.contains("=\"") {
                return ([], "sanitised output still holds an event attribute: <\(tag)>")
            }
        }
        return ([], nil)
    }
}
