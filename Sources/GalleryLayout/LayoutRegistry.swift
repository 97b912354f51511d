/// One engine as `gallerygen layouts` lists it and site.yml names it.
public struct EngineDescription: Sendable {
    /// The name used in site.yml, e.g. `"fan"`.
    public var name: String
    /// One line saying what the arrangement looks like.
    public var summary: String
    /// Whether cards may lie on top of one another (a fan, a deck, a scatter; a circle once it is
    /// full), so that one can cover another's title or focus ring.
    public var overlapsCards: Bool
    /// Whether cards show their title under the picture unless site.yml says otherwise: not where
    /// cards overlap so much that titles would pile up (a scatter's few overlaps keep them).
    public var showsTitlesByDefault: Bool
    /// Whether a site that names no arrangements gets this one in its switcher.
    public var offeredByDefault: Bool
    /// Every knob, in the order to show them.
    public var parameters: [LayoutParameter]

    fileprivate let make: @Sendable (ParameterReader) throws -> any CollectionLayout

    /// Every engine also takes `flips_horizontally` (last in its list): false keeps the
    /// arrangement unmirrored on a right-to-left site, the site's say over
    /// `flipsHorizontallyInOppositeLayoutDirection`.
    fileprivate init(name: String, summary: String, overlapsCards: Bool, showsTitlesByDefault: Bool,
                     offeredByDefault: Bool, parameters: [LayoutParameter],
                     make: @escaping @Sendable (ParameterReader) throws -> any CollectionLayout) {
        self.name = name
        self.summary = summary
        self.overlapsCards = overlapsCards
        self.showsTitlesByDefault = showsTitlesByDefault
        self.offeredByDefault = offeredByDefault
        self.parameters = parameters + [
            LayoutParameter("flips_horizontally", .bool, "true",
                            "mirror the arrangement on a right-to-left site (ar, he, fa, ur); false keeps it as on a left-to-right one"),
        ]
        self.make = { reader in
            let layout = try make(reader)
            return try reader.bool("flips_horizontally") == false ? UnflippedLayout(base: layout) : layout
        }
    }
}

/// Every engine by name, and the factory that builds one from site.yml's parameters.
public enum LayoutRegistry {
    /// All engines, in the order to list them.
    public static let engines: [EngineDescription] = [
        flow, grid, fan, scatter, deck, spread, coverflow, stack, circle, masonry, justified,
    ]

    /// The engines a site that names none gets, in switcher order.
    public static var defaultEngines: [EngineDescription] { engines.filter { $0.offeredByDefault } }

    /// The engine called `name`, if there is one.
    public static func engine(named name: String) -> EngineDescription? {
        engines.first { $0.name == name }
    }

    /// Builds engine `name` with `parameters` (snake_case, as in site.yml) over its defaults.
    /// Throws `LayoutConfigurationError` naming the engine or parameter that is wrong.
    public static func makeLayout(
        name: String, parameters: [String: LayoutParameterValue] = [:]
    ) throws -> any CollectionLayout {
        guard let engine = engine(named: name) else {
            throw LayoutConfigurationError.unknownEngine(name: name, known: engines.map(\.name))
        }
        return try engine.make(ParameterReader(engine: engine, values: parameters))
    }

    // MARK: - The engines

    private static func itemWidth(_ value: String) -> LayoutParameter {
        LayoutParameter("item_width", .number, value, "card width")
    }

    private static func itemHeight(_ value: String) -> LayoutParameter {
        LayoutParameter("item_height", .number, value, "card height")
    }

    private static func sectionHeaders(_ header: String = "44") -> [LayoutParameter] {
        [
            LayoutParameter("header_height", .number, header, "height of each section's header; 0 hides them"),
            LayoutParameter("footer_height", .number, "0", "height of each section's footer; 0 hides them"),
        ]
    }

    private static func croupierHeight(_ width: Double) -> Double { GridLayout.itemSize(width: width).height }

