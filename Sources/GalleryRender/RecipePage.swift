import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// One page per recipe (`recipe` template).
package struct RecipePage: TemplatePage {
    /// A recipe's page: `recipes/<slug>/index.html`, written as one string (`address`): the path
    /// interpolated cost some 2,900 instructions, and every recipe page made it three times (issue 37).
    package static func path(slug: String) -> String { address(root: "", slug: slug) }
    package static func path(of recipe: Recipe) -> String { path(slug: recipe.slug) }

    /// The link to a recipe's page from a page whose root is `root`: what
    /// `URLPath.link(to: path(slug: slug), root: root)` gives (a slug holds no `/`, and the rest
    /// needs no encoding), written as one string: the path interpolated, encoded and appended to
    /// the root cost 1,500 instructions, for every `previous`, `next` and A–Z link (issue 37).
    static func link(slug: String, root: String) -> String {
        address(root: root, slug: URLPath.encode(slug))
    }

    /// `root`, `recipes/`, `slug` and `/index.html`, copied into a string of their length.
    private static func address(root: String, slug: String) -> String {
        var (root, slug) = (root, slug)
        let (folder, page): (StaticString, StaticString) = ("recipes/", "/index.html")
        return root.withUTF8 { root in
            slug.withUTF8 { slug in
                String(unsafeUninitializedCapacity: root.count + folder.utf8CodeUnitCount + slug.count + page.utf8CodeUnitCount) { link in
                    // Each part copied whole: gathered in an array and copied a byte at a time, they
                    // cost 800 instructions a link (issue 37).
                    var end = link.baseAddress!
                    func copy(_ start: UnsafePointer<UInt8>?, _ count: Int) {
                        guard let start else { return }
                        end.update(from: start, count: count)
                        end += count
                    }
                    copy(root.baseAddress, root.count)
                    copy(folder.utf8Start, folder.utf8CodeUnitCount)
                    copy(slug.baseAddress, slug.count)
                    copy(page.utf8Start, page.utf8CodeUnitCount)
                    return end - link.baseAddress!
                }
            }
        }
    }

    package var templateName: String { "recipe" }

    package func count(in site: PagePlan) -> Int { site.site.recipes.count }

    /// From the slug alone: copying the whole recipe out to read it costs more than the path.
    package func path(_ index: Int, in site: PagePlan) -> String { RecipePage.path(slug: site.site.recipes[index].slug) }

    package func context(_ index: Int, in site: PageRenderer) throws -> MustacheValue { .object(try RecipePageContext(index, in: site)) }

    /// The page, and what the recipe lacks for Google's rich results (`RecipeRichResults`). The
    /// file and its frame take the path the context made (`TemplatePage.make` made it twice more).
    package func makeReportingWarnings(_ index: Int, in site: PageRenderer) throws -> (OutputFile, [Diagnostic]) {
        let page = try RecipePageContext(index, in: site)
        let warnings = RecipeRichResults.diagnostics(for: page.recipe, in: site.site, body: page.body)
        let frame = PageFrame(page: page, renderer: site, path: page.path, translationKey: translationKey(index, in: site.plan))
        return (OutputFile(path: page.path, contents: .data(try site.render(templateName, context: .object(frame)))), warnings)
    }

    /// A recipe's versions share their original's source path, whatever their slugs.
    package func translationKey(_ index: Int, in site: PagePlan) -> String {
        // Each field read where the recipe lies: bound to a name, the recipe was copied.
        let recipes = site.site.recipes
        return "recipe:" + (recipes[index].translationOf ?? recipes[index].sourcePath)
    }
}

