import GalleryLayout
import GallerySupport
/// One arrangement the gallery can switch to: a layout engine and its parameters from site.yml.
package struct ArrangementSetting: Sendable {
    /// The engine's registry name, e.g. `fan`; also the arrangement's identifier.
    package var engine: String
    /// The switcher's label; the engine name, capitalised, unless site.yml says otherwise.
    package var label: String
    /// Whether site.yml gives the label; if not, the theme's strings name the arrangement.
    package var hasOwnLabel: Bool
    /// Engine parameters as YAML nodes, so errors can point at them.
    package var parameters: [String: YAMLNode]
    /// Parameters that differ at one breakpoint, by breakpoint name: `phone: { radius: 400 }`.
    package var breakpointParameters: [String: [String: YAMLNode]] = [:]
    /// Where each breakpoint's overrides stand in site.yml.
    package var breakpointPositions: [String: (line: Int, column: Int)] = [:]
    /// Whether cards show their title under the picture. Off by default where the engine's
    /// cards overlap (`EngineDescription.overlapsCards`), so titles never pile up on each other.
    package var showsTitles: Bool
    /// Where the entry stands in site.yml.
    package var line: Int
    package var column: Int


    package init(engine: String, label: String? = nil, showsTitles: Bool? = nil, parameters: [String: YAMLNode] = [:],
                line: Int = 1, column: Int = 1) {
        self.engine = engine
        self.label = label ?? engine.prefix(1).uppercased() + engine.dropFirst()
        hasOwnLabel = label != nil
        self.showsTitles = showsTitles ?? (LayoutRegistry.engine(named: engine)?.showsTitlesByDefault ?? true)
        self.parameters = parameters
        self.line = line
        self.column = column
    }
}

/// How cards move between arrangements (DESIGN §4).
package struct TransitionSettings: Sendable, Hashable {
    package enum Easing: Sendable, Hashable {
        /// A damped spring (UIKit Dynamics' damping and frequency), sampled into CSS `linear()`.
        case spring(damping: Double, frequency: Double)
        /// Any CSS easing function, e.g. `ease-in-out` or `cubic-bezier(.2, .8, .2, 1)`.
        case css(String)
    }

    /// Seconds; for a spring, the time it takes to settle unless set explicitly.
    package var duration: Double?
    package var easing: Easing = .spring(damping: 0.8, frequency: 1.0)
    /// Seconds between one card's start and the next one's.
    package var stagger: Double = 0.012
    /// Springy scroll: how far (reference pixels) a card entering or leaving a strip that scrolls
    /// sideways trails behind its place, settling into it with the spring as it comes fully into
    /// view, as UIKit Dynamics' springy collection views do; nil when off (the default).
    package var springyScroll: Double?

    /// The trail `springy_scroll: true` gives, in reference pixels.
    package static let defaultSpringyScroll = 40.0

    package init() {}
}