    static let flow = EngineDescription(
        name: "flow", summary: "lines of cards justified edge to edge (UICollectionViewFlowLayout)",
        overlapsCards: false, showsTitlesByDefault: true, offeredByDefault: false,
        parameters: [
            LayoutParameter("item_width", .number, "160", "card width; alone, each card is as tall as its image plus label"),
            LayoutParameter("item_height", .number, "auto", "fixed card height; auto: image height plus label"),
            LayoutParameter("minimum_interitem_spacing", .number, "10", "smallest gap between cards of a line"),
            LayoutParameter("minimum_line_spacing", .number, "10", "gap between lines"),
            LayoutParameter("section_inset", .insets, "0", "space around each section's cards (top, left, bottom, right)"),
            LayoutParameter("scroll_direction", .choice(ScrollDirection.allCases.map(\.rawValue)), "vertical",
                "vertical fills rows; horizontal fills columns top to bottom"),
            LayoutParameter("header_reference_size", .size, "44", "section header height (vertical) or width (horizontal)"),
            LayoutParameter("footer_reference_size", .size, "0", "section footer height (vertical) or width (horizontal)"),
        ],
        make: { p in
            var layout = FlowLayout()
            let width = try p.number("item_width", minimum: 0)
            if let height = try p.number("item_height", minimum: 0) {
                layout.itemSize = Size(width: width ?? layout.estimatedItemWidth, height: height)
            }
            layout.estimatedItemWidth = width ?? layout.estimatedItemWidth
            layout.minimumInteritemSpacing = try p.number("minimum_interitem_spacing", minimum: 0) ?? layout.minimumInteritemSpacing
            layout.minimumLineSpacing = try p.number("minimum_line_spacing", minimum: 0) ?? layout.minimumLineSpacing
            layout.sectionInset = try p.insets("section_inset") ?? layout.sectionInset
            layout.scrollDirection = try p.choice("scroll_direction", ScrollDirection.self) ?? layout.scrollDirection
            layout.headerReferenceSize = try p.size("header_reference_size") ?? layout.headerReferenceSize
            layout.footerReferenceSize = try p.size("footer_reference_size") ?? layout.footerReferenceSize
            return layout
        })

    static let grid = EngineDescription(
        name: "grid", summary: "equal cards in as many centred columns as fit (Croupier grid)",
        overlapsCards: false, showsTitlesByDefault: true, offeredByDefault: true,
        parameters: [
            itemWidth("120"), itemHeight("200 (item_width × 1.6666 when only the width is set)"),
            LayoutParameter("padding", .number, "25", "space between cards and around the grid"),
        ] + sectionHeaders(),
        make: { p in
            var layout = GridLayout()
            layout.itemSize = try p.itemSize(default: layout.itemSize, heightForWidth: croupierHeight)
            layout.padding = try p.number("padding", minimum: 0) ?? layout.padding
            layout.headerHeight = try p.number("header_height", minimum: 0) ?? layout.headerHeight
            layout.footerHeight = try p.number("footer_height", minimum: 0) ?? layout.footerHeight
            return layout
        })

    static let fan = EngineDescription(
        name: "fan", summary: "a hand of cards fanned about a point below them (Croupier fan)",
        overlapsCards: true, showsTitlesByDefault: false, offeredByDefault: true,
        parameters: [
            itemWidth("120"), itemHeight("200 (item_width × 1.6666 when only the width is set)"),
            LayoutParameter("radius", .number, "2000", "distance from a card's middle to the turning point"),
            LayoutParameter("angle_degrees", .number, "auto", "turn of the first card; auto centres the fan"),
            LayoutParameter("angle_per_item_degrees", .number, "auto", "turn between cards; auto: atan(item_width / radius)"),
        ],
        make: { p in
            var layout = FanLayout()
            layout.itemSize = try p.itemSize(default: layout.itemSize, heightForWidth: croupierHeight)
            layout.radius = try p.number("radius", minimum: 0) ?? layout.radius
            layout.angle = try p.degrees("angle_degrees") ?? layout.angle
            layout.anglePerItem = try p.degrees("angle_per_item_degrees") ?? layout.anglePerItem
            return layout
        })

    static let scatter = EngineDescription(
        name: "scatter", summary: "cards dropped on a table, repeatably (Croupier scatter, seeded)",
        overlapsCards: true, showsTitlesByDefault: true, offeredByDefault: true,
        parameters: [
            itemWidth("120"), itemHeight("200 (item_width × 1.6666 when only the width is set)"),
            LayoutParameter("seed", .integer, "0", "seed of the random sequence; change it to reshuffle"),
            LayoutParameter("maximum_rotation_degrees", .number, "15", "largest turn either way"),
            LayoutParameter("candidate_count", .integer, "8", "random spots tried per card; more spreads them better"),
            LayoutParameter("coverage", .number, "0.5", "share of the table the cards cover when no viewport height is known"),
        ],
        make: { p in
            var layout = ScatterLayout()
            layout.itemSize = try p.itemSize(default: layout.itemSize, heightForWidth: croupierHeight)
            layout.seed = try p.integer("seed", minimum: 0).map { UInt64($0) } ?? layout.seed
            layout.maximumRotation = try p.degrees("maximum_rotation_degrees", minimum: 0) ?? layout.maximumRotation
            layout.candidateCount = try p.integer("candidate_count", minimum: 1, maximum: 1_000) ?? layout.candidateCount
            if let coverage = try p.number("coverage", minimum: 0) {
                guard coverage > 0 else {
                    throw LayoutConfigurationError.invalidValue(engine: "scatter", parameter: "coverage", reason: "must be more than 0")
                }
                layout.coverage = coverage
            }
            return layout
        })

