import Foundation
import Mustache
import Testing
import GalleryTestSupport
@testable import GalleryContent
@testable import GalleryKit
@testable import GalleryRender

/// docs/themes.md against what the renderer really gives each template: a renamed, added or
/// removed context key, a key whose type changed, a new theme file or a changed list of required
/// templates fails here, before it breaks a site's own theme.
@Suite struct ThemeDocumentationTests {
    @Test func everyContextKeyIsDocumented() throws {
        let (document, contexts) = try (ThemeDocument.load(), TemplateContexts.shared.get())
        for template in document.templates {
            let observed = ContextObservations(contexts.byTemplate[template] ?? [])
            let documented = try document.expandedKeys(of: template)
            let required = Self.readsRecipe(template) ? [] : Self.seesEveryPage(template) ? observed.alwaysPresentPaths : observed.paths
            let free = documented.filter { $0.value.base == .yaml }.keys
            for path in required.sorted() where documented[path] == nil
                && !free.contains(where: { path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[]") }) {
                Issue.record("\(template): the renderer gives `\(path)` (\(observed.kindsText(path))) but docs/themes.md does not document it under ### \(template)")
            }
        }
    }

    /// The recipe's partials see the recipe's keys (### recipe documents every one): their
    /// sections list only the keys they read, which must be there with the documented types.
    static func readsRecipe(_ template: String) -> Bool {
        template.hasPrefix("partials/recipe-")
    }

    /// `base` and the partials it calls receive every page's context; only what all pages share is required.
    static func seesEveryPage(_ template: String) -> Bool {
        template == "base" || template.hasPrefix("partials/")
    }

    @Test func everyDocumentedKeyIsProvided() throws {
        let (document, contexts) = try (ThemeDocument.load(), TemplateContexts.shared.get())
        for template in document.templates {
            let observed = ContextObservations(contexts.byTemplate[template] ?? [])
            for (path, type) in try document.expandedKeys(of: template).sorted(by: { $0.key < $1.key }) where observed.count(path) == 0 {
                Issue.record("\(template): docs/themes.md documents `\(path)` (\(type.text)) but the renderer never gives it")
            }
        }
    }

    @Test func documentedTypesMatchTheValues() throws {
        let (document, contexts) = try (ThemeDocument.load(), TemplateContexts.shared.get())
        for template in document.templates {
            let observed = ContextObservations(contexts.byTemplate[template] ?? [])
            for (path, type) in try document.expandedKeys(of: template).sorted(by: { $0.key < $1.key }) where observed.count(path) > 0 {
                for kind in observed.kinds(path) where !type.accepts(kind) {
                    Issue.record("\(template): `\(path)` is documented as \(type.text) but the renderer gives \(kind.rawValue)")
                }
                if !type.isOptional && observed.isSometimesMissing(path) {
                    Issue.record("\(template): `\(path)` is documented as always present but is sometimes missing or null: add ', optional' to its type")
                }
            }
        }
    }

    @Test func everyThemeFileIsListed() throws {
        let document = try ThemeDocument.load()
        let files = Set(ThemeLoader.files(under: Repository.templates))
        let listed = Set(document.files.map(\.path))
        for file in files.subtracting(listed).sorted() {
            Issue.record("Templates/\(file) is not listed in docs/themes.md's file table")
        }
        for file in listed.subtracting(files).sorted() {
            Issue.record("docs/themes.md lists \(file), which is not in Templates/")
        }
        let templates = Set(files.filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) })
        #expect(Set(document.templates) == templates, "every template in Templates/ needs a ### section under ## Templates, and no other")
    }

    @Test func requiredTemplatesMatchTheTheme() throws {
        let document = try ThemeDocument.load()
        let checked = document.files.filter { $0.required == "checked" }.map(\.path)
        #expect(checked.sorted() == Theme.requiredTemplates.map { $0 + ".mustache" }.sorted())
    }

    @Test func everyBlockOfBaseIsDocumented() throws {
        let document = try ThemeDocument.load()
        let source = try String(contentsOf: Repository.templates.appendingPathComponent("base.mustache"), encoding: .utf8)
        let blocks = Set(source.matches(of: /\{\{\$\s*([\w-]+)\s*\}\}/).map { String($0.output.1) })
        #expect(!blocks.isEmpty)
        #expect(Set(document.blocks) == blocks, "the blocks of base.mustache and docs/themes.md's block table differ")
    }
}

