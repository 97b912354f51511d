/// Rows of cards at their images' aspect ratios, each row scaled to fill the width: Flickr's
/// justified-layout. Rows aim at `targetRowHeight` and accept a height within ±tolerance; a row
/// that would end too far off target ends one item early. Heights are rounded to whole pixels and
/// widths too, and the rounding error is spread over the row so every full row ends exactly on
/// the width. Row heights are clamped to ½–2× the target (the only case where an image is cropped).
/// Each card is its image plus the label area below it (the row's tallest label).
package struct JustifiedLayout: CollectionLayout, Hashable {
    /// How the last, incomplete row (the widow) is laid out. Flickr's `widowLayoutStyle`.
    package enum WidowLayoutStyle: String, Sendable, CaseIterable {
        /// At the target height, from the left edge.
        case left
        /// Scaled to fill the width like the other rows, within the clamp.
        case justify
        /// At the target height, centred.
        case center
    }

    /// The row height to aim for (Flickr: 320).
    package var targetRowHeight: Double
    /// How far a row may stray from the target, as a fraction of it (Flickr: 0.25).
    package var targetRowHeightTolerance: Double
    /// Space between cards and between rows (Flickr: 10).
    package var boxSpacing: Double
    /// Space around each section's rows (Flickr's containerPadding: 10).
    package var sectionInset: EdgeInsets
    /// How the last row of a section is laid out (Flickr: left).
    package var widowLayoutStyle: WidowLayoutStyle
    /// Height of each section's header; zero hides headers.
    package var headerHeight: Double
    /// Height of each section's footer; zero hides footers.
    package var footerHeight: Double

    package init(
        targetRowHeight: Double = 320, targetRowHeightTolerance: Double = 0.25, boxSpacing: Double = 10,
        sectionInset: EdgeInsets = EdgeInsets(all: 10), widowLayoutStyle: WidowLayoutStyle = .left,
        headerHeight: Double = 44, footerHeight: Double = 0
    ) {
        self.targetRowHeight = targetRowHeight
        self.targetRowHeightTolerance = targetRowHeightTolerance
        self.boxSpacing = boxSpacing
        self.sectionInset = sectionInset
        self.widowLayoutStyle = widowLayoutStyle
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }

    package func prepare(_ context: LayoutContext) -> PreparedLayout {
        let target = targetRowHeight > 0 && targetRowHeight.isFinite ? targetRowHeight : 320
        let tolerance = max(targetRowHeightTolerance.isFinite ? targetRowHeightTolerance : 0, 0)
        let spacing = max(boxSpacing, 0)
        let inset = sectionInset
        let left = max(inset.left, 0)
        let rowWidth = max(context.usableContainerWidth - left - max(inset.right, 0), 0)
        let contentWidth = max(context.usableContainerWidth, left + rowWidth + max(inset.right, 0))
        let minimumAspectRatio = rowWidth / target * (1 - tolerance)
        let maximumAspectRatio = rowWidth / target * (1 + tolerance)

        var cells: [LayoutAttributes] = []
        cells.reserveCapacity(context.itemCount)
        var widths: [Double] = []
        let (supplementaries, height) = stackSections(
            context, width: contentWidth, headerHeight: max(headerHeight, 0),
            footerHeight: max(footerHeight, 0), inset: inset
        ) { sectionIndex, section, top in
            let items = section.items
            var y = top
            var bottom = top

            /// Places items `range` as one row `rowHeight` tall (before clamping and rounding).
            func completeRow(_ range: Range<Int>, rowHeight: Double, style: WidowLayoutStyle) {
                let count = range.count
                let rounded = rowHeight.rounded()
                let clamped = max(target / 2, min(rounded, target * 2))
                // When clamped, widths still follow the unclamped height so the row fills the width.
                let widthHeight = style == .justify ? rounded : clamped
                widths.removeAll(keepingCapacity: true)
                var total = Double(count - 1) * spacing
                var labelHeight = 0.0
                for index in range {
                    let width = max((items[index].usableAspectRatio * widthHeight).rounded(), 0)
                    widths.append(width)
                    total += width
                    labelHeight = max(labelHeight, items[index].usableLabelHeight)
                }
                var lefts = [Double](repeating: left, count: count)
                switch style {
                case .justify:
                    // Spread the rounding error over the row; the last edge lands exactly on the width.
                    let error = total - rowWidth
                    let perItem = error / Double(count)
                    var x = left, previousError = 0.0
                    for slot in 0..<count {
                        let cumulative = slot == count - 1 ? error : (Double(slot + 1) * perItem).rounded()
                        lefts[slot] = x - previousError
                        widths[slot] -= cumulative - previousError
                        x += widths[slot] + (cumulative - previousError) + spacing
                        previousError = cumulative
                    }
                    if count > 0 { widths[count - 1] = left + rowWidth - lefts[count - 1] }
                case .left, .center:
                    var x = style == .center ? left + (rowWidth - total) / 2 : left
                    for slot in 0..<count {
                        lefts[slot] = x
                        x += widths[slot] + spacing
                    }
                }
                for (slot, index) in range.enumerated() {
                    cells.append(LayoutAttributes(
                        indexPath: IndexPath(item: index, section: sectionIndex),
                        frame: Rect(x: lefts[slot], y: y, width: max(widths[slot], 0), height: clamped + labelHeight)))
                }
                bottom = y + clamped + labelHeight
                y = bottom + spacing
            }

            // Flickr's Row.addItem: grow the row until its aspect ratio reaches the tolerance band.
            var start = 0, sum = 0.0, index = 0
            while index < items.count {
                let aspectRatio = items[index].usableAspectRatio
                let count = index - start
                let newSum = sum + aspectRatio
                let widthWithoutSpacing = rowWidth - Double(count) * spacing
                if newSum < minimumAspectRatio {
                    sum = newSum
                    index += 1
                    continue
                }
                if newSum > maximumAspectRatio && count > 0 {
                    let previousWidth = rowWidth - Double(count - 1) * spacing
                    let newError = abs(newSum - widthWithoutSpacing / target)
                    let previousError = abs(sum - previousWidth / target)
                    if newError > previousError {
                        completeRow(start..<index, rowHeight: previousWidth / sum, style: .justify)
                        (start, sum) = (index, 0)
                        continue
                    }
                }
                completeRow(start..<(index + 1), rowHeight: widthWithoutSpacing / newSum, style: .justify)
                index += 1
                (start, sum) = (index, 0)
            }
            if start < items.count {
                let widowWidth = rowWidth - Double(items.count - start - 1) * spacing
                let fitted = widowLayoutStyle == .justify ? widowWidth / sum : target
                completeRow(start..<items.count, rowHeight: fitted, style: widowLayoutStyle)
            }
            return bottom
        }
        cells.append(contentsOf: supplementaries)
        return PreparedLayout(
            contentSize: Size(width: contentWidth, height: height), attributes: cells)
    }
}
