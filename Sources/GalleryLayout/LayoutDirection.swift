/// The direction a page reads in. `UIUserInterfaceLayoutDirection`: engines always compute their
/// arrangement left to right, and a right-to-left context mirrors it afterwards
/// (`CollectionLayout.prepareInLayoutDirection(_:)`), as UIKit does for a layout whose
/// `flipsHorizontallyInOppositeLayoutDirection` is true.
public enum LayoutDirection: String, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

extension CollectionLayout {
    /// Every engine mirrors by default, so a flow fills from the right and a fan opens the other
    /// way on a right-to-left page; an engine whose picture must not mirror returns false.
    public var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    /// `prepare(_:)`, mirrored horizontally when the context reads right to left and the layout
    /// flips. What the gallery shows; `prepare(_:)` alone is always the left-to-right layout.
    public func prepareInLayoutDirection(_ context: LayoutContext) -> PreparedLayout {
        let prepared = prepare(context)
        guard context.layoutDirection == .rightToLeft, flipsHorizontallyInOppositeLayoutDirection else { return prepared }
        return prepared.flippedHorizontally(width: Swift.max(prepared.contentSize.width, context.usableContainerWidth))
    }
}

extension PreparedLayout {
    /// The layout mirrored about the vertical line through the middle of a canvas `width` wide:
    /// each frame's x becomes `width − x − frame width`, the anchor point and any horizontal
    /// translation mirror with it, and turns in the screen plane (and about the vertical axis)
    /// go the other way, so every corner of every card lands on its mirror image.
    public func flippedHorizontally(width: Double) -> PreparedLayout {
        PreparedLayout(contentSize: contentSize, attributes: attributes.map { $0.flippedHorizontally(width: width) },
                       scrollDrivenTurn: scrollDrivenTurn)
    }
}

extension LayoutAttributes {
    /// These attributes mirrored in a canvas `width` wide (see `PreparedLayout.flippedHorizontally`).
    public func flippedHorizontally(width: Double) -> LayoutAttributes {
        var flipped = self
        flipped.center.x = width - center.x
        flipped.anchorPoint.x = 1 - anchorPoint.x
        flipped.transform.translationX = -transform.translationX
        flipped.transform.rotationZ = -transform.rotationZ
        flipped.transform.rotationY = -transform.rotationY
        return flipped
    }
}

/// An engine with mirroring turned off (site.yml `flips_horizontally: false`): it lays out as
/// `base` does and keeps that arrangement on right-to-left pages too.
struct UnflippedLayout: CollectionLayout {
    var base: any CollectionLayout

    func prepare(_ context: LayoutContext) -> PreparedLayout { base.prepare(context) }

    var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    var dependsOnItemMetrics: Bool { base.dependsOnItemMetrics }
}