// MARK: - What the renderer gives

/// Every page's template context from a build of the basic fixture, widened so that each branch
/// of the context code is taken: a raster picture (renditions, crops, preview), a remote one, a
/// recipe without picture or summary, a tag with no page, sections and two gallery pages.
struct TemplateContexts: Sendable {
    /// The contexts each template receives: one per page, a card per gallery card, and every
    /// page's for `base`, which they all extend.
    var byTemplate: [String: [MustacheValue]]

    /// Made once for all tests (the images take most of the time).
    static let shared = Result(catching: { try TemplateContexts() })

    init() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try temporary.copyFixture("basic")
        try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("images-basic/images/lemonade.jpg"),
                                         to: directory.appendingPathComponent("images/lemonade.jpg"))
        try temporary.write("basic/recipes/lemonade.md", "---\ntitle: Lemonade\nimage: images/lemonade.jpg\ntags: [sour]\nprep_time: 5 min\ncook_time: 10 min\n"
                            + "ingredients:\n  - group: For the syrup\n    items: [Sugar, Water]\n  - Lemon juice\n  - recipe: negroni\n  - recipe: daiquiri\n"
                            + "servings: 4 glasses\ncategory: Drink\ncuisine: Home\nvideo: https://www.youtube.com/watch?v=dQw4w9WgXcQ\n"
                            + "source: { name: Grandma, url: \"https://example.com/lemonade\" }\n"
                            + "image_credit: { text: Photo by Ada, url: \"https://example.com/ada\" }\n"
                            + "extra:\n  strength: 0\n  origin: Home\n---\nStir.\n")
        try temporary.write("basic/recipes/remote.md",
                            "---\ntitle: Remote Fizz\nsummary: From afar.\nimage: https://example.com/fizz.jpg\nimage_credit: Photo by Bo\ntags: [\"!!\", gin]\n"
                                + "ingredients:\n  - recipe: lemonade\n  - { recipe: lemonade, amount: 1 glass }\n  - { recipe: daiquiri, amount: 1 dash }\n"
                                + "directions:\n  - group: The fizz\n    steps: [Pour., Stir.]\n---\nFizz.\n")
        try BuiltSite.replace("gallery:\n", with: "extra:\n  bar: [Corner, Shelf]\ngallery:\n  page_size: 2\n  section_by: glass\n",
                              in: directory.appendingPathComponent("site.yml"))
        // Stacks that open: a stack arrangement with the sections.
        try BuiltSite.replace("    - fan\n", with: "    - fan\n    - stack\n", in: directory.appendingPathComponent("site.yml"))
        try BuiltSite.replace("title:", with: "menu:\n  - { label: Gin, tag: gin }\n  - { label: Shop, url: \"https://example.com/shop\" }\ntitle:",
                              in: directory.appendingPathComponent("site.yml"))
        try temporary.write("basic/pages/about.md", "---\ntitle: About\ndescription: Who we are.\nimage: images/lemonade.jpg\nmenu: 5\n---\nWe mix.\n")
        try temporary.write("basic/pages/help/faq.md", "---\ntitle: FAQ\n---\nAsk.\n")
        // The journal: a post with everything (a picture, tags a recipe shares, an author) and a bare one.
        try temporary.write("basic/posts/summer.md", "---\ntitle: Summer\ndate: 2025-06-01\nsummary: Terrace.\ntags: [gin, news]\n"
                            + "image: images/lemonade.jpg\nauthor: Ada\n---\nA [Negroni](recipe:negroni).\n")
        // The home text, with a featured recipe with a picture and one without, and the latest posts.
        try temporary.write("basic/index.md", "---\ntitle: Welcome\nfeatured: [lemonade, daiquiri]\nlatest_posts: 2\n---\nHello.\n")
        // Eleven in all, so that the journal has two pages.
        for day in 1...10 {
            try temporary.write("basic/posts/bare-\(day).md", "---\ntitle: Bare \(day)\ndate: 2025-05-\(10 + day)\n---\nPlain.\n")
        }

        // The build's own steps, up to the renderers: the contexts are those of a real build.
        func renderers(of site: URL) throws -> [PageRenderer] {
            let builder = SiteBuilder(options: BuildOptions(siteDirectory: site, themeDirectory: Repository.templates))
            let log = DiagnosticDigest()
            var plan = try builder.plan(try builder.load(log), log)
            // The A–Z list in pages of two recipes, so that its page links are seen.
            for index in plan.trees.indices { plan.trees[index].recipesPerIndexPage = 2 }
            return builder.renderers(plan, pictures: try builder.processImages(plan, log).pictures)
        }
        let multilingual = try temporary.copyFixture("multilingual")
        // A post of a multilingual site: the journal is in the default language only.
        try "---\ntitle: Opening night\ndate: 2025-06-01\n---\nWe opened.\n"
            .write(to: multilingual.appendingPathComponent("posts/opening.md").creatingParent(), atomically: true, encoding: .utf8)
        // Every page kind made from a template, with the context of each of its pages, and every
        // page of every language of a multilingual site (its alternates and switcher).
        var contexts: [String: [MustacheValue]] = [:]
        for tree in try renderers(of: directory) + renderers(of: multilingual) {
            for case let kind as any TemplatePage in PageRenderer.kinds {
                contexts[kind.templateName, default: []] += try (0..<kind.count(in: tree.plan)).map { index throws -> MustacheValue in
                    // Lazy contexts (`MustacheObject`) as the dictionaries of every key they answer.
                    try kind.fullContext(index, in: tree).expanded
                }
            }
        }
        contexts["base"] = contexts.keys.sorted().flatMap { contexts[$0]! }
        contexts["partials/head"] = contexts["base"]
        contexts["partials/footer"] = contexts["base"]
        // The recipe's partials are rendered inside `{{#recipe}}`.
        let recipes = contexts["recipe"]!.compactMap { page -> MustacheValue? in
            guard case .dictionary(let fields) = page else { return nil }
            return fields["recipe"]
        }
        contexts["partials/recipe-ingredients"] = recipes
        contexts["partials/recipe-method"] = recipes
        contexts["card"] = contexts["gallery"]!.flatMap { page -> [MustacheValue] in
            guard case .dictionary(let fields) = page, case .array(let cards)? = fields["cards"] else { return [] }
            return cards
        }
        byTemplate = contexts
    }
}

