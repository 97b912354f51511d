import Foundation
import GalleryContent
import GalleryLayout
import GallerySupport

/// Where one gallery element sits in one state, in reference pixels, ready for CSS: the top-left
/// corner of the untransformed box after the layout's transform has been re-expressed around the
/// box's centre (so every state shares `transform-origin: 50% 50%` and a switch never jumps).
///
/// A card turned in depth (`LayoutAttributes.transform` with a rotation about x or y or a move in
/// z) keeps that turn about its own centre, as UIKit turns a cell about its centre: CSS `transform:
/// perspective() translate3d() rotateX() rotateY()` (GalleryStyle writes the same picture another
/// way) inside `translate`, `rotate` and `scale`. Its
/// translation stays inside the perspective, as `CATransform3D`'s does, so `x` and `y` are then
/// the box before it. Exact when a turned card is not also turned in the screen plane or scaled.
package struct Placement: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
    /// Degrees, clockwise.
    package var rotation: Double
    package var scale: Double
    package var zIndex: Int
    package var opacity: Double
    package var isHidden: Bool
    /// The turn in depth (zero, zero, zero, nil unless `isTurned`): degrees about the x and y axes,
    /// the translation inside the perspective, and the perspective distance.
    package var rotationX: Double = 0
    package var rotationY: Double = 0
    package var translationX: Double = 0
    package var translationY: Double = 0
    package var translationZ: Double = 0
    package var perspective: Double?
    /// Whether another card lies over the foot of this one's picture, where an arrangement without
    /// titles below its cards puts the title (`titleIsCovered(_:in:labelHeight:direction:)`).
    package var isTitleCovered = false

    /// Converts layout attributes; the visual centre and angle are kept exactly.
    package init(_ attributes: LayoutAttributes) {
        let frame = attributes.frame
        let transform = attributes.transform
        // The transform maps p to A + t + R·S·(p − A) around the anchor A; its image of the
        // centre C is where the centred box must go.
        let anchor = Point(x: frame.minX + attributes.anchorPoint.x * frame.width,
                           y: frame.minY + attributes.anchorPoint.y * frame.height)
        let dx = (frame.midX - anchor.x) * transform.scaleX
        let dy = (frame.midY - anchor.y) * transform.scaleY
        let angle = transform.rotationZ
        let isTurned = transform.rotationX != 0 || transform.rotationY != 0 || transform.translationZ != 0
        let (moveX, moveY) = isTurned ? (0, 0) : (transform.translationX, transform.translationY)
        let centreX = anchor.x + moveX + dx * cos(angle) - dy * sin(angle)
        let centreY = anchor.y + moveY + dx * sin(angle) + dy * cos(angle)
        x = centreX - frame.width / 2
        y = centreY - frame.height / 2
        width = frame.width
        height = frame.height
        rotation = angle * 180 / .pi
        scale = (transform.scaleX + transform.scaleY) / 2
        zIndex = attributes.zIndex
        opacity = attributes.isHidden ? 0 : attributes.alpha
        isHidden = attributes.isHidden || attributes.alpha <= 0
        if isTurned {
            rotationX = transform.rotationX * 180 / .pi
            rotationY = transform.rotationY * 180 / .pi
            translationX = transform.translationX
            translationY = transform.translationY
            translationZ = transform.translationZ
            perspective = transform.perspective
        }
    }

    /// Whether the card is turned in depth, so CSS needs its `transform` as well.
    package var isTurned: Bool { rotationX != 0 || rotationY != 0 || translationZ != 0 }

    /// The on-screen centre, which browser checks compare against.
    package var centre: Point { Point(x: x + width / 2, y: y + height / 2) }
}

