/// Cards in one horizontal strip, the card at the middle facing the viewer and the others turned
/// towards it about the vertical axis, pulled back and overlapping: iTunes' and the iPod's cover
/// flow, as UICollectionViewFlowLayout subclasses build it with `CATransform3D` and `m34`.
///
/// Card `i`'s centre is at x = max(width / 2, itemWidth / 2) + spacing × i, so scrolling by
/// `spacing` brings the next card to the middle; the content reaches half a width past the last
/// centre, so every card can come to the middle. The attributes are the pose at a scroll offset of
/// 0 (the first card facing the viewer); `scrollDrivenTurn` says how the pose follows the scroll.
package struct CoverFlowLayout: CollectionLayout, Hashable {
    /// The size of every card.
    package var itemSize: Size
    /// The distance between neighbouring card centres.
    package var spacing: Double
    /// How far from the middle a card has finished turning; nil for `spacing`.
    package var turnDistance: Double?
    /// The turn of a card beside the middle, radians (cover flow: about 60°).
    package var rotation: Double
    /// How far a turned card moves outwards, clearing the card at the middle.
    package var sideOffset: Double
    /// How far a turned card is pulled back from the viewer.
    package var depth: Double
    /// The viewer's distance from the cards, as CSS `perspective()` (`m34 = −1 / perspective`).
    package var perspective: Double

    package init(itemSize: Size = Size(width: 120, height: 200), spacing: Double = 40, turnDistance: Double? = nil,
                rotation: Double = 60 * .pi / 180, sideOffset: Double = 50, depth: Double = 100,
                perspective: Double = 500) {
        self.itemSize = itemSize
        self.spacing = spacing
        self.turnDistance = turnDistance
        self.rotation = rotation
        self.sideOffset = sideOffset
        self.depth = depth
        self.perspective = perspective
    }

    /// The rule the cards follow as the strip scrolls, in this layout's numbers.
    package var scrollDrivenTurn: ScrollDrivenTurn {
        let spacing = Self.usable(spacing)
        let perspective = Self.usable(self.perspective)
        return ScrollDrivenTurn(
            distance: turnDistance.map(Self.usable) ?? spacing,
            // A card on the right faces left, towards the middle: its outer edge comes forward.
            rightTransform: Transform3D(translationX: Self.usable(sideOffset), translationZ: -Self.usable(depth),
                                        rotationY: -(rotation.isFinite ? rotation : 0),
                                        perspective: perspective > 0 ? perspective : nil),
            spacing: spacing)
    }

    /// Every card takes `itemSize`: only how many there are counts.
    package var dependsOnItemMetrics: Bool { false }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        let size = itemSize.clampedToZero
        let turn = scrollDrivenTurn
        let width = context.usableContainerWidth
        let middle = width / 2
        let first = max(middle, size.width / 2)
        let height = max(context.usableViewportHeight ?? size.height, size.height)
        let count = context.itemCount
        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(count)
        context.forEachItem { indexPath, position, _ in
            let x = first + turn.spacing * Double(position)
            let steps = turn.spacing > 0 ? Int((abs(x - middle) / turn.spacing).rounded()) : 0
            cells.append(LayoutAttributes(
                indexPath: indexPath, center: Point(x: x, y: height / 2), size: size,
                transform: turn.transform(atOffset: x - middle), zIndex: max(count - steps, 0)))
        }
        let last = first + turn.spacing * Double(max(count - 1, 0))
        let contentSize = fitIntoContent(
            &cells, minimum: Size(width: max(width, last + max(middle, size.width / 2)), height: height), centred: false)
        return PreparedLayout(contentSize: contentSize, attributes: cells, scrollDrivenTurn: turn)
    }

    private static func usable(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
}
