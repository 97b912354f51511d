import Foundation
import GallerySupport

/// The settings of a site, from `site.yml`.
package struct SiteConfig: Sendable {
    /// A reference width the gallery is laid out for (DESIGN §3: one layout per breakpoint).
    package struct Breakpoint: Sendable, Hashable {
        package var name: String
        package var width: Double

        package init(name: String, width: Double) {
            self.name = name
            self.width = width
        }

        /// The container width from which a breakpoint of reference width `width` is used: a
        /// little below it, so a window whose scroll bar takes a few pixels still gets it, scaled
        /// down by at most 4 %. The gallery's CSS and the pictures' `sizes` both follow it.
        package static func threshold(_ width: Double) -> Double {
            (width * 0.96).rounded(.down)
        }
    }

    package var title: String = "Recipes"
    /// Absolute URL the site is published at (for feeds and sitemaps); pages themselves only use
    /// relative URLs.
    package var baseURL: String?
    package var language: String = "en"
    /// Where `language:` is written, for the warning about a language the theme has no table for.
    package var languagePosition: (line: Int, column: Int)?
    /// `languages:`: every language of a multilingual site, the default first; empty for a site in
    /// one language (`language:`).
    package var languages: [SiteLanguage] = []
    package var description: String?
    package var author: String?
    /// Lets raw HTML in Markdown through; off by default so content cannot inject markup.
    package var unsafeHTML: Bool = false
    package var breakpoints: [Breakpoint] = SiteConfig.defaultBreakpoints
    package var gallery = GallerySettings()
    /// Writes `search.json` and shows the gallery's search box (only when JavaScript runs).
    package var search: Bool = true
    /// The site's handle on X/Twitter (`@backbar`) for the `twitter:site` card tag.
    package var twitter: String?
    /// schema.org `recipeCategory` for every recipe (`Dessert`); by default a recipe with a glass
    /// is a `Drink` and any other takes its first tag.
    package var recipeCategory: String?
    /// `images:`: formats, maximum width, qualities and crops the image pipeline makes.
    package var images = ImageSettings()
    /// `theme:`: the colour scheme of the default theme.
    package var theme = ThemeSettings()
    /// `menu:`: the site menu's entries written in site.yml (pages add their own).
    package var menu: [MenuEntry] = []
    /// `slug_style:`: how titles, tags and file names become slugs (Unicode by default).
    package var slugStyle: SlugStyle = .unicode
    /// `rich_results:`: which of Google's recipe rich-result checks the build reports.
    package var richResults: RichResultsLevel = .all
    /// The web app manifest's and the browser's `theme-color` (the default theme's accent).
    package var themeColor = "#a3472f"
    /// The web app manifest's `background_color` (the default theme's paper).
    package var backgroundColor = "#f7f2ea"
    /// `extra:` as written (any YAML): the site's own fields, for templates as `site.extra`; never checked.
    package var extra: YAMLNode?

    package static let defaultBreakpoints = [
        Breakpoint(name: "phone", width: 375),
        Breakpoint(name: "tablet", width: 768),
        Breakpoint(name: "desktop", width: 1280),
    ]

    /// `image_credit:`, the credit of every recipe picture that names none of its own.
    package var imageCredit: ImageCredit?
    /// `cookbook:`: whether the printable cookbooks are made, and up to how many recipes.
    package var cookbook = CookbookSettings()

    package init() {}

    package static let knownKeys = ["title", "base_url", "language", "description", "author", "unsafe_html",
                                   "breakpoints", "gallery", "search", "twitter", "recipe_category", "images", "theme",
                                   "menu", "theme_color", "background_color", "slug_style", "rich_results", "extra", "languages", "image_credit", "cookbook"]

    /// Reads `site.yml`'s text; diagnostics name `displayPath`.
    package static func parse(_ text: String, displayPath: String) -> (SiteConfig, [Diagnostic]) {
        var config = SiteConfig()
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(text)
        } catch {
            return (config, [.error(error.diagnosticMessage(), path: displayPath, line: error.line, column: error.column)])
        }
        var reader = FieldReader(root, path: displayPath, what: "site.yml")
        if let title = reader.string("title") { config.title = title }
        if let node = reader.value("base_url") {
            if let url = node.scalar, url.hasPrefix("https://") || url.hasPrefix("http://") {
                config.baseURL = url.endingInSlash
            } else {
                reader.error("'base_url' must be an absolute http(s) URL such as 'https://example.com/bar/'", at: node)
            }
        }
        if let language = reader.string("language") { config.language = language }
        config.languagePosition = reader.keyPosition("language")
        if let node = reader.value("languages") {
            config.languages = parseLanguages(node, reader: &reader)
            if let first = config.languages.first {
                if let position = config.languagePosition, config.language != first.code {
                    reader.error("'language' is '\(config.language)' but the default of 'languages' is '\(first.code)': give only 'languages'",
                                 line: position.line, column: position.column)
                }
                config.language = first.code
                config.languagePosition = (first.line, first.column)
            }
        }
        config.description = reader.string("description")
        config.author = reader.string("author")
        config.imageCredit = ImageCredit.read("image_credit", from: &reader)
        if let flag = reader.bool("unsafe_html") { config.unsafeHTML = flag }
        if let flag = reader.bool("search") { config.search = flag }
        config.cookbook = CookbookSettings.read(from: &reader)
        config.twitter = reader.string("twitter")
        config.recipeCategory = reader.string("recipe_category")
        config.extra = reader.value("extra")
        if let node = reader.value("breakpoints") {
            config.breakpoints = parseBreakpoints(node, reader: &reader)
        }
        if let node = reader.value("gallery") {
            var galleryReader = FieldReader(node, path: displayPath, what: "gallery")
            config.gallery = GallerySettings.parse(&galleryReader)
            galleryReader.warnUnknownKeys(in: "gallery")
            reader.absorb(galleryReader)
        }
        if let node = reader.value("images") {
            var imagesReader = FieldReader(node, path: displayPath, what: "images")
            config.images = ImageSettings.parse(&imagesReader)
            imagesReader.warnUnknownKeys(in: "images")
            reader.absorb(imagesReader)
        }
        if let node = reader.value("theme") {
            var themeReader = FieldReader(node, path: displayPath, what: "theme")
            config.theme = ThemeSettings.parse(&themeReader)
            themeReader.warnUnknownKeys(in: "theme")
            reader.absorb(themeReader)
        }
        if let node = reader.value("slug_style") {
            if let text = node.scalar, let style = SlugStyle(rawValue: text) {
                config.slugStyle = style
            } else {
                reader.error("'slug_style' must be 'unicode' or 'ascii', found '\(node.scalar ?? node.kindName)'", at: node)
            }
        }
        if let node = reader.value("rich_results") {
            if let text = node.scalar, let level = RichResultsLevel(rawValue: text) {
                config.richResults = level
            } else {
                reader.error("'rich_results' must be 'all', 'required' or 'off', found '\(node.scalar ?? node.kindName)'", at: node)
            }
        }
        if let node = reader.value("menu") {
            config.menu = parseMenu(node, slugStyle: config.slugStyle, reader: &reader)
        }
        for (key, store) in [("theme_color", \SiteConfig.themeColor), ("background_color", \SiteConfig.backgroundColor)] {
            guard let node = reader.value(key) else { continue }
            if let text = node.scalar, isHexColor(text) {
                config[keyPath: store] = text
            } else {
                reader.error("'\(key)' must be a colour written #rgb or #rrggbb, found '\(node.scalar ?? node.kindName)'", at: node)
            }
        }
        reader.warnUnknownKeys(in: "site.yml")
        return (config, reader.diagnostics)
    }

    static func isHexColor(_ text: String) -> Bool {
        guard text.hasPrefix("#"), [4, 7].contains(text.count) else { return false }
        return text.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// `menu:` entries: `- { label: About, page: about }`, `recipe: negroni`, `tag: gin` or
    /// `url: https://…`, each with an optional `weight`. Whether the page, recipe or tag exists is
    /// checked once the content is read.
    private static func parseMenu(_ node: YAMLNode, slugStyle: SlugStyle, reader: inout FieldReader) -> [MenuEntry] {
        guard let items = node.sequence else {
            reader.error("'menu' must be a list of entries like '- { label: About, page: about }'", at: node)
            return []
        }
        var entries: [MenuEntry] = []
        for item in items {
            var entry = FieldReader(item, path: reader.path, what: "a menu entry")
            let label = entry.string("label")?.trimmingSpaces()
            let weight = entry.int("weight") ?? 0
            var targets: [MenuEntry.Target] = []
            for key in ["page", "recipe", "tag", "url"] {
                guard let value = entry.value(key) else { continue }
                guard let text = value.scalar?.trimmingSpaces(), !text.isEmpty else {
                    entry.error("'\(key)' must be text, found \(value.kindName)", at: value)
                    continue
                }
                switch key {
                case "page": targets.append(.page(text.trimmingCharacters(in: CharacterSet(charactersIn: "/"))))
                case "recipe": targets.append(.recipe(text))
                case "tag": targets.append(.tag(Slug.make(from: text, style: slugStyle)))
                default:
                    let lower = text.lowercased()
                    if lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:") {
                        targets.append(.url(text))
                    } else {
                        entry.error("'url' must be an absolute http(s) or mailto: URL, found '\(text)' (link the site's own pages with 'page', 'recipe' or 'tag')", at: value)
                    }
                }
            }
            if label?.isEmpty ?? true {
                entry.error("a menu entry needs a 'label'", at: item)
            } else if targets.count > 1 {
                entry.error("a menu entry links to one thing: give only one of 'page', 'recipe', 'tag' or 'url'", at: item)
            } else if let label, let target = targets.first {
                entries.append(MenuEntry(label: label, weight: weight, target: target, sourcePath: "site.yml", line: item.line, column: item.column))
            } else if entry.diagnostics.isEmpty {
                entry.error("a menu entry needs one of 'page', 'recipe', 'tag' or 'url'", at: item)
            }
            entry.warnUnknownKeys(in: "a menu entry")
            reader.absorb(entry)
        }
        return entries
    }

    private static func parseBreakpoints(_ node: YAMLNode, reader: inout FieldReader) -> [Breakpoint] {
        guard let items = node.sequence, !items.isEmpty else {
            reader.error("'breakpoints' must be a list of entries like '- name: phone' and 'width: 375'", at: node)
            return defaultBreakpoints
        }
        var result: [Breakpoint] = []
        for item in items {
            var entry = FieldReader(item, path: reader.path, what: "a breakpoint")
            let name = entry.string("name")
            let width = entry.double("width")
            if name == nil || width == nil {
                entry.error("a breakpoint needs a 'name' and a 'width'", at: item)
            } else if let width, width < 200 || width > 4000 {
                entry.error("breakpoint width \(CSSNumber.format(width)) is outside 200...4000", at: item)
            } else if let name, let width {
                if result.contains(where: { $0.width == width || $0.name == name }) {
                    entry.error("breakpoint '\(name)' repeats a name or width", at: item)
                } else {
                    result.append(Breakpoint(name: name, width: width))
                }
            }
            entry.warnUnknownKeys(in: "a breakpoint")
            reader.absorb(entry)
        }
        return result.isEmpty ? defaultBreakpoints : result.sorted { $0.width < $1.width }
    }
}

extension FieldReader {
    /// Takes another reader's diagnostics, for nested mappings.
    mutating func absorb(_ other: FieldReader) {
        for diagnostic in other.diagnostics {
            appendDiagnostic(diagnostic)
        }
    }
}

/// Which of Google's recipe rich-result checks a build reports (`rich_results:` in site.yml).
package enum RichResultsLevel: String, Sendable, Hashable {
    /// What Google requires (a picture, a video's own fields) and what it recommends.
    case all
    /// Only what Google requires.
    case required
    /// Nothing.
    case off
}