    static let deck = EngineDescription(
        name: "deck", summary: "a squared-up pile of cards, centred (Croupier deck)",
        overlapsCards: true, showsTitlesByDefault: false, offeredByDefault: true,
        parameters: [
            itemWidth("120"), itemHeight("200 (item_width × 1.6666 when only the width is set)"),
            LayoutParameter("padding", .number, "5", "horizontal offset between cards; vertical is half"),
        ],
        make: { p in
            var layout = DeckLayout()
            layout.itemSize = try p.itemSize(default: layout.itemSize, heightForWidth: croupierHeight)
            layout.padding = try p.number("padding", minimum: 0) ?? layout.padding
            return layout
        })

    static let spread = EngineDescription(
        name: "spread", summary: "one overlapping row of cards, scrolling sideways (Croupier spread)",
        overlapsCards: true, showsTitlesByDefault: false, offeredByDefault: true,
        parameters: [
            itemWidth("120"), itemHeight("200 (item_width × 1.6666 when only the width is set)"),
            LayoutParameter("spread_x", .number, "50", "how much of each card the next one covers"),
            LayoutParameter("padding", .number, "100", "distance from the edges to the first and last card centres"),
        ],
        make: { p in
            var layout = SpreadLayout()
            layout.itemSize = try p.itemSize(default: layout.itemSize, heightForWidth: croupierHeight)
            layout.spreadX = try p.number("spread_x") ?? layout.spreadX
            layout.padding = try p.number("padding", minimum: 0) ?? layout.padding
            return layout
        })

    static let coverflow = EngineDescription(
        name: "coverflow", summary: "a strip of cards turned in 3-D towards the one in the middle (cover flow)",
        overlapsCards: true, showsTitlesByDefault: false, offeredByDefault: false,
        parameters: [
            itemWidth("120"), itemHeight("200 (item_width × 1.6666 when only the width is set)"),
            LayoutParameter("spacing", .number, "40", "distance between neighbouring card centres; scrolling this far brings the next card to the middle"),
            LayoutParameter("rotation_degrees", .number, "60", "turn of the cards beside the middle, about the vertical axis"),
            LayoutParameter("turn_distance", .number, "auto", "how far from the middle a card has finished turning; auto: spacing"),
            LayoutParameter("side_offset", .number, "50", "how far turned cards move outwards, clearing the middle card"),
            LayoutParameter("depth", .number, "100", "how far turned cards are pulled back"),
            LayoutParameter("perspective", .number, "500", "the viewer's distance from the cards; smaller looks deeper"),
        ],
        make: { p in
            var layout = CoverFlowLayout()
            layout.itemSize = try p.itemSize(default: layout.itemSize, heightForWidth: croupierHeight)
            layout.spacing = try p.number("spacing", minimum: 0) ?? layout.spacing
            layout.rotation = try p.degrees("rotation_degrees", minimum: 0, maximum: 90) ?? layout.rotation
            layout.turnDistance = try p.number("turn_distance", minimum: 0) ?? layout.turnDistance
            layout.sideOffset = try p.number("side_offset") ?? layout.sideOffset
            layout.depth = try p.number("depth", minimum: 0) ?? layout.depth
            if let perspective = try p.number("perspective", minimum: 0) {
                guard perspective > 0 else {
                    throw LayoutConfigurationError.invalidValue(engine: "coverflow", parameter: "perspective", reason: "must be more than 0")
                }
                layout.perspective = perspective
            }
            return layout
        })

    static let stack = EngineDescription(
        name: "stack", summary: "one stack of cards per section, like Photos albums (Pospesel stacks)",
        overlapsCards: true, showsTitlesByDefault: false, offeredByDefault: false,
        parameters: [
            itemWidth("120"), itemHeight("200 (item_width × 1.6666 when only the width is set)"),
            LayoutParameter("spacing", .number, "40", "space between stacks"),
            LayoutParameter("section_inset", .insets, "20", "space around the stacks (top, left, bottom, right)"),
            LayoutParameter("rotation_degrees", .number, "5", "turn of the second and third cards (+ and −)"),
            LayoutParameter("visible_item_count", .integer, "3", "cards shown per stack; the rest are hidden"),
            LayoutParameter("header_height", .number, "44", "height of the title below each stack; 0 hides them, and the stacks do not open"),
        ],
        make: { p in
            var layout = StackLayout()
            layout.itemSize = try p.itemSize(default: layout.itemSize, heightForWidth: croupierHeight)
            layout.spacing = try p.number("spacing", minimum: 0) ?? layout.spacing
            layout.sectionInset = try p.insets("section_inset") ?? layout.sectionInset
            layout.rotation = try p.degrees("rotation_degrees") ?? layout.rotation
            layout.visibleItemCount = try p.integer("visible_item_count", minimum: 0) ?? layout.visibleItemCount
            layout.headerHeight = try p.number("header_height", minimum: 0) ?? layout.headerHeight
            return layout
        })

