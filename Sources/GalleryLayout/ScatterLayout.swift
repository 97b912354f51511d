/// Cards dropped on a table: the Croupier scatter, made repeatable. Each card gets a random
/// rotation within ±`maximumRotation` and a random centre that keeps it on the table; of
/// `candidateCount` random centres the one farthest from the cards already placed wins
/// (Mitchell's best-candidate sampling), which spreads the cards and limits overlap. Everything
/// comes from a `SeededGenerator` seeded with `seed`, so the same seed gives the same table.
///
/// The table is the container width wide and the viewport height tall when the context has one;
/// otherwise tall enough for the cards to cover `coverage` of it.
package struct ScatterLayout: CollectionLayout, Hashable {
    /// The size of every card.
    package var itemSize: Size
    /// The seed of the random sequence; keep it in site.yml to keep the table.
    package var seed: UInt64
    /// The largest rotation either way, in radians (default 15°).
    package var maximumRotation: Double
    /// Random centres tried per card; 1 gives plain uniform scattering.
    package var candidateCount: Int
    /// Fraction of the table the cards cover when the height is not set by the viewport.
    package var coverage: Double

    package init(
        itemSize: Size = Size(width: 120, height: 200), seed: UInt64 = 0,
        maximumRotation: Double = Double.pi / 12, candidateCount: Int = 8, coverage: Double = 0.5
    ) {
        self.itemSize = itemSize
        self.seed = seed
        self.maximumRotation = maximumRotation
        self.candidateCount = candidateCount
        self.coverage = coverage
    }

    /// Every card takes `itemSize`: only how many there are counts.
    package var dependsOnItemMetrics: Bool { false }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        let size = itemSize.clampedToZero
        let count = context.itemCount
        let width = context.usableContainerWidth
        let coverage = self.coverage > 0 && self.coverage.isFinite ? self.coverage : 0.5
        let height = context.usableViewportHeight
            ?? max(size.height, Double(count) * size.width * size.height / (max(width, 1) * coverage))
        let maximumRotation = abs(self.maximumRotation.isFinite ? self.maximumRotation : 0)
        let candidates = max(candidateCount, 1)

        // Distances are measured in card widths and heights, so tall cards keep apart vertically.
        let unitX = size.width > 0 ? size.width : 1, unitY = size.height > 0 ? size.height : 1
        let spanX = max(width / unitX, 1e-9), spanY = max(height / unitY, 1e-9)
        let spacing = (spanX * spanY / Double(max(count, 1))).squareRoot()
        let columns = max(1, min(Int((spanX / spacing).rounded(.down)), 1 << 15))
        let rows = max(1, min(Int((spanY / spacing).rounded(.down)), 1 << 15))
        let cellWidth = spanX / Double(columns), cellHeight = spanY / Double(rows)
        var placed = PlacedCentres(columns: columns, rows: rows, cellWidth: cellWidth, cellHeight: cellHeight)
        let reachX = Int((spacing / cellWidth).rounded(.up)), reachY = Int((spacing / cellHeight).rounded(.up))
        // A candidate this far from every other card is kept without trying the rest: most of best-
        // candidate's benefit at a fraction of the searches on big tables.
        let goodEnough = 0.75 * spacing

        var random = SeededGenerator(seed: seed)
        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(count)
        context.forEachItem { indexPath, position, _ in
            let rotation = maximumRotation > 0 ? random.next(in: -maximumRotation...maximumRotation) : 0
            let c = abs(cosine(rotation)), s = abs(sine(rotation))
            let halfX = (size.width * c + size.height * s) / 2 / unitX
            let halfY = (size.width * s + size.height * c) / 2 / unitY
            let rangeX = halfX...max(halfX, spanX - halfX), rangeY = halfY...max(halfY, spanY - halfY)
            var bestX = 0.0, bestY = 0.0, bestClearance = -1.0
            for _ in 0..<candidates {
                let x = random.next(in: rangeX), y = random.next(in: rangeY)
                let distance = placed.clearance(x, y, limit: spacing, reachX: reachX, reachY: reachY)
                if distance > bestClearance { (bestX, bestY, bestClearance) = (x, y, distance) }
                if distance >= goodEnough { break }
            }
            placed.insert(bestX, bestY)
            cells.append(LayoutAttributes(
                indexPath: indexPath, center: Point(x: bestX * unitX, y: bestY * unitY), size: size,
                transform: rotation == 0 ? .identity : .rotation(rotation), zIndex: position))
        }
        let contentSize = fitIntoContent(&cells, minimum: Size(width: width, height: height), centred: false)
        return PreparedLayout(contentSize: contentSize, attributes: cells)
    }
}

