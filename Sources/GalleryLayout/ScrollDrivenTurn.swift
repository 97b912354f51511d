/// How a horizontally scrolling layout's cells turn with the scroll position: a cell whose centre
/// is at the middle of the visible width faces the viewer, and one `distance` or more to the right
/// of it wears `rightTransform` (one to the left its mirror image), in between proportionally.
///
/// UIKit answers `shouldInvalidateLayout(forBoundsChange:)` with true and prepares the layout
/// again on every scroll; a static page cannot ask again, so the layout states the rule once and
/// the page follows it with scroll-driven animations. The prepared attributes are the rule applied
/// at a scroll offset of 0. The rule is its own mirror image, so a right-to-left layout keeps it;
/// only the end the scrolling starts from changes.
public struct ScrollDrivenTurn: Hashable, Sendable {
    /// How far from the middle a cell has finished turning, in points.
    public var distance: Double
    /// The 3-D part of a fully turned cell on the right: rotation about y, and translation in x and
    /// z, inside `perspective`. Never turned in the screen plane nor scaled.
    public var rightTransform: Transform3D
    /// The distance between neighbouring cells' centres, the step in which the stacking order
    /// (`zIndex`) falls away from the middle.
    public var spacing: Double

    public init(distance: Double, rightTransform: Transform3D, spacing: Double) {
        self.distance = distance
        self.rightTransform = rightTransform
        self.spacing = spacing
    }

    /// A cell's turn at `offset` points right of the middle (negative: left), from −1 (fully
    /// turned, left) through 0 (facing the viewer) to 1 (fully turned, right).
    public func turn(atOffset offset: Double) -> Double {
        guard distance > 0 else { return offset > 0 ? 1 : offset < 0 ? -1 : 0 }
        return Swift.min(Swift.max(offset / distance, -1), 1)
    }

    /// The 3-D transform of a cell at `offset` points right of the middle: `rightTransform`
    /// scaled by the turn, mirrored on the left, its depth the same on both sides.
    public func transform(atOffset offset: Double) -> Transform3D {
        let turn = turn(atOffset: offset)
        return Transform3D(translationX: rightTransform.translationX * turn,
                           translationZ: rightTransform.translationZ * Swift.abs(turn),
                           rotationY: rightTransform.rotationY * turn,
                           perspective: rightTransform.perspective)
    }
}