/// One gallery page's cards (and section headers), laid out for every arrangement × breakpoint ×
/// filter: everything the page needs to re-arrange itself without script (DESIGN §4).
package struct GalleryModel: Sendable {
    /// A group of cards with a header, when the site groups recipes (`section_by`).
    package struct Section: Sendable, Hashable {
        package var title: String
        /// Indices into `cards`.
        package var cards: Range<Int>
    }

    /// A tag filter: the cards that carry the tag.
    package struct Filter: Sendable, Hashable {
        package var name: String
        package var members: Set<Int>
    }

    /// One state's layout: placements by card and by section header (nil: not shown).
    package struct State: Sendable {
        package var arrangement: Int
        package var breakpoint: Int
        /// 0 for "All", otherwise 1 + an index into `filters`.
        package var filter: Int
        /// The layout's placements, which states of one shape share (`StateGeometryCache`).
        package var geometry: StateGeometry
        /// The placements by card and by section header, read through the filter's positions
        /// into `geometry`: no array per state (issue 37).
        package var cards: Placements
        package var headers: Placements
        package var contentSize: Size { geometry.contentSize }
        /// How the cards turn as the strip scrolls (cover flow); nil when they stay as placed.
        package var scrollDrivenTurn: ScrollDrivenTurn? { geometry.scrollDrivenTurn }

        /// Whether the cards are wider than a page `width` reference pixels wide (spread), so the
        /// strip scrolls sideways on its own.
        package func scrollsSideways(width: Double) -> Bool { contentSize.width > width + 0.5 }
        /// The section opened in place (stacks that open), its cards a grid; nil in every state
        /// but an opening arrangement's opened ones, which are always unfiltered (filter 0).
        package var openedSection: Int? = nil
        /// Whether a card or header is turned in depth (`Placement.isTurned`), and the largest
        /// perspective among them: noted as the placements are made, so the style need not read
        /// every placement of every state again to learn it (issue 37).
        package var hasTurnedPlacement: Bool { geometry.hasTurnedPlacement }
        package var largestPerspective: Double? { geometry.largestPerspective }
    }

    /// One kind of element's placements in a state, by element (card or section): a view of the
    /// state geometry's placements through where each element is among them.
    package struct Placements: RandomAccessCollection, Equatable, Sendable {
        /// The geometry's placements, in layout order.
        private let placements: [Placement?]
        /// Each element's position in `placements`; -1 where the state does not show it.
        private let positions: [Int32]

        init(_ placements: [Placement?], positions: [Int32]) {
            self.placements = placements
            self.positions = positions
        }

        package var startIndex: Int { 0 }
        package var endIndex: Int { positions.count }

        package subscript(element: Int) -> Placement? {
            let position = Int(positions[element])
            return position < 0 ? nil : placements[position]
        }

        package static func == (a: Placements, b: Placements) -> Bool { a.elementsEqual(b) }
    }

    /// Cards in DOM order: section by section, each in gallery order.
    package var cards: [Recipe]
    package var sections: [Section]
    /// Whether sections show headers (only when the site groups recipes).
    package var hasSectionHeaders: Bool
    package var arrangements: [ArrangementSetting]
    package var breakpoints: [SiteConfig.Breakpoint]
    package var filters: [Filter]
    /// Every arrangement × filter × breakpoint (`stateIndex`), then the opened states
    /// (`openedStateIndex`).
    package var states: [State]
    /// The arrangements whose sections open in place (a `stack` with titles on a site with `section_by`),
    /// each with the index in `states` of its first opened state: section by section, breakpoint
    /// by breakpoint. Empty on every other gallery, which then has exactly the states it always had.
    package var openingArrangements: [(arrangement: Int, firstState: Int)]
    /// Right to left on an Arabic, Hebrew, Persian or Urdu site: every placement is then the
    /// mirror image of the engine's (unless the arrangement turned flipping off).
    package var layoutDirection: LayoutDirection

    package init(recipes: [Recipe], images: [String: ImageInfo], settings: GallerySettings,
                layouts: [[any CollectionLayout]], breakpoints: [SiteConfig.Breakpoint],
                layoutDirection: LayoutDirection = .leftToRight, geometries: StateGeometryCache? = nil) {
        self.layoutDirection = layoutDirection
        let grouped = Self.group(recipes, by: settings.sectionBy)
        cards = grouped.flatMap(\.recipes)
        var sections: [Section] = []
        var start = 0
        for group in grouped {
            sections.append(Section(title: group.title, cards: start..<start + group.recipes.count))
            start += group.recipes.count
        }
        self.sections = sections
        let hasHeaders = settings.sectionBy != nil
        hasSectionHeaders = hasHeaders
        arrangements = settings.arrangements
        self.breakpoints = breakpoints
        let filters = Self.filters(for: cards, limit: settings.filterLimit)
        self.filters = filters

        let aspectRatios = cards.map { Self.aspectRatio(of: $0, images: images) }
        var states: [State] = []
        let cardIndices = cards.indices
        // What a filter shows is the same in every arrangement and breakpoint: worked out once.
        let selections = [Selection(sections: sections, aspectRatios: aspectRatios, members: nil)] + filters.map { filter in
            // Flagged member by member: asking the set about every card hashed each one.
            var flags = [Bool](repeating: false, count: cardIndices.count)
            for member in filter.members { flags[member] = true }
            return Selection(sections: sections, aspectRatios: aspectRatios, members: flags)
        }
        for (arrangementIndex, layoutsByBreakpoint) in layouts.enumerated() {
            let labelHeight = settings.arrangements[arrangementIndex].showsTitles ? settings.labelHeight : 0
            let titleOverPicture = labelHeight > 0 ? nil : settings.labelHeight
            let metrics = aspectRatios.map { ItemMetrics(aspectRatio: $0, labelHeight: labelHeight) }
            for (filterIndex, selection) in selections.enumerated() {
                // The cache's geometries of the selection's shape, looked up once for all its
                // breakpoints: a layout that measures its cards finds them under their shared ratio.
                var unmeasured: (shape: StateGeometryCache.Shape, slots: StateGeometryCache.Slots)?
                var measured: (shape: StateGeometryCache.Shape, slots: StateGeometryCache.Slots)?
                func sharedGeometries(measured isMeasured: Bool) -> (shape: StateGeometryCache.Shape, slots: StateGeometryCache.Slots)? {
                    guard let geometries else { return nil }
                    if let known = isMeasured ? measured : unmeasured { return known }
                    let shape = StateGeometryCache.Shape(hasHeaders: hasHeaders, sectionSizes: selection.sectionSizes,
                                                         sharedAspectRatio: isMeasured ? selection.sharedAspectRatio : nil)
                    let found = (shape: shape, slots: geometries.geometries(shape))
                    if isMeasured { measured = found } else { unmeasured = found }
                    return found
                }
                // Made only for a state the cache does not hold, once for all its breakpoints.
                var madeSections: [LayoutSection]?
                func layoutSections() -> [LayoutSection] {
                    if let madeSections { return madeSections }
                    let sections = selection.layoutSections(metrics: metrics, hasHeaders: hasHeaders)
                    madeSections = sections
                    return sections
                }
                for (breakpointIndex, breakpoint) in breakpoints.enumerated() {
                    let layout = layoutsByBreakpoint[breakpointIndex]
                    // A layout that measures its cards places cards of one shape alike too, whichever
                    // they are: a site without pictures, or whose pictures are all cut alike.
                    let measures = layout.dependsOnItemMetrics
                    func laidOut() -> StateGeometry {
                        StateGeometry(layout: layout, sections: layoutSections(), hasHeaders: hasHeaders, width: breakpoint.width,
                                      direction: layoutDirection, titleOverPicture: titleOverPicture)
                    }
                    let geometry: StateGeometry
                    if let geometries, !measures || selection.sharedAspectRatio != nil,
                       let found = sharedGeometries(measured: measures) {
                        let slot = arrangementIndex * breakpoints.count + breakpointIndex
                        if slot < found.slots.count, let held = found.slots[slot] {
                            geometry = held
                        } else {
                            geometry = laidOut()
                            geometries.keep(geometry, shape: found.shape, slot: slot, slotCount: layouts.count * breakpoints.count)
                        }
                    } else {
                        geometry = laidOut()
                    }
                    states.append(Self.state(geometry, selection: selection, hasHeaders: hasHeaders, arrangement: arrangementIndex,
                                             breakpoint: breakpointIndex, filter: filterIndex))
                }
            }
        }
        // Opened stacks: one state per section × breakpoint of each arrangement whose layout
        // opens a section, unfiltered (a chip closes the stacks: GalleryStyle).
        var openingArrangements: [(arrangement: Int, firstState: Int)] = []
        if hasSectionHeaders, !sections.isEmpty {
            // An opened stack's cards show their titles, whether or not the stacks do.
            let metrics = aspectRatios.map { ItemMetrics(aspectRatio: $0, labelHeight: settings.labelHeight) }
            let layoutSections = selections[0].layoutSections(metrics: metrics, hasHeaders: true)
            for (arrangementIndex, layoutsByBreakpoint) in layouts.enumerated()
            where !layoutsByBreakpoint.isEmpty
                && layoutsByBreakpoint.allSatisfy({ ($0 as? any SectionOpeningLayout)?.opensSections == true }) {
                openingArrangements.append((arrangementIndex, states.count))
                for section in sections.indices {
                    for (breakpointIndex, breakpoint) in breakpoints.enumerated() {
                        var layout = layoutsByBreakpoint[breakpointIndex]
                        if let opened = selections[0].headerPaths.first(where: { $0.section == section }),
                           let openable = layout as? any SectionOpeningLayout {
                            layout = openable.opening(section: opened.layoutSection)
                        }
                        let geometry = StateGeometry(layout: layout, sections: layoutSections, hasHeaders: true, width: breakpoint.width,
                                                     direction: layoutDirection,
                                                     titleOverPicture: settings.arrangements[arrangementIndex].showsTitles ? nil : settings.labelHeight)
                        states.append(Self.state(geometry, selection: selections[0], hasHeaders: true, arrangement: arrangementIndex,
                                                 breakpoint: breakpointIndex, filter: 0, opening: section))
                    }
                }
            }
        }
        self.openingArrangements = openingArrangements
        self.states = states
    }

    /// Where the state of arrangement `arrangement` with section `section` opened is in `states`;
    /// nil when that arrangement does not open sections.
    package func openedStateIndex(arrangement: Int, section: Int, breakpoint: Int) -> Int? {
        guard let first = openingArrangements.first(where: { $0.arrangement == arrangement })?.firstState else { return nil }
        return first + section * breakpoints.count + breakpoint
    }

    /// The state for an arrangement, breakpoint and filter.
    package func state(arrangement: Int, breakpoint: Int, filter: Int) -> State {
        states[stateIndex(arrangement: arrangement, breakpoint: breakpoint, filter: filter)]
    }

    /// Where the state for an arrangement, breakpoint and filter is in `states`.
    package func stateIndex(arrangement: Int, breakpoint: Int, filter: Int) -> Int {
        (arrangement * (filters.count + 1) + filter) * breakpoints.count + breakpoint
    }

    /// The cards a filter shows, section by section, and where each goes among the layout's
    /// sections (a section without a shown card is left out): the same for every arrangement
    /// and breakpoint, so made once per filter, not once per state (issue 37).
    private struct Selection {
        /// The shown cards of each section that has any, in order.
        var shown: [[Int]] = []
        var cardPaths: [(card: Int, path: GalleryLayout.IndexPath)] = []
        var headerPaths: [(section: Int, layoutSection: Int)] = []
        /// Where each card is among a state geometry's placements (its position in `cardPaths`),
        /// and each section's header; -1 where not shown. `noHeaders`: -1 for every section.
        var cardPositions: [Int32]
        var headerPositions: [Int32]
        var noHeaders: [Int32]
        /// How many cards each layout section holds.
        var sectionSizes: [Int] = []
        /// The aspect ratio (its bit pattern) that every shown card's picture has; nil when they
        /// differ or no card is shown.
        var sharedAspectRatio: UInt64?

        /// The cards that `members` flags (all when nil) of those whose pictures have `aspectRatios`.
        init(sections: [Section], aspectRatios: [Double], members: [Bool]?) {
            let cardCount = aspectRatios.count
            cardPositions = [Int32](repeating: -1, count: cardCount)
            headerPositions = [Int32](repeating: -1, count: sections.count)
            noHeaders = headerPositions
            for (sectionIndex, section) in sections.enumerated() {
                let cards = section.cards.filter { members?[$0] ?? true }
                guard !cards.isEmpty else { continue }
                let layoutSection = shown.count
                for (item, card) in cards.enumerated() {
                    cardPositions[card] = Int32(cardPaths.count)
                    cardPaths.append((card, GalleryLayout.IndexPath(item: item, section: layoutSection)))
                }
                headerPositions[sectionIndex] = Int32(layoutSection)
                headerPaths.append((sectionIndex, layoutSection))
                shown.append(cards)
                sectionSizes.append(cards.count)
            }
            // Bit for bit: two cards whose ratios compare equal but differ in their bits (0 and
            // -0) might be measured apart.
            var shared = shown.first?.first.map { aspectRatios[$0].bitPattern }
            for cards in shown where shared != nil {
                for card in cards where aspectRatios[card].bitPattern != shared {
                    shared = nil
                    break
                }
            }
            sharedAspectRatio = shared
        }

        /// The layout's sections, the cards measured by `metrics`.
        func layoutSections(metrics: [ItemMetrics], hasHeaders: Bool) -> [LayoutSection] {
            shown.map { cards in LayoutSection(items: cards.map { metrics[$0] }, hasHeader: hasHeaders) }
        }
    }

    /// The state of the cards of `selection` placed as `geometry` says.
    private static func state(_ geometry: StateGeometry, selection: Selection, hasHeaders: Bool,
                              arrangement: Int, breakpoint: Int, filter: Int, opening: Int? = nil) -> State {
        State(arrangement: arrangement, breakpoint: breakpoint, filter: filter, geometry: geometry,
              cards: Placements(geometry.cards, positions: selection.cardPositions),
              headers: Placements(geometry.headers, positions: hasHeaders ? selection.headerPositions : selection.noHeaders),
              openedSection: opening)
    }

    /// Whether a card above `card` lies over its title, which an arrangement without titles below
    /// its cards shows over the foot of the picture from the start side (a band 1.3 × `labelHeight`
    /// high, the theme's): a tenth, three tenths and half of the way in, halfway up the band. Only
    /// the cards whose title is clear carry one (the top card of a fan or a deck, the cover flow's
    /// front card, every card of a spread), so covered titles never peek out in slivers.
    static func titleIsCovered(_ card: LayoutAttributes, in layout: PreparedLayout, labelHeight: Double,
                               direction: LayoutDirection) -> Bool {
        guard card.size.height > 0 else { return false }
        let y = 1 - 0.65 * labelHeight / card.size.height
        return titlePoints.contains { share in
            let point = card.point(atUnitX: direction == .rightToLeft ? 1 - share : share, y: y)
            // The cheap tests first (most elements near the point lie below the card, or miss the
            // point itself), and the bounding box the layout's index holds.
            return layout.containsElement(in: Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)) { other, box in
                (other.zIndex > card.zIndex || (other.zIndex == card.zIndex && other.indexPath > card.indexPath))
                    && box.contains(point) && !other.isHidden && other.alpha > 0
                    && other.indexPath != card.indexPath && other.category == .cell
            }
        }
    }

    /// Where across the card `titleIsCovered` looks: a tenth, three tenths and half of the way in.
    private static let titlePoints = [0.1, 0.3, 0.5]

    /// Width ÷ height of a recipe's picture; 4:5 when there is none to measure.
    static func aspectRatio(of recipe: Recipe, images: [String: ImageInfo]) -> Double {
        if case .local(let path)? = recipe.image, let info = images[path] { return info.aspectRatio }
        // Remote pictures: front matter's image_width/image_height, or a square (ContentLoader).
        if case .remote(let url)? = recipe.image, let info = images[url] { return info.aspectRatio }
        return 0.8
    }

    /// Sections by a front matter field, sorted by title, recipes without the field last.
    static func group(_ recipes: [Recipe], by field: String?) -> [(title: String, recipes: [Recipe])] {
        guard let field else { return [("", recipes)] }
        var groups: [String: [Recipe]] = [:]
        var unsorted: [Recipe] = []
        for recipe in recipes {
            let key: String?
            switch field {
            case "glass": key = recipe.glass
            case "author": key = recipe.author
            case "tag": key = recipe.tags.first
            case "year": key = recipe.date.map { String($0.year) }
            default: key = nil
            }
            if let key, !key.isEmpty { groups[key, default: []].append(recipe) } else { unsorted.append(recipe) }
        }
        var result = groups.keys.sorted { $0.lowercased() < $1.lowercased() }.map { ($0, groups[$0]!) }
        if !unsorted.isEmpty { result.append(("Other", unsorted)) }
        return result
    }

    /// Tag filters: the tags two or more of the cards carry (a chip that shows one card does not
    /// sort anything; the card's tag page lists it), most used first, then by name, at most `limit`.
    static func filters(for cards: [Recipe], limit: Int) -> [Filter] {
        // Each tag's cards as a list, cards in order (a card lists a tag once); a set only for
        // the chips kept: a set per tag, and one insert per use, were most of the model's own work.
        var positions: [String: Int] = [:]
        var names: [String] = []
        var members: [[Int]] = []
        for (index, recipe) in cards.enumerated() {
            for tag in recipe.tags {
                if let position = positions[tag] {
                    if members[position].last != index { members[position].append(index) }
                } else {
                    positions[tag] = names.count
                    names.append(tag)
                    members.append([index])
                }
            }
        }
        // Each name lowercased once, not twice per comparison.
        let shared = names.indices.filter { members[$0].count >= 2 }
            .map { (name: names[$0], order: names[$0].lowercased(), members: members[$0]) }
        return shared.sorted { a, b in
            a.members.count != b.members.count ? a.members.count > b.members.count : a.order < b.order
        }.prefix(limit).map { Filter(name: $0.name, members: Set($0.members)) }
    }
}
