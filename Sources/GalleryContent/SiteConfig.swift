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

    package static let defaultBreakpoints = [
        Breakpoint(name: "phone", width: 375),
        Breakpoint(name: "tablet", width: 768),
        Breakpoint(name: "desktop", width: 1280),
    ]

    package init() {}

    package static let knownKeys = ["title", "base_url", "language", "description", "author", "unsafe_html",
                                   "breakpoints", "gallery", "search", "twitter", "recipe_category", "images", "theme"]

    /// Reads `site.yml`'s text; diagnostics name `displayPath`.
    package static func parse(_ text: String, displayPath: String) -> (SiteConfig, [Diagnostic]) {
        var config = SiteConfig()
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(text)
        } catch {
            return (config, [.error("invalid YAML: \(error.message)", path: displayPath, line: error.line, column: error.column)])
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
        config.description = reader.string("description")
        config.author = reader.string("author")
        if let flag = reader.bool("unsafe_html") { config.unsafeHTML = flag }
        if let flag = reader.bool("search") { config.search = flag }
        config.twitter = reader.string("twitter")
        config.recipeCategory = reader.string("recipe_category")
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
        reader.warnUnknownKeys(in: "site.yml")
        return (config, reader.diagnostics)
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
