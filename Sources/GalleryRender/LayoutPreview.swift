import Foundation
import GalleryLayout
import GalleryPlan
import GallerySupport

/// A contact sheet of a gallery page as SVG: one row per arrangement, one column per breakpoint,
/// every card drawn where the engine puts it (turned, scaled and seen in its perspective, in its
/// stacking order) with its title, so an author can compare parameters without a browser. Unfiltered
/// states only, and a row per opened stack where stacks open; the same model gives the same bytes.
package enum LayoutPreview {
    /// How wide the largest breakpoint is drawn; the others at the same scale.
    static let largestBreakpointWidth = 320.0
    static let gap = 24.0
    static let captionHeight = 18.0
    /// The most of a panel drawn: strips up to this many breakpoint widths, pages this tall.
    static let maximumWidth = 1.6
    static let maximumHeight = 420.0

    package static func svg(_ model: GalleryModel) -> String {
        let scale = largestBreakpointWidth / max(model.breakpoints.map(\.width).max() ?? 1, 1)
        // A long page or a long strip is cut: its start tells how the arrangement goes on.
        func panelSize(_ state: GalleryModel.State) -> (width: Double, height: Double) {
            let breakpoint = model.breakpoints[state.breakpoint].width
            return (min(max(state.contentSize.width, breakpoint), breakpoint * maximumWidth) * scale,
                    min(max(state.contentSize.height, 1) * scale, maximumHeight))
        }
        let unfiltered = model.states.filter { $0.filter == 0 }
        // One row per arrangement, and one per opened stack after an arrangement whose stacks open.
        var rowKeys: [RowKey] = []
        for arrangement in model.arrangements.indices {
            rowKeys.append(RowKey(arrangement: arrangement, opened: nil))
            if model.openedStateIndex(arrangement: arrangement, section: 0, breakpoint: 0) != nil {
                rowKeys += model.sections.indices.map { RowKey(arrangement: arrangement, opened: $0) }
            }
        }
        let rowOf = Dictionary(uniqueKeysWithValues: rowKeys.enumerated().map { ($1, $0) })
        func row(_ state: GalleryModel.State) -> Int {
            rowOf[RowKey(arrangement: state.arrangement, opened: state.openedSection)] ?? 0
        }
        var columnWidths = [Double](repeating: 0, count: model.breakpoints.count)
        var rowHeights = [Double](repeating: 0, count: rowKeys.count)
        for state in unfiltered {
            let size = panelSize(state)
            columnWidths[state.breakpoint] = max(columnWidths[state.breakpoint], size.width)
            rowHeights[row(state)] = max(rowHeights[row(state)], size.height)
        }
        func offsets(_ sizes: [Double], extra: Double) -> [Double] {
            var result: [Double] = []
            var position = gap
            for size in sizes {
                result.append(position)
                position += size + extra + gap
            }
            return result + [position]
        }
        let columns = offsets(columnWidths, extra: 0)
        let rows = offsets(rowHeights, extra: captionHeight)
        let width = columns.last ?? gap, height = rows.last ?? gap

        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\" height=\"\(number(height))\""
            + " viewBox=\"0 0 \(number(width)) \(number(height))\" font-family=\"system-ui, sans-serif\">\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#f7f3ec\"/>\n"
        for state in unfiltered {
            let left = columns[state.breakpoint], top = rows[row(state)]
            let breakpoint = model.breakpoints[state.breakpoint]
            let size = panelSize(state)
            let opened = state.openedSection.map { " · \(model.sections[$0].title) open" } ?? ""
            let caption = "\(model.arrangements[state.arrangement].label)\(opened) · \(breakpoint.name) \(CSSNumber.format(breakpoint.width))px"
            svg += "<g transform=\"translate(\(number(left)) \(number(top)))\">\n"
            svg += "<text x=\"0\" y=\"12\" font-size=\"11\" fill=\"#2b1d14\">\(XMLText.escape(caption))</text>\n"
            let clip = "p\(state.arrangement)-\(state.breakpoint)" + (state.openedSection.map { "-s\($0 + 1)" } ?? "")
            svg += "<clipPath id=\"\(clip)\"><rect width=\"\(number(size.width))\" height=\"\(number(size.height))\"/></clipPath>\n"
            svg += "<g transform=\"translate(0 \(number(captionHeight)))\" clip-path=\"url(#\(clip))\">\n"
            // The content, and the part of it a page at the breakpoint's width shows at once.
            svg += "<rect width=\"\(number(size.width))\" height=\"\(number(size.height))\" fill=\"#e9e1d4\"/>\n"
            svg += "<rect width=\"\(number(breakpoint.width * scale))\" height=\"\(number(size.height))\" fill=\"none\""
                + " stroke=\"#8a7560\" stroke-dasharray=\"3 2\"/>\n"
            let order = state.cards.indices.filter { state.cards[$0].map { !$0.isHidden } ?? false }
                .sorted { (state.cards[$0]!.zIndex, $0) < (state.cards[$1]!.zIndex, $1) }
            for index in order {
                svg += card(state.cards[index]!, title: model.cards[index].title, scale: scale)
            }
            svg += "</g>\n</g>\n"
        }
        return svg + "</svg>\n"
    }

    /// One card: its outline where the page shows it, and its title (in full on hover).
    private static func card(_ placement: Placement, title: String, scale: Double) -> String {
        let corners = outline(placement).map { Point(x: $0.x * scale, y: $0.y * scale) }
        let points = corners.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
        var text = "<g><title>\(XMLText.escape(title))</title>"
        text += "<polygon points=\"\(points)\" fill=\"#fffaf2\" stroke=\"#4a2f1d\" stroke-width=\"0.75\"/>"
        // A short title inside the card when it is wide enough to hold a few letters; not on a
        // turned card, whose neighbours cover most of it (its title shows on hover).
        let width = placement.width * scale
        let letters = Int(width / 4.2)
        if letters >= 3, !placement.isTurned {
            let shown = title.count > letters ? String(title.prefix(letters - 1)) + "…" : title
            let centre = Point(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
            let turn = placement.rotation == 0 ? ""
                : " transform=\"rotate(\(CSSNumber.format(placement.rotation, places: 2)) \(number(centre.x)) \(number(centre.y)))\""
            text += "<text x=\"\(number(centre.x))\" y=\"\(number(centre.y))\"\(turn) font-size=\"7\" text-anchor=\"middle\""
                + " dominant-baseline=\"middle\" fill=\"#2b1d14\">\(XMLText.escape(shown))</text>"
        }
        return text + "</g>\n"
    }

    /// The card's four corners on the page (reference pixels), in Placement's order: the turn in
    /// depth about the centre, seen in its perspective, then the scale and the screen-plane turn.
    static func outline(_ placement: Placement) -> [Point] {
        let centre = placement.centre
        let halfWidth = placement.width / 2, halfHeight = placement.height / 2
        let angleX = placement.rotationX * .pi / 180, angleY = placement.rotationY * .pi / 180
        let angle = placement.rotation * .pi / 180
        return [(-halfWidth, -halfHeight), (halfWidth, -halfHeight), (halfWidth, halfHeight), (-halfWidth, halfHeight)].map { corner in
            var (x, y) = corner
            var z = -x * sin(angleY)
            x *= cos(angleY)
            (y, z) = (y * cos(angleX) - z * sin(angleX), y * sin(angleX) + z * cos(angleX))
            x += placement.translationX
            y += placement.translationY
            z += placement.translationZ
            if let perspective = placement.perspective, placement.isTurned, perspective > 0 {
                let w = max(1 - z / perspective, 1e-6)
                x /= w
                y /= w
            }
            x *= placement.scale
            y *= placement.scale
            return Point(x: centre.x + x * cos(angle) - y * sin(angle), y: centre.y + x * sin(angle) + y * cos(angle))
        }
    }

    /// A contact sheet row: an arrangement, or one of its stacks opened.
    private struct RowKey: Hashable {
        var arrangement: Int
        var opened: Int?
    }

    private static func number(_ value: Double) -> String { CSSNumber.format(value, places: 1) }
}