/// How the gallery is arranged: its arrangements, sections, transitions and background.
package struct GallerySettings: Sendable {
    /// The arrangements the switcher offers; the first is the default.
    package var arrangements: [ArrangementSetting] = GallerySettings.defaultArrangements
    /// A front matter field recipes are grouped by (`glass`, `author`, `tag`, `year`), or nil.
    package var sectionBy: String?
    /// Height of the two-line title under each card's image, in reference pixels.
    package var labelHeight: Double = 44
    package var transition = TransitionSettings()
    /// A CSS colour behind the cards.
    package var backgroundColor: String?
    /// A picture tiled behind the cards, relative to the site folder (the seed app used leather).
    package var backgroundImage: String?
    /// Cards per gallery page; later cards go on `page/2/` and so on.
    package var pageSize: Int = 60
    /// The most tag filters a gallery page offers (`GalleryModel.filters(for:limit:)`); 0: none.
    /// Every filter lays the page out again in every arrangement and breakpoint: a food blog's
    /// page of 60 cards with six tags each carried 120 filters, 702 KB of HTML, and its chips
    /// pushed the cards below the first screen.
    package var filterLimit: Int = GallerySettings.defaultFilterLimit
    package static let defaultFilterLimit = 24
    /// Where the `gallery:` block stands in site.yml.
    package var line = 1

    package static let defaultArrangements = LayoutRegistry.defaultEngines.map { ArrangementSetting(engine: $0.name) }
    package static let sectionFields = ["glass", "author", "tag", "year"]

    package init() {}

    static func parse(_ reader: inout FieldReader) -> GallerySettings {
        var settings = GallerySettings()
        if let node = reader.node { settings.line = node.line }
        if let node = reader.value("arrangements") {
            settings.arrangements = parseArrangements(node, reader: &reader)
        }
        if let node = reader.value("section_by"), let field = node.scalar {
            if sectionFields.contains(field) {
                settings.sectionBy = field
            } else {
                reader.error("'section_by' must be one of \(sectionFields.joined(separator: ", ")), found '\(field)'", at: node)
            }
        }
        if let height = reader.double("label_height") {
            settings.labelHeight = max(0, height)
        }
        if let size = reader.int("page_size") {
            if size >= 1 { settings.pageSize = size } else { reader.error("'page_size' must be at least 1", line: reader.node?.line ?? 1, column: 1) }
        }
        if let node = reader.value("filters") {
            if let limit = node.scalar.flatMap(Int.init), limit >= 0 { settings.filterLimit = limit } else {
                reader.error("'filters' must be a whole number of tag filters, 0 or more (\(defaultFilterLimit) by default)", at: node)
            }
        }
        if let node = reader.value("transition") {
            var nested = FieldReader(node, path: reader.path, what: "transition")
            settings.transition = parseTransition(&nested)
            nested.warnUnknownKeys(in: "transition")
            reader.absorb(nested)
        }
        if let node = reader.value("background") {
            var nested = FieldReader(node, path: reader.path, what: "background")
            if let color = nested.string("color") {
                if CSSValue.isSafe(color) { settings.backgroundColor = color } else {
                    nested.error("'color' must be a plain CSS colour such as '#2b1d14'", at: nested.value("color")!)
                }
            }
            if let image = nested.value("image") {
                switch image.scalar.map(ImagePath.normalise) {
                case .success(let path)?: settings.backgroundImage = path
                case .failure(let problem)?: nested.error(problem.message, at: image)
                case nil: nested.error("'image' must be a path inside the site folder", at: image)
                }
            }
            nested.warnUnknownKeys(in: "background")
            reader.absorb(nested)
        }
        return settings
    }

    private static func parseArrangements(_ node: YAMLNode, reader: inout FieldReader) -> [ArrangementSetting] {
        guard let items = node.sequence, !items.isEmpty else {
            reader.error("'arrangements' must be a list of layout names, e.g. [grid, fan, masonry]", at: node)
            return defaultArrangements
        }
        var result: [ArrangementSetting] = []
        for item in items {
            var setting: ArrangementSetting
            if let name = item.scalar, !item.isNull {
                setting = ArrangementSetting(engine: name, line: item.line, column: item.column)
            } else if let pairs = item.mapping, pairs.count == 1, let name = pairs[0].key.scalar {
                var parameters: [String: YAMLNode] = [:]
                var label: String?
                var titles: Bool?
                var breakpointParameters: [String: [String: YAMLNode]] = [:]
                var breakpointPositions: [String: (Int, Int)] = [:]
                let value = pairs[0].value
                if let fields = value.mapping {
                    for field in fields {
                        guard let key = field.key.scalar else { continue }
                        switch key {
                        case "label": label = field.value.scalar
                        case "titles":
                            titles = field.value.bool
                            if titles == nil { reader.error("'titles' must be true or false", at: field.value) }
                        default:
                            // A mapping value holds one breakpoint's own parameters.
                            if let overrides = field.value.mapping {
                                var values: [String: YAMLNode] = [:]
                                for override in overrides {
                                    if let name = override.key.scalar { values[name] = override.value }
                                }
                                breakpointParameters[key] = values
                                breakpointPositions[key] = (field.key.line, field.key.column)
                            } else {
                                parameters[key] = field.value
                            }
                        }
                    }
                } else if !value.isNull {
                    reader.error("the parameters of '\(name)' must be a mapping such as '{ radius: 1500 }'", at: value)
                }
                setting = ArrangementSetting(engine: name, label: label, showsTitles: titles, parameters: parameters,
                                             line: item.line, column: item.column)
                setting.breakpointParameters = breakpointParameters
                setting.breakpointPositions = breakpointPositions
            } else {
                reader.error("an arrangement is a layout name, or a name with parameters such as '- fan: { radius: 1500 }'", at: item)
                continue
            }
            if result.contains(where: { $0.engine == setting.engine }) {
                reader.error("arrangement '\(setting.engine)' is listed twice", at: item)
                continue
            }
            result.append(setting)
        }
        return result.isEmpty ? defaultArrangements : result
    }

    private static func parseTransition(_ reader: inout FieldReader) -> TransitionSettings {
        var transition = TransitionSettings()
        if let duration = reader.double("duration") { transition.duration = min(max(duration, 0), 10) }
        if let stagger = reader.double("stagger") { transition.stagger = min(max(stagger, 0), 1) }
        let damping = reader.double("damping") ?? 0.8
        let frequency = reader.double("frequency") ?? 1.0
        if !(damping > 0 && damping <= 4) || !(frequency > 0 && frequency <= 20) {
            let message = "spring 'damping' must be in (0, 4] and 'frequency' in (0, 20] (the seed used 0.8 and 1.0)"
            if let node = reader.value(damping > 0 && damping <= 4 ? "frequency" : "damping") {
                reader.error(message, at: node)
            } else {
                reader.error(message)
            }
        }
        if let node = reader.value("springy_scroll") {
            if let on = node.bool {
                transition.springyScroll = on ? TransitionSettings.defaultSpringyScroll : nil
            } else if let trail = node.double, trail >= 0, trail <= 400 {
                transition.springyScroll = trail > 0 ? trail : nil
            } else {
                reader.error("'springy_scroll' must be true, false or how far cards trail in reference pixels (0 to 400), "
                    + "found '\(node.scalar ?? node.kindName)'", at: node)
            }
        }
        let easing = reader.string("easing") ?? "spring"
        if easing == "spring" {
            transition.easing = .spring(damping: min(max(damping, 0.05), 4), frequency: min(max(frequency, 0.05), 20))
        } else if CSSValue.isSafe(easing) {
            transition.easing = .css(easing)
        } else if let node = reader.value("easing") {
            reader.error("'easing' must be 'spring' or a CSS easing such as 'ease-in-out'", at: node)
        }
        return transition
    }
}

/// Checks values copied from site.yml into CSS.
enum CSSValue {
    /// True for values that cannot end a declaration or rule: no `;`, braces, quotes, `<`, `\`
    /// or comment markers.
    static func isSafe(_ value: String) -> Bool {
        !value.isEmpty && value.count < 200
            && !value.contains(where: { ";{}<>\"'\\\n".contains($0) }) && !value.contains("/*")
    }
}
