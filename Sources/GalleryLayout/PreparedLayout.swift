import Synchronization

/// The result of `CollectionLayout.prepare`: every element's attributes, the content size, and
/// indexes that answer `attributes(in:)` and `attributes(at:)` without scanning every element.
/// Mirrors what `UICollectionViewLayout` returns after `prepare()`.
public struct PreparedLayout: Sendable {
    /// The size of the scrollable content. `collectionViewContentSize`.
    public let contentSize: Size
    /// Cells first, in index path order, then supplementary and decoration views in the order the
    /// engine produced them.
    public let attributes: [LayoutAttributes]
    /// How cells keep turning as the content scrolls sideways (a cover flow), for a page that can
    /// drive it from the scroll position; nil when the attributes do not depend on the scroll.
    public let scrollDrivenTurn: ScrollDrivenTurn?

    /// `sectionStarts[s] ..< sectionStarts[s + 1]` are the positions of section `s`'s cells.
    private let sectionStarts: [Int]
    private let supplementaryPositions: [SupplementaryKey: Int]
    private let spatialIndex: LazySpatialIndex

    private struct SupplementaryKey: Hashable, Sendable {
        var category: ElementCategory
        var indexPath: IndexPath
    }

    public init(contentSize: Size, attributes: [LayoutAttributes], scrollDrivenTurn: ScrollDrivenTurn? = nil) {
        // Engines already emit cells first in index path order; only reorder when one did not.
        var cellCount = 0
        var isCanonical = true
        for (position, element) in attributes.enumerated() where element.category == .cell {
            if position != cellCount
                || (cellCount > 0 && !(attributes[cellCount - 1].indexPath < element.indexPath))
            {
                isCanonical = false
                break
            }
            cellCount += 1
        }
        let all: [LayoutAttributes]
        if isCanonical {
            all = attributes
        } else {
            var cells = attributes.filter { $0.category == .cell }
            cells.sort { $0.indexPath < $1.indexPath }
            cellCount = cells.count
            cells.append(contentsOf: attributes.lazy.filter { $0.category != .cell })
            all = cells
        }

        var starts: [Int] = [0]
        for position in 0..<cellCount {
            while starts.count <= all[position].indexPath.section { starts.append(position) }
        }
        starts.append(cellCount)

        var supplementaryPositions: [SupplementaryKey: Int] = [:]
        for position in cellCount..<all.count {
            let key = SupplementaryKey(category: all[position].category, indexPath: all[position].indexPath)
            if supplementaryPositions[key] == nil { supplementaryPositions[key] = position }
        }

        self.contentSize = contentSize
        self.attributes = all
        self.scrollDrivenTurn = scrollDrivenTurn
        self.sectionStarts = starts
        self.supplementaryPositions = supplementaryPositions
        self.spatialIndex = LazySpatialIndex(all)
    }

    /// The elements whose bounding box (`LayoutAttributes.boundingBox`, the frame after its
    /// transform) intersects `rect`, in `attributes` order. Uses a bucket grid, so the cost grows
    /// with the result, not the collection. `layoutAttributesForElements(in:)`.
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        spatialIndex.index.query(rect).map { attributes[$0] }
    }

    /// Whether an element whose bounding box intersects `rect` satisfies `predicate`: what
    /// `attributes(in:).contains(where:)` answers, without making the list.
    public func containsElement(in rect: Rect, where predicate: (LayoutAttributes) -> Bool) -> Bool {
        containsElement(in: rect) { element, _ in predicate(element) }
    }

    /// `containsElement(in:where:)` handing `predicate` each element's bounding box as well, which
    /// the index already holds: a test of a point against the box need not work out the
    /// element's transform again (issue 37).
    public func containsElement(in rect: Rect, where predicate: (_ element: LayoutAttributes, _ boundingBox: Rect) -> Bool) -> Bool {
        attributes.withUnsafeBufferPointer { elements in
            spatialIndex.index.contains(in: rect) { position, box in predicate(elements[position], box) }
        }
    }

    /// The cell at `indexPath`, in constant time. `layoutAttributesForItem(at:)`.
    public func attributes(at indexPath: IndexPath) -> LayoutAttributes? {
        let section = indexPath.section
        guard section >= 0, section + 1 < sectionStarts.count, indexPath.item >= 0 else { return nil }
        let start = sectionStarts[section], end = sectionStarts[section + 1]
        let guess = start + indexPath.item
        if guess < end, attributes[guess].indexPath == indexPath { return attributes[guess] }
        // An engine that skipped items: fall back to a binary search within the section.
        var low = start, high = end
        while low < high {
            let middle = (low + high) / 2
            if attributes[middle].indexPath < indexPath { low = middle + 1 } else { high = middle }
        }
        return low < end && attributes[low].indexPath == indexPath ? attributes[low] : nil
    }

    /// The supplementary view of `kind` (e.g. `"header"`) at `indexPath`.
    /// `layoutAttributesForSupplementaryView(ofKind:at:)`.
    public func supplementaryAttributes(kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        let key = SupplementaryKey(category: .supplementary(kind), indexPath: indexPath)
        return supplementaryPositions[key].map { attributes[$0] }
    }

    /// The decoration view of `kind` at `indexPath`.
    /// `layoutAttributesForDecorationView(ofKind:at:)`.
    public func decorationAttributes(kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        let key = SupplementaryKey(category: .decoration(kind), indexPath: indexPath)
        return supplementaryPositions[key].map { attributes[$0] }
    }

    /// Only the cells, in index path order.
    public var cells: ArraySlice<LayoutAttributes> { attributes[0..<sectionStarts.last!] }
}

/// The spatial index of a prepared layout's elements, made on the first query: a gallery asks
/// `attributes(in:)` of few of its layouts (those whose titles lie over the pictures), and the
/// index cost a fifth of a layout's preparing (issue 37).
private final class LazySpatialIndex: Sendable {
    private let elements: [LayoutAttributes]
    private let made = Mutex<SpatialIndex?>(nil)

    init(_ elements: [LayoutAttributes]) {
        self.elements = elements
    }

    var index: SpatialIndex {
        made.withLock { made in
            if let index = made { return index }
            let index = SpatialIndex(boxes: elements.map(\.boundingBox))
            made = index
            return index
        }
    }
}
