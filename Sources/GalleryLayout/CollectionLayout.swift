/// What a layout knows about one item before placing it: the image's shape and the label under it.
public struct ItemMetrics: Hashable, Sendable {
    /// Image width divided by image height.
    public var aspectRatio: Double
    /// Height of the caption below the image (the recipe title's two-line label).
    public var labelHeight: Double

    public init(aspectRatio: Double, labelHeight: Double = 0) {
        self.aspectRatio = aspectRatio
        self.labelHeight = labelHeight
    }

    /// The aspect ratio, or 1 when it is zero, negative or not finite, so a bad probe never
    /// produces an infinite card.
    public var usableAspectRatio: Double {
        aspectRatio.isFinite && aspectRatio > 0 ? aspectRatio : 1
    }

    /// The label height, or 0 when it is negative or not finite.
    public var usableLabelHeight: Double {
        labelHeight.isFinite && labelHeight > 0 ? labelHeight : 0
    }

    /// The height of a card `width` wide: the image at its aspect ratio plus the label.
    public func cardHeight(forWidth width: Double) -> Double {
        width / usableAspectRatio + usableLabelHeight
    }
}

/// One section of the collection: its items and whether it shows a header and a footer.
public struct LayoutSection: Hashable, Sendable {
    public var items: [ItemMetrics]
    public var hasHeader: Bool
    public var hasFooter: Bool

    public init(items: [ItemMetrics], hasHeader: Bool = false, hasFooter: Bool = false) {
        self.items = items
        self.hasHeader = hasHeader
        self.hasFooter = hasFooter
    }
}

/// Everything a layout may depend on: the container width (the breakpoint), the viewport height
/// when known, the sections, and the direction the page reads in. A layout's output is a pure
/// function of this and its knobs.
public struct LayoutContext: Sendable {
    public var containerWidth: Double
    public var viewportHeight: Double?
    public var sections: [LayoutSection]
    /// Engines compute left to right whatever this says; `prepareInLayoutDirection(_:)` mirrors
    /// their result for a right-to-left page. `UITraitCollection.layoutDirection`.
    public var layoutDirection: LayoutDirection

    public init(containerWidth: Double, viewportHeight: Double? = nil, sections: [LayoutSection],
                layoutDirection: LayoutDirection = .leftToRight) {
        self.containerWidth = containerWidth
        self.viewportHeight = viewportHeight
        self.sections = sections
        self.layoutDirection = layoutDirection
    }

    /// The container width, or 0 when it is negative or not finite.
    public var usableContainerWidth: Double {
        containerWidth.isFinite && containerWidth > 0 ? containerWidth : 0
    }

    /// The viewport height when it is given and positive.
    public var usableViewportHeight: Double? {
        guard let height = viewportHeight, height.isFinite, height > 0 else { return nil }
        return height
    }

    /// The number of items over all sections.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}

/// The direction the content scrolls. `UICollectionView.ScrollDirection`.
public enum ScrollDirection: String, Sendable, CaseIterable {
    case vertical
    case horizontal
}

/// An arrangement of a collection. `UICollectionViewLayout`: engines are pure values whose
/// `prepare` computes every element's attributes at once.
public protocol CollectionLayout: Sendable {
    /// Computes the attributes of every element for `context`. `prepare()` + `layoutAttributesFor…`.
    func prepare(_ context: LayoutContext) -> PreparedLayout

    /// Whether a right-to-left page shows this layout mirrored (true unless an engine says
    /// otherwise). `UICollectionViewLayout.flipsHorizontallyInOppositeLayoutDirection`.
    var flipsHorizontallyInOppositeLayoutDirection: Bool { get }

    /// Whether `prepare` reads the items' metrics (aspect ratio, label height), not only how many
    /// items each section holds. An engine whose cards all take one size answers false: two
    /// contexts alike but for their items' metrics then prepare alike, so a gallery lays out every
    /// tag filter of the same shape once (issue 37). True unless an engine says otherwise.
    var dependsOnItemMetrics: Bool { get }
}

extension CollectionLayout {
    public var dependsOnItemMetrics: Bool { true }
}

/// A layout one of whose sections a visitor can open in place (stacks that open, like an album in
/// Photos): the gallery computes an opened state per section from `opening(section:)`.
public protocol SectionOpeningLayout: CollectionLayout {
    /// Whether a visitor can open its sections: each section's header covers what opens it.
    var opensSections: Bool { get }

    /// The same layout with section `section` opened.
    func opening(section: Int) -> any CollectionLayout
}
