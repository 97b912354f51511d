/// Equal cards in as many columns as fit, the block of columns centred; the Croupier grid.
/// `padding` separates the cards and the cards from the edges. Each section starts a new row,
/// under its header.
package struct GridLayout: CollectionLayout, Hashable {
    /// The size of every card (Croupier: 120 × 200).
    package var itemSize: Size
    /// Space between cards and around the grid (Croupier: 25).
    package var padding: Double
    /// Height of each section's header; zero hides headers.
    package var headerHeight: Double
    /// Height of each section's footer; zero hides footers.
    package var footerHeight: Double

    package init(
        itemSize: Size = Size(width: 120, height: 200), padding: Double = 25,
        headerHeight: Double = 44, footerHeight: Double = 0
    ) {
        self.itemSize = itemSize
        self.padding = padding
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }

    /// Croupier's card proportion: setting only the width makes the height width × 1.6666.
    package static func itemSize(width: Double) -> Size {
        Size(width: width, height: width * 1.6666)
    }

    /// The number of columns for a container `width` wide.
    package func columnCount(forWidth width: Double) -> Int {
        let padding = max(self.padding, 0)
        let stride = max(itemSize.width, 0) + padding
        guard stride > 0 else { return 1 }
        return Int(max(1, min(((width - padding) / stride).rounded(.down), 100_000)))
    }

    /// Every card takes `itemSize`: only how many there are counts.
    package var dependsOnItemMetrics: Bool { false }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        let size = itemSize.clampedToZero
        let padding = max(self.padding, 0)
        let columns = columnCount(forWidth: context.usableContainerWidth)
        let blockWidth = Double(columns) * size.width + Double(columns - 1) * padding
        let contentWidth = max(context.usableContainerWidth, blockWidth + 2 * padding)
        let left = (contentWidth - blockWidth) / 2

        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(context.itemCount)
        let (supplementaries, height) = stackSections(
            context, width: contentWidth, headerHeight: max(headerHeight, 0),
            footerHeight: max(footerHeight, 0), inset: EdgeInsets(top: padding, bottom: padding)
        ) { sectionIndex, section, top in
            for item in section.items.indices {
                let column = item % columns, row = item / columns
                cells.append(LayoutAttributes(
                    indexPath: IndexPath(item: item, section: sectionIndex),
                    frame: Rect(
                        x: left + Double(column) * (size.width + padding),
                        y: top + Double(row) * (size.height + padding),
                        width: size.width, height: size.height)))
            }
            let rows = (section.items.count + columns - 1) / columns
            return rows == 0 ? top : top + Double(rows) * size.height + Double(rows - 1) * padding
        }
        cells.append(contentsOf: supplementaries)
        return PreparedLayout(
            contentSize: Size(width: contentWidth, height: height), attributes: cells)
    }
}