extension PageRenderer {
    /// "Added <time datetime="2024-06-01">1 June 2024</time> by Ada", in the language's word
    /// order (`added` or `added_by`), every part escaped, the date in a `time` element. The
    /// phrases are split at their placeholders once per tree (`BylinePhrase`), not on every page.
    func bylineHTML(date: RecipeDate, author: String?) -> String {
        let phrases = bylinePhrases.get { (BylinePhrase(strings.text("added"), hasAuthor: false), BylinePhrase(strings.text("added_by"), hasAuthor: true)) }
        // Gathered as bytes, made a string once: appended to a String, each piece cost some 340
        // instructions (issue 37).
        var html: [UInt8] = []
        html.reserveCapacity(160)
        for piece in (author == nil ? phrases.0 : phrases.1).pieces {
            switch piece {
            case .text(let text): html.append(contentsOf: text.utf8)
            case .date:
                html.append(contentsOf: #"<time datetime=""#.utf8)
                html.append(contentsOf: date.iso8601.utf8)
                html.append(contentsOf: #"">"#.utf8)
                html.append(contentsOf: escapeHTML(strings.date(date)).utf8)
                html.append(contentsOf: "</time>".utf8)
            case .author: html.append(contentsOf: escapeHTML(author ?? "").utf8)
            }
        }
        return String(decoding: html, as: UTF8.self)
    }

    /// The page's schema.org `Recipe`, its pictures and addresses absolute when site.yml has a `base_url`;
    /// `steps` and `sections` are the body's method (`Markdown.recipeBody(_:allowRawHTML:)`).
    /// A method written in the front matter (`Recipe.method`) comes first: it is shown first.
    func structuredData(_ recipe: Recipe, root: String, steps: [String],
                        sections: [Markdown.MethodSection] = []) -> RecipeStructuredData {
        structuredData(recipe, root: root, pageURL: site.config.publishedURL?.page(RecipePage.path(of: recipe)), steps: steps, sections: sections)
    }

    /// `structuredData(_:root:steps:sections:)` with the page's absolute address (`pageURL`) made already.
    func structuredData(_ recipe: Recipe, root: String, pageURL: String?, steps: [String],
                        sections: [Markdown.MethodSection] = []) -> RecipeStructuredData {
        let published = site.config.publishedURL
        let pictures = recipe.image.map { publishedImages($0, root: root) } ?? []
        var (steps, sections) = (steps, sections)
        if !recipe.method.isEmpty {
            (steps, sections) = Markdown.method(of: recipe)
        }
        return RecipeStructuredData(recipe: recipe, config: site.config,
                                    pageURL: pageURL,
                                    imageURLs: pictures.map { published?.resolve($0.url, root: root) ?? $0.url },
                                    steps: steps,
                                    sections: sections,
                                    imageCredit: recipe.imageCredit ?? site.config.imageCredit)
    }
}

extension RecipePage {
    package func origin(_ index: Int, in site: PagePlan) -> FileOrigin {
        .source(path: site.site.recipes[index].sourcePath, what: "the recipe")
    }
}

extension RecipePage {
    /// Everything of the recipe, and the cards of its neighbours (the previous and next links).
    package func fingerprint(_ index: Int, in site: PageRenderer, inputs: PageInputs) -> Fingerprint {
        var hasher = inputs.hasher("recipe")
        hasher.combine(inputs.recipes[index])
        hasher.combine(index > 0 ? inputs.cards[index - 1] : Fingerprint(high: 0, low: 0))
        hasher.combine(index + 1 < inputs.cards.count ? inputs.cards[index + 1] : Fingerprint(high: 0, low: 0))
        return hasher.finalize()
    }
}

/// A byline phrase (`added`, `added_by`) split at its placeholders, `{date}` and, when the recipe
/// has an author, `{author}`, with its own text escaped: what every recipe page's byline is
/// written from. Any other brace is text.
struct BylinePhrase: Sendable {
    enum Piece: Sendable, Equatable { case text(String), date, author }
    let pieces: [Piece]

    init(_ phrase: String, hasAuthor: Bool) {
        var pieces: [Piece] = []
        var text = ""
        var rest = phrase[...]
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if after.hasPrefix("date}") {
                pieces += [.text(escapeHTML(text)), .date]
                text = ""
                rest = after.dropFirst("date}".count)
            } else if hasAuthor, after.hasPrefix("author}") {
                pieces += [.text(escapeHTML(text)), .author]
                text = ""
                rest = after.dropFirst("author}".count)
            } else {
                text += "{"
                rest = after
            }
        }
        text += rest
        pieces.append(.text(escapeHTML(text)))
        self.pieces = pieces.filter { $0 != .text("") }
    }
}
