/// What an element of the layout is. `UICollectionView.ElementCategory`, with the supplementary or
/// decoration kind attached. Section headers and footers use the kinds `"header"` and `"footer"`.
public enum ElementCategory: Hashable, Sendable {
    case cell
    case supplementary(String)
    case decoration(String)

    /// The kind of a section header supplementary view.
    public static let headerKind = "header"
    /// The kind of a section footer supplementary view.
    public static let footerKind = "footer"
}

/// Where and how one element is shown. `UICollectionViewLayoutAttributes`.
///
/// `center` and `size` describe the untransformed frame; `transform` is applied around
/// `anchorPoint` (unit coordinates of the frame, CSS `transform-origin`), so moving the anchor
/// point never moves the untransformed frame.
public struct LayoutAttributes: Hashable, Sendable {
    public var indexPath: IndexPath
    public var category: ElementCategory
    public var center: Point
    public var size: Size
    public var transform: Transform3D
    public var anchorPoint: Point
    public var alpha: Double
    public var zIndex: Int
    public var isHidden: Bool

    public init(
        indexPath: IndexPath, category: ElementCategory = .cell, center: Point, size: Size,
        transform: Transform3D = .identity, anchorPoint: Point = Point(x: 0.5, y: 0.5),
        alpha: Double = 1, zIndex: Int = 0, isHidden: Bool = false
    ) {
        self.indexPath = indexPath
        self.category = category
        self.center = center
        self.size = size
        self.transform = transform
        self.anchorPoint = anchorPoint
        self.alpha = alpha
        self.zIndex = zIndex
        self.isHidden = isHidden
    }

    public init(
        indexPath: IndexPath, category: ElementCategory = .cell, frame: Rect,
        transform: Transform3D = .identity, anchorPoint: Point = Point(x: 0.5, y: 0.5),
        alpha: Double = 1, zIndex: Int = 0, isHidden: Bool = false
    ) {
        self.init(
            indexPath: indexPath, category: category,
            center: Point(x: frame.midX, y: frame.midY), size: frame.size,
            transform: transform, anchorPoint: anchorPoint, alpha: alpha, zIndex: zIndex,
            isHidden: isHidden)
    }

    /// The untransformed frame, derived from `center` and `size`. Setting it sets both.
    public var frame: Rect {
        get {
            Rect(
                x: center.x - size.width / 2, y: center.y - size.height / 2,
                width: size.width, height: size.height)
        }
        set {
            center = Point(x: newValue.midX, y: newValue.midY)
            size = newValue.size
        }
    }

    /// Where the point at (`x`, `y`) of the untransformed frame, as fractions of its width and
    /// height from its top-left corner, lands once `transform` is applied around `anchorPoint`.
    public func point(atUnitX x: Double, y: Double) -> Point {
        let frame = self.frame
        let local = Transform3D.Prepared(transform).apply(x: (x - anchorPoint.x) * size.width, y: (y - anchorPoint.y) * size.height)
        return Point(x: frame.minX + anchorPoint.x * size.width + local.x, y: frame.minY + anchorPoint.y * size.height + local.y)
    }

    /// The axis-aligned bounding box of the frame after `transform` is applied around
    /// `anchorPoint`. Equals `frame` for the identity transform. `PreparedLayout.attributes(in:)`
    /// and overlap checks use this box, so a rotated card is found wherever any corner of it shows.
    public var boundingBox: Rect {
        let frame = self.frame
        if transform.isIdentity { return frame }
        let originX = frame.minX + anchorPoint.x * size.width
        let originY = frame.minY + anchorPoint.y * size.height
        let left = -anchorPoint.x * size.width, right = left + size.width
        let top = -anchorPoint.y * size.height, bottom = top + size.height
        let prepared = Transform3D.Prepared(transform)
        let a = prepared.apply(x: left, y: top), b = prepared.apply(x: right, y: top)
        let c = prepared.apply(x: left, y: bottom), d = prepared.apply(x: right, y: bottom)
        let minX = Swift.min(Swift.min(a.x, b.x), Swift.min(c.x, d.x))
        let maxX = Swift.max(Swift.max(a.x, b.x), Swift.max(c.x, d.x))
        let minY = Swift.min(Swift.min(a.y, b.y), Swift.min(c.y, d.y))
        let maxY = Swift.max(Swift.max(a.y, b.y), Swift.max(c.y, d.y))
        return Rect(x: originX + minX, y: originY + minY, width: maxX - minX, height: maxY - minY)
    }
}
