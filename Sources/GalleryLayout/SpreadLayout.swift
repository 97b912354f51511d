/// Cards spread in one overlapping row, as a dealer spreads a deck on the table: the Croupier
/// spread. Card `i`'s centre is at x = (itemWidth − spreadX) × i + padding and at mid-height, later
/// cards on top (zIndex = i). The content is as wide as the spread plus `padding` after the last
/// centre, so it scrolls horizontally on narrow screens; a spread narrower than the container is
/// centred in it. The content is the viewport height when known, otherwise one card tall.
package struct SpreadLayout: CollectionLayout, Hashable {
    /// The size of every card.
    package var itemSize: Size
    /// How much of each card the next one covers (Croupier: 50).
    package var spreadX: Double
    /// Distance from the content's edges to the first and last card centres (Croupier: 100).
    package var padding: Double

    package init(itemSize: Size = Size(width: 120, height: 200), spreadX: Double = 50, padding: Double = 100) {
        self.itemSize = itemSize
        self.spreadX = spreadX
        self.padding = padding
    }

    /// Every card takes `itemSize`: only how many there are counts.
    package var dependsOnItemMetrics: Bool { false }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        let size = itemSize.clampedToZero
        let padding = max(self.padding.isFinite ? self.padding : 0, 0)
        let step = size.width - (spreadX.isFinite ? spreadX : 0)
        let spreadWidth = step * Double(max(context.itemCount - 1, 0)) + 2 * padding
        let width = context.usableContainerWidth
        let shift = spreadWidth < width ? (width - spreadWidth) / 2 : 0
        let height = max(context.usableViewportHeight ?? size.height, size.height)
        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(context.itemCount)
        context.forEachItem { indexPath, position, _ in
            cells.append(LayoutAttributes(
                indexPath: indexPath,
                center: Point(x: shift + step * Double(position) + padding, y: height / 2),
                size: size, zIndex: position))
        }
        let contentSize = fitIntoContent(
            &cells, minimum: Size(width: max(width, spreadWidth), height: height), centred: false)
        return PreparedLayout(contentSize: contentSize, attributes: cells)
    }
}