/// What a value is, in docs/themes.md's words.
enum ValueKind: String, Sendable {
    case string, boolean, number, object
    case listOfStrings = "list of strings"
    case listOfObjects = "list of objects"
    case emptyList = "an empty list"
    case mixedList = "a mixed list"
}

/// The paths of a set of contexts (`recipe.title`, `cards[].image.src`), how often each holds a
/// value and of which kinds; null counts as missing.
struct ContextObservations {
    private var counts: [String: Int] = [:]
    private var kindsByPath: [String: Set<ValueKind>] = [:]

    init(_ contexts: [MustacheValue]) {
        for context in contexts {
            counts["", default: 0] += 1
            guard case .dictionary(let fields) = context else { continue }
            for (key, value) in fields { record(value, at: key) }
        }
    }

    private mutating func record(_ value: MustacheValue, at path: String) {
        let kind: ValueKind
        switch value {
        case .null: return
        case .string: kind = .string
        case .bool: kind = .boolean
        case .int, .double: kind = .number
        case .dictionary(let fields):
            kind = .object
            for (key, field) in fields { record(field, at: path + "." + key) }
        case .lazyArray, .object:
            record(value.expanded, at: path)
            return
        case .array(let items):
            var kinds = Set<ValueKind>()
            for item in items {
                counts[path + "[]", default: 0] += 1
                switch item {
                case .string: kinds.insert(.listOfStrings)
                case .dictionary(let fields):
                    kinds.insert(.listOfObjects)
                    for (key, field) in fields { record(field, at: path + "[]." + key) }
                default: kinds.insert(.mixedList)
                }
            }
            kind = kinds.isEmpty ? .emptyList : kinds.count == 1 ? kinds.first! : .mixedList
        }
        counts[path, default: 0] += 1
        kindsByPath[path, default: []].insert(kind)
    }

