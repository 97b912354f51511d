/// Cards fanned out like a hand of playing cards: the spinning-wheel / Croupier fan. Every card
/// shares one centre and turns about an anchor point `radius` below its middle, card `i` by
/// `angle + anglePerItem × i`. A hand wider than the container is held tighter: every turn is
/// scaled down by one factor until the hand fits the container's width (a phone gets the whole
/// hand, its top card and that card's title on screen, rather than a strip scrolling sideways
/// past the covered cards). The whole fan is then centred in a content frame big enough to hold it
/// (at least the container width, and the viewport height when known).
package struct FanLayout: CollectionLayout, Hashable {
    /// The size of every card.
    package var itemSize: Size
    /// Distance from the middle of a card to the point the fan turns about (Croupier: 2000).
    package var radius: Double
    /// Rotation of the first card, in radians; nil centres the fan so its middle stands upright.
    package var angle: Double?
    /// Rotation between neighbouring cards, in radians; nil means atan(itemWidth / radius), which
    /// lets neighbours touch at the rim.
    package var anglePerItem: Double?

    package init(
        itemSize: Size = Size(width: 120, height: 200), radius: Double = 2000,
        angle: Double? = nil, anglePerItem: Double? = nil
    ) {
        self.itemSize = itemSize
        self.radius = radius
        self.angle = angle
        self.anglePerItem = anglePerItem
    }

    /// The rotation between neighbouring cards: `anglePerItem`, or atan(itemWidth / radius).
    package var resolvedAnglePerItem: Double {
        if let anglePerItem { return anglePerItem }
        return radius > 0 ? arcTangent(max(itemSize.width, 0) / radius) : 0
    }

    /// The anchor point that puts the turning point `radius` below the card's middle:
    /// y = ((itemHeight / 2) + radius) / itemHeight.
    package var anchorPoint: Point {
        let height = max(itemSize.height, 0)
        guard height > 0 else { return Point(x: 0.5, y: 0.5) }
        return Point(x: 0.5, y: (height / 2 + max(radius, 0)) / height)
    }

    /// Every card takes `itemSize`: only how many there are counts.
    package var dependsOnItemMetrics: Bool { false }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        let width = context.usableContainerWidth
        var cells = hand(context, tightness: 1)
        if width > 0, Self.width(of: cells) > width {
            // The width grows with the turns (up to a half turn either way): bisect the factor.
            var fits = 0.0, tooWide = 1.0
            for _ in 0..<24 {
                let tightness = (fits + tooWide) / 2
                if Self.width(of: hand(context, tightness: tightness)) > width { tooWide = tightness } else { fits = tightness }
            }
            cells = hand(context, tightness: fits)
        }
        let contentSize = fitIntoContent(
            &cells,
            minimum: Size(width: width, height: context.usableViewportHeight ?? 0),
            centred: true)
        return PreparedLayout(contentSize: contentSize, attributes: cells)
    }

    /// The cards about a shared centre, every turn (the first card's and the step) times `tightness`.
    private func hand(_ context: LayoutContext, tightness: Double) -> [LayoutAttributes] {
        let size = itemSize.clampedToZero
        let count = context.itemCount
        let step = resolvedAnglePerItem * tightness
        let start = (angle ?? -resolvedAnglePerItem * Double(max(count - 1, 0)) / 2) * tightness
        let anchor = anchorPoint
        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(count)
        context.forEachItem { indexPath, position, _ in
            cells.append(LayoutAttributes(
                indexPath: indexPath, center: .zero, size: size,
                transform: .rotation(start + step * Double(position)), anchorPoint: anchor,
                zIndex: position))
        }
        return cells
    }

    /// The width of the cards' bounding boxes together.
    private static func width(of cells: [LayoutAttributes]) -> Double {
        var left = Double.infinity, right = -Double.infinity
        for cell in cells {
            let box = cell.boundingBox
            left = min(left, box.minX)
            right = max(right, box.maxX)
        }
        return right > left ? right - left : 0
    }
}
