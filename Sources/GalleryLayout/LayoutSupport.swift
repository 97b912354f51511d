// Small pieces the engines share: walking the items, keeping an arrangement inside its content
// frame, and stacking sections with headers and footers top to bottom.

extension LayoutContext {
    /// Calls `body` for every item in index path order, with its running position over all sections.
    func forEachItem(_ body: (_ indexPath: IndexPath, _ position: Int, _ item: ItemMetrics) -> Void) {
        var position = 0
        for (sectionIndex, section) in sections.enumerated() {
            for (itemIndex, item) in section.items.enumerated() {
                body(IndexPath(item: itemIndex, section: sectionIndex), position, item)
                position += 1
            }
        }
    }
}

extension Size {
    /// The size with negative or non-finite sides replaced by zero.
    var clampedToZero: Size {
        Size(
            width: width.isFinite ? Swift.max(width, 0) : 0,
            height: height.isFinite ? Swift.max(height, 0) : 0)
    }
}

/// Moves `attributes` so that every bounding box lies inside a content frame of at least `minimum`
/// size starting at the origin, and returns that frame's size. With `centred`, the arrangement's
/// bounding box is centred in the frame; otherwise it is moved only as far as needed.
func fitIntoContent(_ attributes: inout [LayoutAttributes], minimum: Size, centred: Bool) -> Size {
    guard let first = attributes.first else { return minimum }
    var bounds = first.boundingBox
    for element in attributes.dropFirst() { bounds = bounds.union(element.boundingBox) }
    let dx: Double, dy: Double
    let size: Size
    if centred {
        size = Size(width: max(minimum.width, bounds.width), height: max(minimum.height, bounds.height))
        dx = (size.width - bounds.width) / 2 - bounds.minX
        dy = (size.height - bounds.height) / 2 - bounds.minY
    } else {
        dx = max(-bounds.minX, 0)
        dy = max(-bounds.minY, 0)
        size = Size(
            width: max(minimum.width + dx, bounds.maxX + dx),
            height: max(minimum.height + dy, bounds.maxY + dy))
    }
    if dx != 0 || dy != 0 {
        for index in attributes.indices {
            attributes[index].center.x += dx
            attributes[index].center.y += dy
        }
    }
    return size
}

/// Stacks sections top to bottom in a content `width` wide: for each section a header spanning the
/// width (when the section has one and `headerHeight` > 0), the top inset, the items that `body`
/// places from the `top` it is given (returning the bottom of what it placed), the bottom inset and
/// a footer. Returns the supplementary views and the total height.
func stackSections(
    _ context: LayoutContext, width: Double, headerHeight: Double, footerHeight: Double,
    inset: EdgeInsets, body: (_ sectionIndex: Int, _ section: LayoutSection, _ top: Double) -> Double
) -> (supplementaries: [LayoutAttributes], height: Double) {
    var supplementaries: [LayoutAttributes] = []
    var y = 0.0
    for (sectionIndex, section) in context.sections.enumerated() {
        let indexPath = IndexPath(item: 0, section: sectionIndex)
        if section.hasHeader && headerHeight > 0 {
            supplementaries.append(LayoutAttributes(
                indexPath: indexPath, category: .supplementary(ElementCategory.headerKind),
                frame: Rect(x: 0, y: y, width: width, height: headerHeight)))
            y += headerHeight
        }
        let top = y + max(inset.top, 0)
        y = max(body(sectionIndex, section, top), top) + max(inset.bottom, 0)
        if section.hasFooter && footerHeight > 0 {
            supplementaries.append(LayoutAttributes(
                indexPath: indexPath, category: .supplementary(ElementCategory.footerKind),
                frame: Rect(x: 0, y: y, width: width, height: footerHeight)))
            y += footerHeight
        }
    }
    return (supplementaries, y)
}
