import GalleryLayout

/// The gallery's cards laid out once per breakpoint, and the CSS that places them.
///
/// Coordinates are stored in reference pixels of each breakpoint and scaled with container-query
/// units (`--u` = 100cqw ÷ reference width), so between two breakpoints the arrangement grows or
/// shrinks to fit instead of overflowing (DESIGN §3).
public struct GalleryArrangement: Sendable {
    public struct Stage: Sendable {
        public var breakpoint: SiteConfig.Breakpoint
        public var layout: PreparedLayout
    }

    public var stages: [Stage]
    public var labelHeight: Double

    /// Runs `layout` for every breakpoint over the recipes' cards (one section, gallery order).
    public init(recipes: [Recipe], images: [String: ImageInfo], breakpoints: [SiteConfig.Breakpoint],
                layout: any CollectionLayout, labelHeight: Double) {
        let items = recipes.map { recipe in
            ItemMetrics(aspectRatio: Self.aspectRatio(of: recipe, images: images), labelHeight: labelHeight)
        }
        let section = LayoutSection(items: items)
        stages = breakpoints.map { breakpoint in
            Stage(breakpoint: breakpoint,
                  layout: layout.prepare(LayoutContext(containerWidth: breakpoint.width, sections: [section])))
        }
        self.labelHeight = labelHeight
    }

    /// Width ÷ height of a recipe's picture; 4:5 when there is none to measure.
    static func aspectRatio(of recipe: Recipe, images: [String: ImageInfo]) -> Double {
        if case .local(let path)? = recipe.image, let info = images[path] { return info.aspectRatio }
        return 0.8
    }

    /// The inline custom properties of card `index`: its frame at every breakpoint.
    public func cardStyle(index: Int) -> String {
        var style = ""
        for (number, stage) in stages.enumerated() {
            guard let attributes = stage.layout.attributes(at: IndexPath(item: index, section: 0)) else { continue }
            let frame = attributes.frame
            style += "--x\(number):\(CSSNumber.format(frame.minX));--y\(number):\(CSSNumber.format(frame.minY));"
            style += "--w\(number):\(CSSNumber.format(frame.width));--h\(number):\(CSSNumber.format(frame.height));"
        }
        return style
    }

    /// The container width from which a breakpoint's arrangement is used: a little below its
    /// reference width, so a desktop window whose scroll bar takes a few pixels still gets the
    /// desktop arrangement, scaled down by at most 4 %.
    static func threshold(_ width: Double) -> Double {
        (width * 0.96).rounded(.down)
    }

    /// Rules choosing each breakpoint's coordinates and scale, smallest first, by container width.
    public var css: String {
        var css = ".gallery-canvas{--lh:\(CSSNumber.format(labelHeight))}\n"
        for (number, stage) in stages.enumerated() {
            let width = stage.breakpoint.width
            let content = stage.layout.contentSize
            let rules = ".gallery-canvas{--u:calc(100cqw / \(CSSNumber.format(width)));"
                + "width:calc(\(CSSNumber.format(max(content.width, width))) * var(--u));"
                + "height:calc(\(CSSNumber.format(content.height)) * var(--u))}"
                + ".card{--x:var(--x\(number));--y:var(--y\(number));--w:var(--w\(number));--h:var(--h\(number))}"
            if number == 0 {
                css += rules + "\n"
            } else {
                css += "@container gallery (min-width: \(CSSNumber.format(Self.threshold(width)))px){\(rules)}\n"
            }
        }
        return css
    }
}
