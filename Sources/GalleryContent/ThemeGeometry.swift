import GallerySupport

/// The boxes a theme's CSS shows pictures in, in CSS pixels, from the theme's `theme.yml`: the
/// image planner cuts every picture's renditions (1x and 2x) for them, and the gallery's `sizes`
/// attribute grows up to the gallery's width. They live beside the stylesheet that lays the boxes
/// out, so a theme with another layout gets pictures cut for its own boxes.
///
/// ```yaml
/// pictures:
///   gallery: 1600            # the gallery's widest (its arrangement scales up to it)
///   hero: 720                # the recipe page's photo at its widest
///   text: [720, 548, 343]    # a picture in a recipe's method, at each width the column takes
///   page: 720                # a picture on a page or a journal post, a video's poster
/// sizes:
///   hero: "(min-width: 1100px) 450px, (min-width: 760px) 41vw, 92vw"
/// ```
package struct ThemeGeometry: Sendable, Equatable {
    /// The gallery container's maximum width: the last breakpoint's arrangement scales up to it.
    package var galleryWidth: Double
    /// The recipe page's hero box at its widest.
    package var heroWidth: Double
    /// The widths a picture in a recipe's running text is shown at.
    package var textWidths: [Double]
    /// The widest a picture on a page or a post is shown.
    package var pageWidth: Double
    /// The hero's `sizes` at each of the stylesheet's breakpoints (widened per picture when it
    /// overflows the box to cover it).
    package var heroSizes: PictureSizes

    package init(galleryWidth: Double, heroWidth: Double, textWidths: [Double], pageWidth: Double, heroSizes: PictureSizes) {
        self.galleryWidth = galleryWidth
        self.heroWidth = heroWidth
        self.textWidths = textWidths
        self.pageWidth = pageWidth
        self.heroSizes = heroSizes
    }

    /// No box is wider: beyond it a width is a typing mistake, and renditions would be enormous.
    package static let widestBox = 10_000.0

    /// Reads `theme.yml`'s text; diagnostics name `displayPath`. A key the file leaves out keeps
    /// `defaults`' value (the built-in theme's); with no defaults every key is required. Nil when
    /// the file has errors.
    package static func parse(_ text: String, displayPath: String, defaults: ThemeGeometry?) -> (ThemeGeometry?, [Diagnostic]) {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(text)
        } catch {
            return (nil, [.error(error.diagnosticMessage(), path: displayPath, line: error.line, column: error.column)])
        }
        var reader = FieldReader(root, path: displayPath, what: "theme.yml")
        var pictures = FieldReader(reader.value("pictures"), path: displayPath, what: "pictures")
        func width(_ key: String, _ node: YAMLNode) -> Double? {
            guard let value = node.double else {
                pictures.error("'\(key)' must be a width in CSS pixels, found '\(node.scalar ?? node.kindName)'", at: node)
                return nil
            }
            guard value >= 1, value <= widestBox else {
                pictures.error("'\(key)' must be between 1 and \(Int(widestBox)) CSS pixels, found \(CSSNumber.format(value))", at: node)
                return nil
            }
            return value
        }
        func single(_ key: String, _ fallback: Double?) -> Double? {
            guard let node = pictures.value(key) else {
                if fallback == nil { missing(key) }
                return fallback
            }
            return width(key, node)
        }
        func missing(_ key: String) {
            let position = root.map { ($0.line, $0.column) } ?? (1, 1)
            pictures.error("theme.yml gives no 'pictures: \(key):' width", line: position.0, column: position.1)
        }
        let gallery = single("gallery", defaults?.galleryWidth)
        let hero = single("hero", defaults?.heroWidth)
        let page = single("page", defaults?.pageWidth)
        var text = defaults?.textWidths
        if let node = pictures.value("text") {
            let items = node.sequence ?? [node]
            let widths = items.compactMap { width("text", $0) }
            text = widths.count == items.count ? widths : nil
            if items.isEmpty {
                pictures.error("'text' must list at least one width", at: node)
                text = nil
            }
        } else if text == nil {
            missing("text")
        }
        pictures.warnUnknownKeys(in: "pictures")
        reader.absorb(pictures)
        var sizes = FieldReader(reader.value("sizes"), path: displayPath, what: "sizes")
        var heroSizes = defaults?.heroSizes
        if let node = sizes.value("hero") {
            if let text = node.scalar {
                switch PictureSizes.parse(text) {
                case .success(let parsed): heroSizes = parsed
                case .failure(let problem):
                    sizes.error("'hero' is not a sizes attribute gallerygen can widen: \(problem.message)", at: node)
                    heroSizes = nil
                }
            } else {
                sizes.error("'hero' must be a sizes attribute in quotes, found \(node.kindName)", at: node)
                heroSizes = nil
            }
        } else if heroSizes == nil {
            let position = root.map { ($0.line, $0.column) } ?? (1, 1)
            sizes.error("theme.yml gives no 'sizes: hero:'", line: position.0, column: position.1)
        }
        sizes.warnUnknownKeys(in: "sizes")
        reader.absorb(sizes)
        reader.warnUnknownKeys(in: "theme.yml")
        guard let gallery, let hero, let page, let text, let heroSizes, !reader.diagnostics.contains(where: { $0.severity == .error }) else {
            return (nil, reader.diagnostics)
        }
        return (ThemeGeometry(galleryWidth: gallery, heroWidth: hero, textWidths: text, pageWidth: page, heroSizes: heroSizes), reader.diagnostics)
    }
}