    static let circle = EngineDescription(
        name: "circle", summary: "cards evenly around a circle (Apple's CircleLayout)",
        overlapsCards: true, showsTitlesByDefault: false, offeredByDefault: false,
        parameters: [
            itemWidth("70"), itemHeight("70 (item_width when only the width is set)"),
            LayoutParameter("radius", .number, "auto", "circle radius; auto: min(width, height) / 2.5, the cards kept inside the width"),
        ],
        make: { p in
            var layout = CircleLayout()
            layout.itemSize = try p.itemSize(default: layout.itemSize) { $0 }
            layout.radius = try p.number("radius", minimum: 0) ?? layout.radius
            return layout
        })

    static let masonry = EngineDescription(
        name: "masonry", summary: "columns of cards at their images' heights, shortest column first (Masonry)",
        overlapsCards: false, showsTitlesByDefault: true, offeredByDefault: true,
        parameters: [
            LayoutParameter("column_width", .number, "240", "column width to aim for; columns stretch to fill"),
            LayoutParameter("column_count", .integer, "auto", "fixed number of columns; auto: from the width"),
            LayoutParameter("minimum_column_spacing", .number, "10", "space between columns"),
            LayoutParameter("minimum_interitem_spacing", .number, "10", "space between cards in a column"),
            LayoutParameter("section_inset", .insets, "0", "space around each section's columns (top, left, bottom, right)"),
            LayoutParameter("horizontal_order", .bool, "false", "deal cards to columns left to right, keeping reading order"),
        ] + sectionHeaders(),
        make: { p in
            var layout = MasonryLayout()
            layout.columnWidth = try p.number("column_width", minimum: 1) ?? layout.columnWidth
            layout.columnCount = try p.integer("column_count", minimum: 1, maximum: 10_000) ?? layout.columnCount
            layout.minimumColumnSpacing = try p.number("minimum_column_spacing", minimum: 0) ?? layout.minimumColumnSpacing
            layout.minimumInteritemSpacing = try p.number("minimum_interitem_spacing", minimum: 0) ?? layout.minimumInteritemSpacing
            layout.sectionInset = try p.insets("section_inset") ?? layout.sectionInset
            layout.horizontalOrder = try p.bool("horizontal_order") ?? layout.horizontalOrder
            layout.headerHeight = try p.number("header_height", minimum: 0) ?? layout.headerHeight
            layout.footerHeight = try p.number("footer_height", minimum: 0) ?? layout.footerHeight
            return layout
        })

    static let justified = EngineDescription(
        name: "justified", summary: "rows of images at their aspect ratios, filling the width (Flickr justified-layout)",
        overlapsCards: false, showsTitlesByDefault: true, offeredByDefault: true,
        parameters: [
            LayoutParameter("target_row_height", .number, "320", "row height to aim for"),
            LayoutParameter("target_row_height_tolerance", .number, "0.25", "how far a row may stray from the target, as a fraction"),
            LayoutParameter("box_spacing", .number, "10", "space between cards and rows"),
            LayoutParameter("section_inset", .insets, "10", "space around each section's rows (top, left, bottom, right)"),
            LayoutParameter("widow_layout_style", .choice(JustifiedLayout.WidowLayoutStyle.allCases.map(\.rawValue)), "left",
                "how the last, incomplete row is laid out"),
        ] + sectionHeaders(),
        make: { p in
            var layout = JustifiedLayout()
            layout.targetRowHeight = try p.number("target_row_height", minimum: 1) ?? layout.targetRowHeight
            layout.targetRowHeightTolerance = try p.number("target_row_height_tolerance", minimum: 0) ?? layout.targetRowHeightTolerance
            layout.boxSpacing = try p.number("box_spacing", minimum: 0) ?? layout.boxSpacing
            layout.sectionInset = try p.insets("section_inset") ?? layout.sectionInset
            layout.widowLayoutStyle = try p.choice("widow_layout_style", JustifiedLayout.WidowLayoutStyle.self) ?? layout.widowLayoutStyle
            layout.headerHeight = try p.number("header_height", minimum: 0) ?? layout.headerHeight
            layout.footerHeight = try p.number("footer_height", minimum: 0) ?? layout.footerHeight
            return layout
        })
}
