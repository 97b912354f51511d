/// A squared-up deck of cards: the Croupier deck. Card `i` sits `padding × i` to the right and
/// `padding / 2 × i` below the first, later cards on top (zIndex = i), and the pile is centred in
/// the container (and in the viewport height when known).
package struct DeckLayout: CollectionLayout, Hashable {
    /// The size of every card.
    package var itemSize: Size
    /// Horizontal offset between neighbouring cards; the vertical offset is half of it (Croupier: 5).
    package var padding: Double

    package init(itemSize: Size = Size(width: 120, height: 200), padding: Double = 5) {
        self.itemSize = itemSize
        self.padding = padding
    }

    /// Every card takes `itemSize`: only how many there are counts.
    package var dependsOnItemMetrics: Bool { false }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        let size = itemSize.clampedToZero
        let padding = max(self.padding.isFinite ? self.padding : 0, 0)
        let steps = Double(max(context.itemCount - 1, 0))
        let pileWidth = size.width + steps * padding
        let pileHeight = size.height + steps * padding / 2
        let contentSize = Size(
            width: max(context.usableContainerWidth, pileWidth),
            height: max(context.usableViewportHeight ?? 0, pileHeight))
        let left = (contentSize.width - pileWidth) / 2, top = (contentSize.height - pileHeight) / 2
        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(context.itemCount)
        context.forEachItem { indexPath, position, _ in
            let offset = Double(position) * padding
            cells.append(LayoutAttributes(
                indexPath: indexPath,
                frame: Rect(x: left + offset, y: top + offset / 2, width: size.width, height: size.height),
                zIndex: position))
        }
        return PreparedLayout(contentSize: contentSize, attributes: cells)
    }
}
