/// Greedy lines of cards, each line justified edge to edge. `UICollectionViewFlowLayout`.
///
/// Vertical scrolling fills rows left to right, then moves down; horizontal scrolling fills
/// columns top to bottom, then moves right. Within a line the leftover space is spread evenly
/// between the items (so spacing only ever grows above `minimumInteritemSpacing`), a line with a
/// single item is centred, and items are centred across the line when their sizes differ. Headers
/// and footers span the whole content width (vertical) or height (horizontal) and sit outside the
/// section insets, so line spacing never touches them.
///
/// Horizontal scrolling needs a height to fill: the viewport height when the context has one,
/// otherwise a single row (the tallest item plus the section insets), like a carousel. Content
/// never has negative coordinates; an item wider than the container widens the content.
package struct FlowLayout: CollectionLayout, Hashable {
    /// The size of every cell. When nil, each cell is `estimatedItemWidth` wide and as tall as its
    /// image at that width plus its label (`ItemMetrics.cardHeight(forWidth:)`).
    package var itemSize: Size?
    /// The cell width used when `itemSize` is nil.
    package var estimatedItemWidth: Double
    /// The smallest gap between items of one line. `minimumInteritemSpacing`.
    package var minimumInteritemSpacing: Double
    /// The gap between lines. `minimumLineSpacing`.
    package var minimumLineSpacing: Double
    /// Space around each section's items, inside its header and footer. `sectionInset`.
    package var sectionInset: EdgeInsets
    /// `scrollDirection`.
    package var scrollDirection: ScrollDirection
    /// Header height (vertical) or width (horizontal), used for sections with `hasHeader`.
    /// `headerReferenceSize`; zero along the scroll axis means no header. Defaults to 44 × 44 (UIKit's
    /// is zero) so grouped recipes show their section titles without extra configuration.
    package var headerReferenceSize: Size
    /// Footer height (vertical) or width (horizontal), used for sections with `hasFooter`.
    /// `footerReferenceSize`.
    package var footerReferenceSize: Size

    package init(
        itemSize: Size? = nil, estimatedItemWidth: Double = 160,
        minimumInteritemSpacing: Double = 10, minimumLineSpacing: Double = 10,
        sectionInset: EdgeInsets = .zero, scrollDirection: ScrollDirection = .vertical,
        headerReferenceSize: Size = Size(width: 44, height: 44),
        footerReferenceSize: Size = .zero
    ) {
        self.itemSize = itemSize
        self.estimatedItemWidth = estimatedItemWidth
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.minimumLineSpacing = minimumLineSpacing
        self.sectionInset = sectionInset
        self.scrollDirection = scrollDirection
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
    }

    /// The size of the cell for `item`.
    package func size(of item: ItemMetrics) -> Size {
        if let itemSize { return Size(width: max(itemSize.width, 0), height: max(itemSize.height, 0)) }
        let width = max(estimatedItemWidth, 0)
        return Size(width: width, height: item.cardHeight(forWidth: width))
    }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        // Axis-neutral: "along" is the scroll axis, "across" the axis a line runs on.
        let vertical = scrollDirection == .vertical
        let leadAcross = vertical ? sectionInset.left : sectionInset.top
        let trailAcross = vertical ? sectionInset.right : sectionInset.bottom
        let leadAlong = vertical ? sectionInset.top : sectionInset.left
        let trailAlong = vertical ? sectionInset.bottom : sectionInset.right
        let headerAlong = max(vertical ? headerReferenceSize.height : headerReferenceSize.width, 0)
        let footerAlong = max(vertical ? footerReferenceSize.height : footerReferenceSize.width, 0)
        let interitem = max(minimumInteritemSpacing, 0)
        let lineSpacing = max(minimumLineSpacing, 0)

        func extents(_ item: ItemMetrics) -> (across: Double, along: Double) {
            let size = size(of: item)
            return vertical ? (size.width, size.height) : (size.height, size.width)
        }
        func rect(across: Double, along: Double, acrossLength: Double, alongLength: Double) -> Rect {
            vertical
                ? Rect(x: across, y: along, width: acrossLength, height: alongLength)
                : Rect(x: along, y: across, width: alongLength, height: acrossLength)
        }

        // The widest line any section needs, to size the content across the scroll axis.
        var needed = 0.0
        for section in context.sections {
            var largest = 0.0
            for item in section.items { largest = max(largest, extents(item).across) }
            needed = max(needed, leadAcross + largest + trailAcross)
        }
        let containerAcross = vertical
            ? context.usableContainerWidth : (context.usableViewportHeight ?? needed)
        let contentAcross = max(containerAcross, needed)
        let available = max(containerAcross - leadAcross - trailAcross, 0)

        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(context.itemCount)
        var supplementaries: [LayoutAttributes] = []
        var along = 0.0
        for (sectionIndex, section) in context.sections.enumerated() {
            if section.hasHeader && headerAlong > 0 {
                supplementaries.append(LayoutAttributes(
                    indexPath: IndexPath(item: 0, section: sectionIndex),
                    category: .supplementary(ElementCategory.headerKind),
                    frame: rect(across: 0, along: along, acrossLength: contentAcross, alongLength: headerAlong)))
                along += headerAlong
            }
            along += leadAlong
            let items = section.items
            var start = 0
            while start < items.count {
                // Greedy: take items while they fit with the minimum spacing.
                var end = start
                var used = 0.0, lineAlong = 0.0, sumAcross = 0.0
                while end < items.count {
                    let size = extents(items[end])
                    if end > start && used + interitem + size.across > available + 1e-9 { break }
                    used += (end > start ? interitem : 0) + size.across
                    sumAcross += size.across
                    lineAlong = max(lineAlong, size.along)
                    end += 1
                }
                let count = end - start
                let gap = count > 1 ? (available - sumAcross) / Double(count - 1) : 0
                var across = count > 1 ? leadAcross : leadAcross + max((available - sumAcross) / 2, 0)
                for index in start..<end {
                    let size = extents(items[index])
                    cells.append(LayoutAttributes(
                        indexPath: IndexPath(item: index, section: sectionIndex),
                        frame: rect(
                            across: across, along: along + (lineAlong - size.along) / 2,
                            acrossLength: size.across, alongLength: size.along)))
                    across += size.across + gap
                }
                along += lineAlong
                start = end
                if start < items.count { along += lineSpacing }
            }
            along += trailAlong
            if section.hasFooter && footerAlong > 0 {
                supplementaries.append(LayoutAttributes(
                    indexPath: IndexPath(item: 0, section: sectionIndex),
                    category: .supplementary(ElementCategory.footerKind),
                    frame: rect(across: 0, along: along, acrossLength: contentAcross, alongLength: footerAlong)))
                along += footerAlong
            }
        }
        let contentSize = vertical
            ? Size(width: contentAcross, height: along) : Size(width: along, height: contentAcross)
        cells.append(contentsOf: supplementaries)
        return PreparedLayout(contentSize: contentSize, attributes: cells)
    }
}
