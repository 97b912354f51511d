/// A transform applied to an element around its anchor point. `CATransform3D`, kept as its parts so
/// it maps one-to-one onto CSS: `perspective(p) translate3d(x, y, z) rotateX() rotateY() rotateZ()
/// scale(x, y)`, with `transform-origin` at the anchor point. Angles are radians; positive `rotationZ`
/// turns clockwise on screen (y grows downwards), as in UIKit and CSS.
public struct Transform3D: Hashable, Sendable {
    public var translationX: Double
    public var translationY: Double
    public var translationZ: Double
    public var rotationX: Double
    public var rotationY: Double
    public var rotationZ: Double
    public var scaleX: Double
    public var scaleY: Double
    /// Distance from the viewer to the z = 0 plane, as CSS `perspective()`; nil for none.
    public var perspective: Double?

    public init(
        translationX: Double = 0, translationY: Double = 0, translationZ: Double = 0,
        rotationX: Double = 0, rotationY: Double = 0, rotationZ: Double = 0,
        scaleX: Double = 1, scaleY: Double = 1, perspective: Double? = nil
    ) {
        self.translationX = translationX
        self.translationY = translationY
        self.translationZ = translationZ
        self.rotationX = rotationX
        self.rotationY = rotationY
        self.rotationZ = rotationZ
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.perspective = perspective
    }

    /// No change. `CATransform3DIdentity`.
    public static let identity = Transform3D()

    /// A rotation in the screen plane. `CGAffineTransform(rotationAngle:)`.
    public static func rotation(_ angle: Double) -> Transform3D { Transform3D(rotationZ: angle) }

    /// A uniform or non-uniform scale. `CGAffineTransform(scaleX:y:)`.
    public static func scale(x: Double, y: Double) -> Transform3D { Transform3D(scaleX: x, scaleY: y) }

    /// A move in the screen plane. `CGAffineTransform(translationX:y:)`.
    public static func translation(x: Double, y: Double) -> Transform3D {
        Transform3D(translationX: x, translationY: y)
    }

    public var isIdentity: Bool { self == .identity }

    /// Where the point (`x`, `y`), given relative to the transform origin, lands on screen (also
    /// relative to the origin) once the transform and any perspective are applied.
    public func apply(x: Double, y: Double) -> Point {
        Prepared(self).apply(x: x, y: y)
    }

    /// The transform with its sines and cosines worked out once, for transforming many points.
    struct Prepared {
        let transform: Transform3D
        let cosZ: Double, sinZ: Double, cosY: Double, sinY: Double, cosX: Double, sinX: Double

        init(_ transform: Transform3D) {
            self.transform = transform
            (cosZ, sinZ) = transform.rotationZ == 0 ? (1, 0) : (cosine(transform.rotationZ), sine(transform.rotationZ))
            (cosY, sinY) = transform.rotationY == 0 ? (1, 0) : (cosine(transform.rotationY), sine(transform.rotationY))
            (cosX, sinX) = transform.rotationX == 0 ? (1, 0) : (cosine(transform.rotationX), sine(transform.rotationX))
        }

        func apply(x: Double, y: Double) -> Point {
            let t = transform
            var px = x * t.scaleX
            var py = y * t.scaleY
            (px, py) = (px * cosZ - py * sinZ, px * sinZ + py * cosZ)
            var pz = -px * sinY
            px = px * cosY
            (py, pz) = (py * cosX - pz * sinX, py * sinX + pz * cosX)
            px += t.translationX
            py += t.translationY
            pz += t.translationZ
            if let distance = t.perspective, distance > 0 {
                // Points at or behind the viewer would project to infinity; clamp them just in front.
                let w = Swift.max(1 - pz / distance, 1e-6)
                px /= w
                py /= w
            }
            return Point(x: px, y: py)
        }
    }
}
