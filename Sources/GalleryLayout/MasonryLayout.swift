/// Columns of equal width, each card as tall as its image plus its label, placed in the shortest
/// column: Masonry / waterfall (CHTCollectionViewWaterfallLayout). The column count comes from the
/// container width and a target `columnWidth`, and columns stretch to fill the width. A column
/// counts as shortest when within 1 px of the minimum, leftmost first, so sub-pixel differences
/// never send a card across the page; `horizontalOrder` instead deals cards to the columns left to
/// right in turn, keeping reading order (Masonry's `horizontalOrder`).
package struct MasonryLayout: CollectionLayout, Hashable {
    /// The column width to aim for; the real width stretches so the columns fill the row.
    package var columnWidth: Double
    /// A fixed number of columns; nil derives it from the width.
    package var columnCount: Int?
    /// Space between columns. `minimumColumnSpacing`.
    package var minimumColumnSpacing: Double
    /// Space between cards in a column. `minimumInteritemSpacing`.
    package var minimumInteritemSpacing: Double
    /// Space around each section's columns, inside its header and footer.
    package var sectionInset: EdgeInsets
    /// Height of each section's header; zero hides headers.
    package var headerHeight: Double
    /// Height of each section's footer; zero hides footers.
    package var footerHeight: Double
    /// Deal cards to columns left to right in turn instead of to the shortest column.
    package var horizontalOrder: Bool

    /// How much taller than the shortest column a column may be and still count as shortest.
    package static let hysteresis = 1.0

    package init(
        columnWidth: Double = 240, columnCount: Int? = nil, minimumColumnSpacing: Double = 10,
        minimumInteritemSpacing: Double = 10, sectionInset: EdgeInsets = .zero,
        headerHeight: Double = 44, footerHeight: Double = 0, horizontalOrder: Bool = false
    ) {
        self.columnWidth = columnWidth
        self.columnCount = columnCount
        self.minimumColumnSpacing = minimumColumnSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.horizontalOrder = horizontalOrder
    }

    /// The number of columns in a container `width` wide.
    package func columns(forWidth width: Double) -> Int {
        if let columnCount { return max(columnCount, 1) }
        let available = width - sectionInset.left - sectionInset.right
        let spacing = max(minimumColumnSpacing, 0)
        let stride = max(columnWidth, 0) + spacing
        guard stride > 0 else { return 1 }
        return Int(max(1, min(((available + spacing) / stride).rounded(.down), 10_000)))
    }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        let columns = columns(forWidth: context.usableContainerWidth)
        let columnSpacing = max(minimumColumnSpacing, 0)
        let itemSpacing = max(minimumInteritemSpacing, 0)
        let inset = sectionInset
        let available = context.usableContainerWidth - inset.left - inset.right
        let width = max((available - Double(columns - 1) * columnSpacing) / Double(columns), 0)
        let contentWidth = max(
            context.usableContainerWidth,
            inset.left + Double(columns) * width + Double(columns - 1) * columnSpacing + inset.right)

        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(context.itemCount)
        var heights = [Double](repeating: 0, count: columns)
        let (supplementaries, height) = stackSections(
            context, width: contentWidth, headerHeight: max(headerHeight, 0),
            footerHeight: max(footerHeight, 0), inset: inset
        ) { sectionIndex, section, top in
            // Column bottoms, each including the spacing a next card would need.
            for column in 0..<columns { heights[column] = top }
            var used = [Bool](repeating: false, count: columns)
            for (item, metrics) in section.items.enumerated() {
                let column: Int
                if horizontalOrder {
                    column = item % columns
                } else {
                    var lowest = heights[0]
                    for value in heights.dropFirst() where value < lowest { lowest = value }
                    column = heights.firstIndex { $0 <= lowest + Self.hysteresis }!
                }
                let y = heights[column]
                let cardHeight = metrics.cardHeight(forWidth: width)
                cells.append(LayoutAttributes(
                    indexPath: IndexPath(item: item, section: sectionIndex),
                    frame: Rect(
                        x: inset.left + Double(column) * (width + columnSpacing), y: y,
                        width: width, height: cardHeight)))
                heights[column] = y + cardHeight + itemSpacing
                used[column] = true
            }
            var bottom = top
            for column in 0..<columns where used[column] {
                bottom = max(bottom, heights[column] - itemSpacing)
            }
            return bottom
        }
        cells.append(contentsOf: supplementaries)
        return PreparedLayout(
            contentSize: Size(width: contentWidth, height: height), attributes: cells)
    }
}
