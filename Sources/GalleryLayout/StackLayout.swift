/// One stack of cards per section, like albums in Photos: Pospesel's stacks. The stacks sit in a
/// centred grid; in each, the first item lies on top (highest zIndex) and straight, the next two
/// turn by +`rotation` and −`rotation`, and items beyond `visibleItemCount` are hidden. A section
/// with a header shows it as the stack's title below the cards.
package struct StackLayout: CollectionLayout, SectionOpeningLayout, Hashable {
    /// The size of every card.
    package var itemSize: Size
    /// Space between stacks.
    package var spacing: Double
    /// Space around the grid of stacks.
    package var sectionInset: EdgeInsets
    /// The turn of the second and third cards, in radians (default 5°).
    package var rotation: Double
    /// How many cards of a stack show; the rest are hidden.
    package var visibleItemCount: Int
    /// Height of the title below each stack; zero hides titles.
    package var headerHeight: Double
    /// The section laid out as a grid in place, in rows of the stacks' columns under its title
    /// across the block, each card `itemSize` plus its label height (its title shows there); the
    /// stacks before it keep their places and those after it follow below. nil: every section is
    /// a stack.
    package var openedSection: Int?

    /// Gap between a stack's cards and its title, enough for the turned cards' corners.
    static let titleSpacing = 10.0

    package init(
        itemSize: Size = Size(width: 120, height: 200), spacing: Double = 40,
        sectionInset: EdgeInsets = EdgeInsets(all: 20), rotation: Double = Double.pi / 36,
        visibleItemCount: Int = 3, headerHeight: Double = 44
    ) {
        self.itemSize = itemSize
        self.spacing = spacing
        self.sectionInset = sectionInset
        self.rotation = rotation
        self.visibleItemCount = visibleItemCount
        self.headerHeight = headerHeight
    }

    /// The turn of item `item` in its stack: 0, +r, −r, +2r, −2r, …
    package func rotation(ofItem item: Int) -> Double {
        item == 0 ? 0 : (item % 2 == 1 ? 1 : -1) * rotation * Double((item + 1) / 2)
    }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        let size = itemSize.clampedToZero
        let spacing = max(self.spacing, 0)
        let inset = sectionInset
        let hasTitles = headerHeight > 0 && context.sections.contains { $0.hasHeader }
        let titleSpace = hasTitles ? Self.titleSpacing + headerHeight : 0
        let stackHeight = size.height + titleSpace
        let available = context.usableContainerWidth - inset.left - inset.right
        let stride = size.width + spacing
        let columns = stride > 0
            ? Int(max(1, min(((available + spacing) / stride).rounded(.down), 100_000))) : 1
        let blockWidth = Double(columns) * size.width + Double(columns - 1) * spacing
        let left = inset.left + max((available - blockWidth) / 2, 0)
        let opened = openedSection.flatMap { context.sections.indices.contains($0) ? $0 : nil }

        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(context.itemCount)
        var titles: [LayoutAttributes] = []
        // Stacks flow in rows from `top`; an opened section ends the rows before it, and the
        // stacks after it start new rows under its grid.
        var top = inset.top
        var slot = 0
        var bottom = inset.top
        for (sectionIndex, section) in context.sections.enumerated() {
            let count = section.items.count
            if sectionIndex == opened {
                if slot > 0 { top += Double((slot + columns - 1) / columns) * (stackHeight + spacing) }
                slot = 0
                let header = hasTitles && section.hasHeader ? headerHeight + Self.titleSpacing : 0
                if hasTitles && section.hasHeader {
                    titles.append(LayoutAttributes(
                        indexPath: IndexPath(item: 0, section: sectionIndex),
                        category: .supplementary(ElementCategory.headerKind),
                        frame: Rect(x: left, y: top, width: blockWidth, height: headerHeight), zIndex: count + 1))
                }
                // An opened card carries its title below the picture (its metrics' label height),
                // the picture as large as in the stack.
                let rowHeight = size.height + (section.items.map(\.usableLabelHeight).max() ?? 0)
                for (item, metrics) in section.items.enumerated() {
                    cells.append(LayoutAttributes(
                        indexPath: IndexPath(item: item, section: sectionIndex),
                        frame: Rect(x: left + Double(item % columns) * stride,
                                    y: top + header + Double(item / columns) * (rowHeight + spacing),
                                    width: size.width, height: size.height + metrics.usableLabelHeight),
                        zIndex: count - item))
                }
                let rows = (count + columns - 1) / columns
                let gridHeight = header + (rows == 0 ? 0 : Double(rows) * rowHeight + Double(rows - 1) * spacing)
                bottom = top + gridHeight
                top += gridHeight + spacing
                continue
            }
            let x = left + Double(slot % columns) * stride
            let y = top + Double(slot / columns) * (stackHeight + spacing)
            slot += 1
            bottom = y + stackHeight
            let center = Point(x: x + size.width / 2, y: y + size.height / 2)
            for item in 0..<count {
                let visible = item < visibleItemCount
                let turn = visible ? rotation(ofItem: item) : 0
                cells.append(LayoutAttributes(
                    indexPath: IndexPath(item: item, section: sectionIndex), center: center, size: size,
                    transform: turn == 0 ? .identity : .rotation(turn), zIndex: count - item,
                    isHidden: !visible))
            }
            if hasTitles && section.hasHeader {
                // The title sits at the bottom of a frame that covers the whole stack, above its
                // cards, so the stack is one target (the gallery opens it: GalleryModel).
                titles.append(LayoutAttributes(
                    indexPath: IndexPath(item: 0, section: sectionIndex),
                    category: .supplementary(ElementCategory.headerKind),
                    frame: Rect(x: x, y: y, width: size.width, height: stackHeight), zIndex: count + 1))
            }
        }
        let gridHeight = context.sections.isEmpty ? 0 : bottom - inset.top
        cells.append(contentsOf: titles)
        let contentSize = fitIntoContent(
            &cells,
            minimum: Size(
                width: max(context.usableContainerWidth, inset.left + blockWidth + inset.right),
                height: inset.top + gridHeight + inset.bottom),
            centred: false)
        return PreparedLayout(contentSize: contentSize, attributes: cells)
    }

    /// Stacks open when they show titles: the header, which covers the stack and holds its title,
    /// is what a visitor taps.
    package var opensSections: Bool { headerHeight > 0 }

    /// The same stacks with section `section` opened.
    package func opening(section: Int) -> any CollectionLayout {
        var layout = self
        layout.openedSection = section
        return layout
    }
}
