import GalleryLayout
import Synchronization

/// What one prepare gives a gallery state, whichever cards it shows: the placements in layout
/// order, section by section, and what the style needs to know of them. A layout whose cards all
/// take one size (`CollectionLayout.dependsOnItemMetrics` false) places any cards of the same
/// shape alike, so every tag filter of that shape, on every gallery page, shares one (issue 37).
/// A class: states share it by reference, and the style knows a shared one by its identity.
package final class StateGeometry: Sendable {
    /// The cards' placements in layout order (a section's items, then the next section's); nil
    /// where the layout left an item out.
    package let cards: [Placement?]
    /// Each layout section's header (empty when the state shows no headers).
    package let headers: [Placement?]
    package let contentSize: Size
    package let scrollDrivenTurn: ScrollDrivenTurn?
    /// Whether a card or header is turned in depth, and the largest perspective among them.
    package let hasTurnedPlacement: Bool
    package let largestPerspective: Double?

    /// Lays out `sections` with `layout` at a container `width` wide and reads the result; with
    /// `titleOverPicture`, notes which cards another covers where the title lies over the picture.
    package init(layout: any CollectionLayout, sections: [LayoutSection], hasHeaders: Bool, width: Double,
                 direction: LayoutDirection, titleOverPicture: Double?) {
        let prepared = layout.prepareInLayoutDirection(LayoutContext(containerWidth: width, sections: sections,
                                                                     layoutDirection: direction))
        contentSize = prepared.contentSize
        scrollDrivenTurn = prepared.scrollDrivenTurn
        var hasTurnedPlacement = false
        var largestPerspective: Double?
        func note(_ placement: Placement) {
            guard placement.isTurned else { return }
            hasTurnedPlacement = true
            if let perspective = placement.perspective { largestPerspective = max(largestPerspective ?? perspective, perspective) }
        }
        var cards: [Placement?] = []
        cards.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
        // The cells come in index path order, so the next one is the next item's unless the
        // engine left that item out: read in turn, not looked up per item.
        let cells = prepared.cells
        var next = cells.startIndex
        for (sectionIndex, section) in sections.enumerated() {
            for item in section.items.indices {
                let path = IndexPath(item: item, section: sectionIndex)
                let found: LayoutAttributes?
                if next < cells.endIndex, cells[next].indexPath == path {
                    found = cells[next]
                    next += 1
                } else {
                    found = prepared.attributes(at: path)
                }
                guard let attributes = found else {
                    cards.append(nil)
                    continue
                }
                var placement = Placement(attributes)
                if let titleOverPicture {
                    placement.isTitleCovered = GalleryModel.titleIsCovered(attributes, in: prepared, labelHeight: titleOverPicture,
                                                                           direction: direction)
                }
                note(placement)
                cards.append(placement)
            }
        }
        headers = hasHeaders ? sections.indices.map { sectionIndex in
            let placement = prepared.supplementaryAttributes(kind: ElementCategory.headerKind,
                                                             at: IndexPath(item: 0, section: sectionIndex)).map(Placement.init)
            if let placement { note(placement) }
            return placement
        } : []
        self.cards = cards
        self.hasTurnedPlacement = hasTurnedPlacement
        self.largestPerspective = largestPerspective
    }

    /// How many placements it holds, what the cache counts.
    var size: Int { cards.count + headers.count }

    /// What the gallery's style asks of the placements of one kind (`GalleryStyle`'s value keys),
    /// and the numbers it works them out with besides the placements.
    package struct StyleKeysRequest: Hashable, Sendable {
        package var isCard: Bool
        package var labelHeight: Double
        package var perspective: Double
        package var propertyCount: Int

        package init(isCard: Bool, labelHeight: Double, perspective: Double, propertyCount: Int) {
            self.isCard = isCard
            self.labelHeight = labelHeight
            self.perspective = perspective
            self.propertyCount = propertyCount
        }
    }

    /// The style's value keys for `request`, made by `make` the first time: kept with the
    /// geometry, so that every page sharing it (`StateGeometryCache`) works them out once, and
    /// they go when it goes (issue 37).
    package func styleKeys(_ request: StyleKeysRequest, make: () -> [Int]) -> [Int] {
        if let known = styleKeys.withLock({ $0.first { $0.request == request }?.keys }) { return known }
        let keys = make()
        styleKeys.withLock { held in
            if !held.contains(where: { $0.request == request }) { held.append((request, keys)) }
        }
        return keys
    }

    /// A few requests at most (a kind of element, the arrangement's titles), so looked through in
    /// turn: hashing the request on each of a page's 500 states was a tenth of the style (issue 37).
    private let styleKeys = Mutex<[(request: StyleKeysRequest, keys: [Int])]>([])
}