/// The centres placed so far, bucketed by grid cell with a few slots stored inline per cell, so a
/// nearest-neighbour search reads a handful of neighbouring cache lines instead of chasing
/// pointers across the whole table.
private struct PlacedCentres {
    static let slotsPerCell = 4
    let columns: Int, rows: Int, cellWidth: Double, cellHeight: Double
    /// x, y pairs, single precision to halve the memory the search reads (distances only rank
    /// candidates; the centres themselves stay exact): cell `c` owns `slots[c * 8 ..< c * 8 + 8]`.
    var slots: [Float]
    var counts: [UInt8]
    /// Centres that did not fit inline, chained per cell.
    var overflowHeads: [Int32]
    var overflow: [(x: Double, y: Double, next: Int32)] = []

    init(columns: Int, rows: Int, cellWidth: Double, cellHeight: Double) {
        (self.columns, self.rows, self.cellWidth, self.cellHeight) = (columns, rows, cellWidth, cellHeight)
        slots = [Float](repeating: 0, count: columns * rows * Self.slotsPerCell * 2)
        counts = [UInt8](repeating: 0, count: columns * rows)
        overflowHeads = []
    }

    func cell(_ x: Double, _ y: Double) -> (Int, Int) {
        (min(max(Int(x / cellWidth), 0), columns - 1), min(max(Int(y / cellHeight), 0), rows - 1))
    }

    mutating func insert(_ x: Double, _ y: Double) {
        let (gx, gy) = cell(x, y)
        let index = gy * columns + gx
        let count = Int(counts[index])
        if count < Self.slotsPerCell {
            slots[(index * Self.slotsPerCell + count) * 2] = Float(x)
            slots[(index * Self.slotsPerCell + count) * 2 + 1] = Float(y)
            counts[index] += 1
        } else {
            if overflowHeads.isEmpty { overflowHeads = [Int32](repeating: -1, count: columns * rows) }
            overflow.append((x, y, overflowHeads[index]))
            overflowHeads[index] = Int32(overflow.count - 1)
        }
    }

    /// Distance from (x, y) to the nearest centre, capped at `limit`.
    func clearance(_ x: Double, _ y: Double, limit: Double, reachX: Int, reachY: Int) -> Double {
        let (cx, cy) = cell(x, y)
        var best = limit * limit
        slots.withUnsafeBufferPointer { slots in
            counts.withUnsafeBufferPointer { counts in
                for gy in max(cy - reachY, 0)...min(cy + reachY, rows - 1) {
                    for gx in max(cx - reachX, 0)...min(cx + reachX, columns - 1) {
                        let index = gy * columns + gx
                        let base = index * Self.slotsPerCell * 2
                        for slot in 0..<Int(counts[index]) {
                            let dx = Double(slots[base + 2 * slot]) - x, dy = Double(slots[base + 2 * slot + 1]) - y
                            best = min(best, dx * dx + dy * dy)
                        }
                        if !overflowHeads.isEmpty {
                            var next = overflowHeads[index]
                            while next >= 0 {
                                let entry = overflow[Int(next)]
                                let dx = entry.x - x, dy = entry.y - y
                                best = min(best, dx * dx + dy * dy)
                                next = entry.next
                            }
                        }
                    }
                }
            }
        }
        return best.squareRoot()
    }
}
