import Foundation
import GalleryContent
import GalleryImages
import GalleryPlan
import GallerySupport
import Mustache

/// How a picture appears in templates: `src`, `srcset` (JPEG) and `webpSrcset` for a `<picture>`,
/// `sizes` for a gallery card and `heroSizes` for the recipe page, `width`/`height` (the upright
/// original, so the box keeps its shape), `heroAspectRatio` (the hero box's CSS aspect ratio), `placeholderStyle` (dominant colour and blurred preview,
/// shown as the box's background until the picture arrives) and `crops` ({url, path, width,
/// height, aspect}) for structured data.
extension PageRenderer {
    func imageContext(_ image: ImageReference, alt: String, root home: String) -> MustacheValue {
        // Pictures are published once, at the output root, for every language's tree.
        let root = assetRoot(home)
        switch image {
        case .local(let path):
            let info = site.images[path]
            var context: [String: MustacheValue] = [
                "src": .string(URLPath.link(to: AssetPaths.image(path), root: root)),
                "alt": .string(alt),
                "width": info.map { .int($0.width) } ?? .null,
                "height": info.map { .int($0.height) } ?? .null,
                "heroAspectRatio": info.map { .string(Self.heroAspectRatio($0.aspectRatio)) } ?? .null,
            ]
            guard let info, let picture = pictures[path] else { return .dictionary(context) }
            let processed = picture.processed
            func url(_ path: String) -> String { URLPath.link(to: path, root: root) }
            let jpegs = processed.renditions(.jpeg).sorted { $0.width < $1.width }
            context["src"] = .string(url(Self.sourcePath(path, processed: processed, jpegs: jpegs)))
            if !jpegs.isEmpty {
                context["srcset"] = .string(Self.srcset(jpegs, root: root))
                let webps = processed.renditions(.webp).sorted { $0.width < $1.width }
                context["webpSrcset"] = webps.isEmpty ? .null : .string(Self.srcset(webps, root: root))
                context["sizes"] = .string(Self.gallerySizes(shares: picture.galleryShares, breakpoints: site.config.breakpoints,
                                                                   galleryWidth: theme.geometry.galleryWidth))
                context["heroSizes"] = .string(theme.geometry.heroSizes.attribute(widenedBy: RenditionPlanner.heroCoverFactor(aspectRatio: info.aspectRatio)))
            }
            context["placeholderStyle"] = Self.placeholderStyle(processed).map(MustacheValue.string) ?? .null
            context["crops"] = .array(processed.crops.map { crop in
                ["url": .string(url(crop.path)), "path": .string(crop.path), "width": .int(crop.width),
                 "height": .int(crop.height), "aspect": .string(crop.aspect)]
            })
            return .dictionary(context)
        case .remote(let url):
            let info = site.images[url]
            return ["src": .string(url), "alt": .string(alt),
                    "width": info.map { .int($0.width) } ?? .null, "height": info.map { .int($0.height) } ?? .null,
                    "heroAspectRatio": .string(Self.heroAspectRatio(info?.aspectRatio ?? 1)),
                    "placeholderStyle": .string("background-color:\(Self.remotePlaceholderColor)")]
        }
    }

    /// The one output file standing for a local picture where only one can be named (feeds): the
    /// SVG itself or the largest JPEG rendition, else the plain copy path.
    static func publishedImagePath(_ sourcePath: String, in pictures: [String: PublishedPicture]) -> String {
        guard let processed = pictures[sourcePath]?.processed else { return AssetPaths.image(sourcePath) }
        return processed.vectorPath ?? processed.renditions(.jpeg).max { $0.width < $1.width }?.path ?? AssetPaths.image(sourcePath)
    }

    /// A `srcset` of `renditions` (smallest first), each URL starting from the page's `root`.
    static func srcset(_ renditions: [ProcessedImage.Rendition], root: String) -> String {
        renditions.map { "\(URLPath.link(to: $0.path, root: root)) \($0.width)w" }.joined(separator: ", ")
    }

    /// `src` for browsers without `srcset`: the largest JPEG up to this width.
    static let fallbackWidth = 800