/// The state geometries of one site's gallery shared by its pages, found by shape, then by
/// arrangement and breakpoint: those of layouts that do not depend on the items' metrics, and
/// those of layouts that do whose cards all have one aspect ratio (the label height is the
/// arrangement's, the same for every card). Bounded: once it holds `capacity` placements it keeps
/// what it has and lays out the rest afresh, so a site of many sections cannot grow it without end;
/// what it returns is what a prepare would give.
package final class StateGeometryCache: Sendable {
    /// What a state's geometry depends on besides the site's fixed settings, its arrangement and
    /// its breakpoint: a filter's shape, the same in every arrangement and breakpoint, so a page
    /// finds it once per filter, not once per state (hashing the sizes per state was a tenth of
    /// the model, issue 37).
    package struct Shape: Hashable, Sendable {
        package var hasHeaders: Bool
        /// How many items each layout section has.
        package var sectionSizes: [Int]
        /// For a layout that measures its items, the aspect ratio every item has (its bit
        /// pattern); nil for one that does not measure them.
        package var sharedAspectRatio: UInt64?

        package init(hasHeaders: Bool, sectionSizes: [Int], sharedAspectRatio: UInt64?) {
            self.hasHeaders = hasHeaders
            self.sectionSizes = sectionSizes
            self.sharedAspectRatio = sharedAspectRatio
        }
    }

    /// The geometries of one shape, by slot (`arrangement × breakpoints + breakpoint`); nil where
    /// none is held.
    package typealias Slots = [StateGeometry?]

    private struct Held {
        var geometries: [Shape: Slots] = [:]
        var count = 0
        var size = 0
    }

    private let held = Mutex(Held())
    /// The most placements held: about a megabyte and a half.
    package let capacity: Int

    package init(capacity: Int = 12_000) {
        self.capacity = capacity
    }

    /// The geometries held for `shape` now, by slot: empty when it holds none.
    package func geometries(_ shape: Shape) -> Slots {
        held.withLock { $0.geometries[shape] ?? [] }
    }

    /// Keeps `geometry`, made for `shape` at `slot` of `slotCount`, when there is room (two pages
    /// may make the same one, which comes out alike: the first is kept).
    package func keep(_ geometry: StateGeometry, shape: Shape, slot: Int, slotCount: Int) {
        held.withLock { held in
            guard held.size + geometry.size <= capacity,
                  Self.place(geometry, at: slot, in: &held.geometries[shape, default: Slots(repeating: nil, count: slotCount)])
            else { return }
            held.count += 1
            held.size += geometry.size
        }
    }

    /// Puts `geometry` at `slot` of `slots` unless one is there; true when it did. The shape's
    /// slots are changed where the dictionary holds them (its `default:` subscript), one hash.
    private static func place(_ geometry: StateGeometry, at slot: Int, in slots: inout Slots) -> Bool {
        guard slots[slot] == nil else { return false }
        slots[slot] = geometry
        return true
    }

    /// How many geometries it holds.
    package var count: Int { held.withLock { $0.count } }

    /// How many placements it holds, at most `capacity`.
    package var size: Int { held.withLock { $0.size } }
}