    /// Every path that holds a value somewhere (list elements, `x[]`, aside).
    var paths: Set<String> {
        Set(counts.keys.filter { !$0.isEmpty && !$0.hasSuffix("[]") })
    }

    /// The paths that hold a value in every context, all the way down from the top.
    var alwaysPresentPaths: Set<String> {
        paths.filter { path in
            var current = path
            while !current.isEmpty {
                if isSometimesMissing(current) { return false }
                current = ThemeDocument.parent(of: current)
            }
            return true
        }
    }

    func count(_ path: String) -> Int { counts[path] ?? 0 }

    func kinds(_ path: String) -> [ValueKind] {
        (kindsByPath[path] ?? []).sorted { $0.rawValue < $1.rawValue }
    }

    func kindsText(_ path: String) -> String {
        kinds(path).map(\.rawValue).joined(separator: " or ")
    }

    /// Whether the path is missing or null in some object that holds its parent.
    func isSometimesMissing(_ path: String) -> Bool {
        count(path) < count(ThemeDocument.parent(of: path))
    }
}

// MARK: - What docs/themes.md says

/// docs/themes.md, read by its fixed table formats: under `## Templates` and `## Shared objects`,
/// one `### name` section per template or object with a `| key | type | meaning |` table; a
/// `| file | kind | required | used for |` table of the theme's files; a `| block | … |` table of
/// base.mustache's blocks.
struct ThemeDocument {
    /// A documented key's type: `string`, `HTML string`, `boolean`, `number`, `list of strings`,
    /// `object`, `list of objects`, `` `name` object`` or ``list of `name` objects`` (fields from the
    /// shared object `name`), each with `, optional` when it may be missing or null.
    struct KeyType: Equatable {
        enum Base: Equatable {
            case string, html, boolean, number, strings
            /// A site's own `extra:` YAML: any kind, with fields the theme cannot know.
            case yaml
            case object(shared: String?)
            case objects(shared: String?)
        }

        var base: Base
        var isOptional: Bool
        var text: String

        init?(_ cell: String) {
            text = cell
            var rest = cell
            isOptional = rest.hasSuffix(", optional")
            if isOptional { rest = String(rest.dropLast(", optional".count)) }
            switch rest {
            case "string": base = .string
            case "HTML string": base = .html
            case "boolean": base = .boolean
            case "number": base = .number
            case "list of strings": base = .strings
            case "YAML value": base = .yaml
            case "object": base = .object(shared: nil)
            case "list of objects": base = .objects(shared: nil)
            default:
                if let match = rest.wholeMatch(of: /`([\w-]+)` object/) {
                    base = .object(shared: String(match.output.1))
                } else if let match = rest.wholeMatch(of: /list of `([\w-]+)` objects/) {
                    base = .objects(shared: String(match.output.1))
                } else {
                    return nil
                }
            }
        }

