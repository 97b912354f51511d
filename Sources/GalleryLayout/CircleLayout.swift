/// Cards evenly around a circle: Apple's CircleLayout sample. Card `i` of `n` is centred at
/// c + r (cos 2πi/n, sin 2πi/n), where c is the middle of a W × H frame (W the container width, H
/// the viewport height or, when unknown, W) and r = min(W, H) / 2.5 unless set. An automatic radius
/// also keeps the cards inside the width, r ≤ (W − card width) / 2: Apple's 70-point cells always fit,
/// but larger cards on a phone would widen the page (a circle may grow downwards; the page scrolls
/// that way, not sideways).
package struct CircleLayout: CollectionLayout, Hashable {
    /// The size of every card (Apple's sample: 70 × 70).
    package var itemSize: Size
    /// The circle's radius; nil means min(W, H) / 2.5, at most (W − card width) / 2.
    package var radius: Double?

    package init(itemSize: Size = Size(width: 70, height: 70), radius: Double? = nil) {
        self.itemSize = itemSize
        self.radius = radius
    }

    /// Every card takes `itemSize`: only how many there are counts.
    package var dependsOnItemMetrics: Bool { false }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        let size = itemSize.clampedToZero
        let width = context.usableContainerWidth
        let height = context.usableViewportHeight ?? width
        let radius = max(self.radius ?? min(min(width, height) / 2.5, (width - size.width) / 2), 0)
        let count = context.itemCount
        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(count)
        context.forEachItem { indexPath, position, _ in
            let angle = 2 * Double.pi * Double(position) / Double(count)
            cells.append(LayoutAttributes(
                indexPath: indexPath,
                center: Point(x: width / 2 + radius * cosine(angle), y: height / 2 + radius * sine(angle)),
                size: size))
        }
        let contentSize = fitIntoContent(&cells, minimum: Size(width: width, height: height), centred: false)
        return PreparedLayout(contentSize: contentSize, attributes: cells)
    }
}