    /// The file `src` names for the local picture at `path` as the pipeline published it
    /// (`jpegs`: its JPEG renditions, smallest first): the largest JPEG up to `fallbackWidth`
    /// (else the smallest), else the SVG itself, else the copy.
    static func sourcePath(_ path: String, processed: ProcessedImage, jpegs: [ProcessedImage.Rendition]) -> String {
        (jpegs.last { $0.width <= fallbackWidth } ?? jpegs.first)?.path ?? processed.vectorPath ?? AssetPaths.image(path)
    }
    /// Remote pictures are not downloaded, so their placeholder is the theme's neutral tone, which
    /// follows the colour scheme.
    static let remotePlaceholderColor = "var(--placeholder)"

    /// The recipe hero's CSS `aspect-ratio` for a picture of `aspectRatio`: its own shape within
    /// the hero's bounds (a 3:2 photo keeps 3:2, a tall one is held at 4:5).
    static func heroAspectRatio(_ aspectRatio: Double) -> String {
        CSSNumber.format(RenditionPlanner.heroAspectRatio(for: aspectRatio), places: 4)
    }

    /// `sizes` for a gallery card. A card is `--w × --u` wide with `--u = 100cqw ÷ reference
    /// width`, and the gallery container is the viewport (less a scroll bar) up to the theme's
    /// `galleryWidth` (1600 px in the default theme), so at
    /// breakpoint b the picture is `share_b × 100vw` wide from the viewport width where b's
    /// arrangement takes over, and a fixed width beyond the container's maximum. Viewport units
    /// include the scroll bar, so each value errs slightly large, never small.
    static func gallerySizes(shares: [Double], breakpoints: [SiteConfig.Breakpoint], galleryWidth maximum: Double) -> String {
        guard shares.count == breakpoints.count, let last = shares.last, last > 0 else { return "100vw" }
        var entries = ["(min-width: \(CSSNumber.format(maximum))px) \(Int((last * maximum).rounded(.up)))px"]
        for index in breakpoints.indices.reversed() where index > 0 {
            entries.append("(min-width: \(CSSNumber.format(SiteConfig.Breakpoint.threshold(breakpoints[index].width)))px) \(vw(shares[index]))")
        }
        entries.append(vw(shares[0]))
        return entries.joined(separator: ", ")
    }

    private static func vw(_ share: Double) -> String {
        PictureSizes.viewportWidth(share: share)
    }

    /// The box's background until the picture arrives: the blurred preview over the dominant colour.
    static func placeholderStyle(_ image: ProcessedImage) -> String? {
        switch (image.placeholderColor, image.placeholderPreview) {
        case let (color?, preview?): return "background:\(color) url(\(preview)) center/cover no-repeat"
        case let (color?, nil): return "background-color:\(color)"
        default: return nil
        }
    }
}

extension GalleryModel {
    /// The first screen of a typical device at `width` CSS px: a phone held upright (16:9), a
    /// tablet upright (4:3), a desktop window (16:10).
    package static func firstScreenHeight(width: Double) -> Double {
        width < 600 ? width * 16 / 9 : width < 1024 ? width * 4 / 3 : width * 10 / 16
    }

    /// Where the cards start on the page in the default theme: the header, the title, the
    /// arrangement switcher and the tag chips above them (measured on the sample site: 460–482 px
    /// from 375 to 1280 px wide). A site with fewer chips starts higher and shows more first;
    /// those cards then load lazily, which in view costs a moment, not bytes.
    package static let firstScreenGalleryTop = 480.0

    /// Whether card `index` shows on the first screen at every breakpoint: in the default
    /// arrangement, unfiltered, at the breakpoint's reference width, its frame meets the part of
    /// the first screen below the controls. Those load eagerly; the rest lazily, decoded off the
    /// main thread, so no device fetches eagerly a picture it shows only further down.
    /// `above` is how much more the page holds above the cards at a width (the home text on the
    /// first page, `HomeText.minimumHeight`), pushing them down.
    package func isInFirstScreen(card index: Int, above: (Double) -> Double = { _ in 0 }) -> Bool {
        // The first arrangement's unfiltered states come first, one per breakpoint (`stateIndex`).
        let defaults = states.prefix(breakpoints.count).filter { $0.arrangement == 0 && $0.filter == 0 }
        return !defaults.isEmpty && defaults.allSatisfy { state in
            guard let placement = state.cards[index], !placement.isHidden else { return false }
            let width = breakpoints[state.breakpoint].width
            let bottom = Self.firstScreenHeight(width: width) - Self.firstScreenGalleryTop - above(width)
            return placement.y < bottom && placement.y + placement.height > 0 && placement.x < width && placement.x + placement.width > 0
        }
    }
}