        func accepts(_ kind: ValueKind) -> Bool {
            switch (base, kind) {
            case (.yaml, _): true
            case (.string, .string), (.html, .string), (.boolean, .boolean), (.number, .number), (.object, .object): true
            case (.strings, .listOfStrings), (.strings, .emptyList), (.objects, .listOfObjects), (.objects, .emptyList): true
            default: false
            }
        }
    }

    struct Row {
        var key: String
        var type: KeyType
        var line: Int
    }

    struct File {
        var path: String
        var required: String
    }

    /// Template sections in document order, and the key tables of every section by name.
    var templates: [String] = []
    var objects: [String] = []
    var rows: [String: [Row]] = [:]
    var files: [File] = []
    var blocks: [String] = []

    static func load() throws -> ThemeDocument {
        let url = Repository.root.appendingPathComponent("docs/themes.md")
        return try ThemeDocument(String(contentsOf: url, encoding: .utf8))
    }

    init(_ text: String) throws {
        var part = ""
        var section: String?
        var header: [String]?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("## ") {
                part = String(line.dropFirst(3))
                section = nil
            } else if line.hasPrefix("### ") {
                let name = String(line.dropFirst(4))
                section = name
                if part == "Templates" { templates.append(name) }
                if part == "Shared objects" { objects.append(name) }
            }
            guard line.hasPrefix("|") else {
                header = nil
                continue
            }
            let cells = line.dropFirst().split(separator: "|", omittingEmptySubsequences: false).dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let columns = header else {
                header = cells
                continue
            }
            if cells.allSatisfy({ $0.allSatisfy { "-:".contains($0) } }) { continue }
            let code = cells.first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) } ?? ""
            switch columns.first {
            case "key":
                guard let section, part == "Templates" || part == "Shared objects" else {
                    throw DocumentError("docs/themes.md:\(index + 1): a key table outside a ### section of Templates or Shared objects")
                }
                guard cells.count == 3, let type = KeyType(cells[1]) else {
                    throw DocumentError("docs/themes.md:\(index + 1): expected | `key` | type | meaning | with a known type, found \(line)")
                }
                rows[section, default: []].append(Row(key: code, type: type, line: index + 1))
            case "file":
                files.append(File(path: code, required: cells.count > 2 ? cells[2] : ""))
            case "block":
                blocks.append(code)
            default:
                continue
            }
        }
    }

    /// `cards[].image.src` → `cards[].image`; `cards[].title` → `cards[]`; `root` → ``.
    static func parent(of path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return "" }
        return String(path[..<dot])
    }

    /// A section's keys with every shared object's fields filled in, by full path.
    func expandedKeys(of section: String) throws -> [String: KeyType] {
        var result: [String: KeyType] = [:]
        try expand(section, prefix: "", into: &result, depth: 0)
        return result
    }

    private func expand(_ section: String, prefix: String, into result: inout [String: KeyType], depth: Int) throws {
        guard let rows = rows[section], depth < 8 else {
            throw DocumentError("docs/themes.md has no key table under ### \(section) (or its objects nest in a loop)")
        }
        let inlineParents = Set(rows.compactMap { row -> String? in
            switch row.type.base {
            case .object(shared: nil): row.key
            case .objects(shared: nil): row.key + "[]"
            default: nil
            }
        })
        for row in rows {
            let parent = Self.parent(of: row.key)
            if !parent.isEmpty && !inlineParents.contains(parent) {
                throw DocumentError("docs/themes.md:\(row.line): `\(row.key)` needs a row for `\(parent)` typed object or list of objects")
            }
            let path = prefix + row.key
            result[path] = row.type
            switch row.type.base {
            case .object(shared: let name?): try expand(name, prefix: path + ".", into: &result, depth: depth + 1)
            case .objects(shared: let name?): try expand(name, prefix: path + "[].", into: &result, depth: depth + 1)
            default: break
            }
        }
    }
}

struct DocumentError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension URL {
    /// The URL, after making the folder it goes in.
    func creatingParent() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
