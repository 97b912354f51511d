/// A uniform bucket grid over element bounding boxes, so a rectangle query visits only the buckets
/// it covers. Buckets are about one typical element in size and never more than about twice the
/// element count; an element that would span too many buckets goes to a short list that every
/// query checks, which keeps memory linear whatever the engine does.
struct SpatialIndex: Sendable {
    private let boxes: [Rect]
    private let originX: Double
    private let originY: Double
    private let bucketWidth: Double
    private let bucketHeight: Double
    private let columns: Int
    private let rows: Int
    /// Compressed rows: bucket `b` holds `entries[bucketStarts[b] ..< bucketStarts[b + 1]]`.
    private let bucketStarts: [Int32]
    private let entries: [Int32]
    private let oversized: [Int32]

    private static let maximumBucketsPerElement = 64

    init(boxes: [Rect]) {
        self.boxes = boxes
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        var sumWidth = 0.0, sumHeight = 0.0, finiteCount = 0
        for box in boxes where Self.isFinite(box) {
            minX = Swift.min(minX, box.minX)
            minY = Swift.min(minY, box.minY)
            maxX = Swift.max(maxX, box.maxX)
            maxY = Swift.max(maxY, box.maxY)
            sumWidth += box.width
            sumHeight += box.height
            finiteCount += 1
        }
        guard finiteCount > 0 else {
            (originX, originY, bucketWidth, bucketHeight, columns, rows) = (0, 0, 1, 1, 1, 1)
            bucketStarts = [0, 0]
            entries = []
            oversized = (0..<boxes.count).map { Int32($0) }
            return
        }
        let spanX = Swift.max(maxX - minX, 1), spanY = Swift.max(maxY - minY, 1)
        var width = Swift.min(Swift.max(sumWidth / Double(finiteCount), 1), spanX)
        var height = Swift.min(Swift.max(sumHeight / Double(finiteCount), 1), spanY)
        let bucketLimit = Double(2 * finiteCount + 16)
        let wanted = (spanX / width).rounded(.up) * (spanY / height).rounded(.up)
        if wanted > bucketLimit {
            let grow = (wanted / bucketLimit).squareRoot()
            width = Swift.min(width * grow, spanX)
            height = Swift.min(height * grow, spanY)
        }
        let columns = Swift.max(1, Int((spanX / width).rounded(.up)))
        let rows = Swift.max(1, Int((spanY / height).rounded(.up)))
        (originX, originY, bucketWidth, bucketHeight) = (minX, minY, width, height)
        (self.columns, self.rows) = (columns, rows)

        // Two passes: count per bucket, then fill.
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var oversized: [Int32] = []
        func range(_ box: Rect) -> (Int, Int, Int, Int) {
            (
                Self.bucket(box.minX, minX, width, columns), Self.bucket(box.maxX, minX, width, columns),
                Self.bucket(box.minY, minY, height, rows), Self.bucket(box.maxY, minY, height, rows)
            )
        }
        for (index, box) in boxes.enumerated() {
            guard Self.isFinite(box) else { oversized.append(Int32(index)); continue }
            let (x0, x1, y0, y1) = range(box)
            if (x1 - x0 + 1) * (y1 - y0 + 1) > Self.maximumBucketsPerElement {
                oversized.append(Int32(index))
                continue
            }
            for y in y0...y1 { for x in x0...x1 { counts[y * columns + x + 1] += 1 } }
        }
        for b in 0..<(columns * rows) { counts[b + 1] += counts[b] }
        var cursor = counts
        var entries = [Int32](repeating: 0, count: Int(counts[columns * rows]))
        var nextOversized = 0
        for (index, box) in boxes.enumerated() {
            if nextOversized < oversized.count, oversized[nextOversized] == Int32(index) {
                nextOversized += 1
                continue
            }
            let (x0, x1, y0, y1) = range(box)
            for y in y0...y1 {
                for x in x0...x1 {
                    let bucket = y * columns + x
                    entries[Int(cursor[bucket])] = Int32(index)
                    cursor[bucket] += 1
                }
            }
        }
        self.bucketStarts = counts
        self.entries = entries
        self.oversized = oversized
    }

    /// Positions of the boxes intersecting `rect` (`Rect.intersects`), ascending.
    func query(_ rect: Rect) -> [Int] {
        var result: [Int] = []
        _ = visit(rect) { index, _ in result.append(index); return false }
        result.sort()
        return result
    }

    /// Whether a box intersecting `rect` has a position that `test` accepts, given with its box;
    /// each such position is tested once, in no set order, and the search stops at the first
    /// accepted. No array is made, which matters where a gallery asks three points per card per
    /// state (issue 37).
    func contains(in rect: Rect, where test: (_ position: Int, _ box: Rect) -> Bool) -> Bool {
        visit(rect, test)
    }

    /// Calls `body` with each position whose box intersects `rect` and that box, once each, until
    /// it returns true.
    private func visit(_ rect: Rect, _ body: (Int, Rect) -> Bool) -> Bool {
        let qx0 = Self.bucket(rect.minX, originX, bucketWidth, columns)
        let qx1 = Self.bucket(rect.maxX, originX, bucketWidth, columns)
        let qy0 = Self.bucket(rect.minY, originY, bucketHeight, rows)
        let qy1 = Self.bucket(rect.maxY, originY, bucketHeight, rows)
        for y in qy0...qy1 {
            for x in qx0...qx1 {
                let bucket = y * columns + x
                for slot in Int(bucketStarts[bucket])..<Int(bucketStarts[bucket + 1]) {
                    let index = Int(entries[slot])
                    let box = boxes[index]
                    guard box.intersects(rect) else { continue }
                    // Report an element only from the first bucket where it and the query meet.
                    let firstX = Swift.max(Self.bucket(box.minX, originX, bucketWidth, columns), qx0)
                    let firstY = Swift.max(Self.bucket(box.minY, originY, bucketHeight, rows), qy0)
                    if firstX == x && firstY == y, body(index, box) { return true }
                }
            }
        }
        for index in oversized where boxes[Int(index)].intersects(rect) {
            if body(Int(index), boxes[Int(index)]) { return true }
        }
        return false
    }

    @inline(__always)
    private static func bucket(_ value: Double, _ origin: Double, _ size: Double, _ count: Int) -> Int {
        let position = ((value - origin) / size).rounded(.down)
        if !(position > 0) { return 0 }  // also catches NaN
        return position >= Double(count - 1) ? count - 1 : Int(position)
    }

    private static func isFinite(_ box: Rect) -> Bool {
        box.minX.isFinite && box.minY.isFinite && box.width.isFinite && box.height.isFinite
    }
}
