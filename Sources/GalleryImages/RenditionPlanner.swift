import GalleryContent
import GalleryLayout
import GalleryPlan
import GallerySupport

/// Decides which widths each image is encoded at: 1x and 2x of the largest box it gets at every
/// breakpoint of the gallery (any arrangement, any filter), on its recipe page and in running
/// text (the theme's boxes, `ThemeGeometry`), rounded and thinned to a few sizes. Pure.
package enum RenditionPlanner {
    /// The hero box takes its picture's own shape within these bounds (4:5 up to 16:9); a picture
    /// outside them is cropped to the nearer bound (`object-fit: cover`).
    package static let heroAspectRatioBounds = 0.8...(16.0 / 9.0)

    /// The hero box's width ÷ height for a picture of `aspectRatio` (the inline `aspect-ratio` of
    /// the recipe page's hero).
    package static func heroAspectRatio(for aspectRatio: Double) -> Double {
        guard aspectRatio.isFinite, aspectRatio > 0 else { return heroAspectRatioBounds.lowerBound }
        return min(max(aspectRatio, heroAspectRatioBounds.lowerBound), heroAspectRatioBounds.upperBound)
    }

    /// How much wider than the hero box a picture of `aspectRatio` must be to cover it.
    package static func heroCoverFactor(aspectRatio: Double) -> Double {
        coverFactor(boxWidth: 1, boxHeight: 1 / heroAspectRatio(for: aspectRatio), aspectRatio: aspectRatio)
    }
    /// No rendition is wider (site.yml may say otherwise): beyond it the bytes grow faster than
    /// anyone can see.
    package static let maximumWidth = ImageSettings.defaultMaximumWidth
    /// A width is dropped when the next larger one kept is within this factor (≈ 40 % steps):
    /// the browser then takes the larger, at most 40 % more pixels per side than it needs.
    static let thinningFactor = 0.7
    /// Widths are rounded up to a multiple of this (friendlier to encoders' 8/16-pixel blocks).
    static let granularity = 16

    /// The widths per local raster image, and each image's share of the gallery per breakpoint.
    package struct Plan: Sendable {
        package var widths: [String: [Int]] = [:]
        package var galleryShares: [String: [Double]] = [:]
    }

    /// How much wider than its box an image must be to cover it (`object-fit: cover`).
    package static func coverFactor(boxWidth: Double, boxHeight: Double, aspectRatio: Double) -> Double {
        guard boxWidth > 0, boxHeight > 0 else { return 1 }
        return max(1, boxHeight * aspectRatio / boxWidth)
    }

    /// The largest factor breakpoint `index`'s arrangement is scaled by: up to where the next
    /// breakpoint takes over, or up to the gallery's maximum width for the last one.
    static func maximumScale(breakpoint index: Int, of breakpoints: [SiteConfig.Breakpoint], galleryWidth: Double) -> Double {
        let width = breakpoints[index].width
        let limit = index + 1 < breakpoints.count
            ? SiteConfig.Breakpoint.threshold(breakpoints[index + 1].width)
            : max(galleryWidth, width)
        return max(1, limit / width)
    }

    /// The plan for every gallery page's model and every picture shown in running text
    /// (`textPictures`, site-relative paths); SVGs get widths only when `rasterizesVectors`.
    package static func plan(models: [GalleryModel], images: [String: ImageInfo], labelHeight: Double, geometry: ThemeGeometry,
                            maximumWidth: Int = maximumWidth, rasterizesVectors: Bool = false,
                            textPictures: Set<String> = []) -> Plan {
        var shares: [String: [Double]] = [:]
        var needs: [String: [Double]] = [:]
        for path in textPictures where images[path] != nil {
            needs[path, default: []].append(contentsOf: geometry.textWidths)
        }
        for model in models {
            let breakpoints = model.breakpoints
            for state in model.states {
                let reference = breakpoints[state.breakpoint].width
                for (card, placement) in state.cards.enumerated() {
                    guard let placement, !placement.isHidden, case .local(let path)? = model.cards[card].image,
                          let info = images[path], reference > 0 else { continue }
                    let width = placement.width * placement.scale
                    let cover = coverFactor(boxWidth: width, boxHeight: (placement.height - labelHeight) * placement.scale,
                                            aspectRatio: info.aspectRatio)
                    let share = width * cover / reference
                    var list = shares[path] ?? Array(repeating: 0, count: breakpoints.count)
                    if list.count == breakpoints.count {
                        list[state.breakpoint] = max(list[state.breakpoint], share)
                        shares[path] = list
                    }
                    needs[path, default: []].append(share * reference * maximumScale(breakpoint: state.breakpoint, of: breakpoints,
                                                                                              galleryWidth: geometry.galleryWidth))
                }
            }
            for recipe in model.cards {
                guard case .local(let path)? = recipe.image, let info = images[path] else { continue }
                needs[path, default: []].append(geometry.heroWidth * heroCoverFactor(aspectRatio: info.aspectRatio))
            }
        }
        var plan = Plan(galleryShares: shares)
        for (path, list) in needs where images[path]?.format != .svg || rasterizesVectors {
            // A vector has no pixel size of its own to cap the renditions at.
            let original = images[path]?.format == .svg ? maximumWidth : images[path]?.width ?? maximumWidth
            plan.widths[path] = widths(needs: list, originalWidth: original, maximumWidth: maximumWidth)
        }
        return plan
    }

    /// 1x and 2x of every need, rounded up, capped at the original and `maximumWidth`, thinned.
    package static func widths(needs: [Double], originalWidth: Int, maximumWidth: Int = maximumWidth) -> [Int] {
        let cap = min(originalWidth, maximumWidth)
        var rounded = Set<Int>()
        for need in needs {
            for density in [1.0, 2.0] {
                let width = Int((need * density).rounded(.up))
                rounded.insert(min(cap, (width + granularity - 1) / granularity * granularity))
            }
        }
        let candidates = rounded.sorted(by: >)
        var kept: [Int] = []
        for width in candidates where width > 0 {
            if let last = kept.last, Double(width) > Double(last) * thinningFactor { continue }
            kept.append(width)
        }
        return kept
    }
}
