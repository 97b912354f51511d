import Foundation
import GalleryContent
import GallerySupport

/// Makes an SVG safe to serve from the site's own origin: only allow-listed SVG elements and
/// attributes survive, links may only point inside the document (`#id`) or, for `<image>`, be an
/// inline raster `data:` URL, and CSS may not import or fetch anything. Scripts, event handlers,
/// `javascript:` URLs, `<foreignObject>`, animations of `href` and every external reference go.
/// A pure function of the parsed document; the same input always gives the same bytes.
package enum SVGSanitizer {
    /// The sanitised document, or why the data is not an SVG that can be published (for the
    /// fuzzer and other callers outside the image pipeline).
    package static func sanitized(_ data: Data) -> Result<Data, ImageProbe.Failure> {
        do throws(SVGDocument.Failure) {
            return .success(try sanitize(data))
        } catch {
            return .failure(ImageProbe.Failure(message: error.message))
        }
    }

    /// The sanitised document as UTF-8 text.
    static func sanitize(_ data: Data) throws(SVGDocument.Failure) -> Data {
        Data(serialize(try SVGDocument.parse(data)).utf8)
    }

    static func serialize(_ document: SVGDocument) -> String {
        guard let root = clean(document.root) else { return "<svg xmlns=\"\(SVGDocument.svgNamespace)\"/>\n" }
        var output = ""
        let usesXLink = uses(SVGDocument.xlinkNamespace, root)
        write(root, to: &output, declarations: " xmlns=\"\(SVGDocument.svgNamespace)\""
            + (usesXLink ? " xmlns:xlink=\"\(SVGDocument.xlinkNamespace)\"" : ""))
        return output + "\n"
    }

    static let elements: Set<String> = [
        "svg", "g", "defs", "symbol", "use", "desc", "title", "switch", "a", "view", "style",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "image",
        "text", "tspan", "textPath",
        "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker",
        "animate", "animateMotion", "animateTransform", "set", "mpath",
        "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
        "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
        "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
        "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
    ]

    static let attributes: Set<String> = [
        "id", "class", "style", "lang", "transform", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry",
        "width", "height", "d", "points", "pathLength", "viewBox", "preserveAspectRatio", "version", "baseProfile",
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity", "color",
        "display", "visibility", "overflow", "clip", "clip-path", "clip-rule", "mask", "filter", "marker",
        "marker-start", "marker-mid", "marker-end", "font", "font-family", "font-size", "font-size-adjust",
        "font-stretch", "font-style", "font-variant", "font-weight", "letter-spacing", "word-spacing",
        "text-anchor", "text-decoration", "text-rendering", "dominant-baseline", "alignment-baseline",
        "baseline-shift", "writing-mode", "direction", "unicode-bidi", "stop-color", "stop-opacity", "offset",
        "gradientUnits", "gradientTransform", "spreadMethod", "fx", "fy", "fr", "patternUnits",
        "patternContentUnits", "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits",
        "markerUnits", "markerWidth", "markerHeight", "refX", "refY", "orient", "filterUnits", "primitiveUnits",
        "in", "in2", "result", "stdDeviation", "mode", "operator", "k1", "k2", "k3", "k4", "values", "type",
        "tableValues", "slope", "intercept", "amplitude", "exponent", "kernelMatrix", "order", "divisor", "bias",
        "targetX", "targetY", "edgeMode", "kernelUnitLength", "preserveAlpha", "scale", "xChannelSelector",
        "yChannelSelector", "radius", "dx", "dy", "flood-color", "flood-opacity", "lighting-color", "surfaceScale",
        "diffuseConstant", "specularConstant", "specularExponent", "azimuth", "elevation", "z", "pointsAtX",
        "pointsAtY", "pointsAtZ", "limitingConeAngle", "baseFrequency", "numOctaves", "seed", "stitchTiles",
        "color-interpolation", "color-interpolation-filters", "shape-rendering", "image-rendering",
        "color-rendering", "vector-effect", "mix-blend-mode", "isolation", "paint-order", "textLength",
        "lengthAdjust", "startOffset", "method", "spacing", "side", "rotate", "href", "attributeName",
        "attributeType", "begin", "dur", "end", "min", "max", "restart", "repeatCount", "repeatDur", "calcMode",
        "keyTimes", "keySplines", "keyPoints", "from", "to", "by", "additive", "accumulate", "path",
        "systemLanguage", "media",
    ]

    /// `xlink:` and `xml:` attributes kept (by local name).
    static let xlinkAttributes: Set<String> = ["href", "title"]
    static let xmlAttributes: Set<String> = ["space", "lang"]

    /// Raster types an `<image>` may embed.
    static let imageDataPrefixes = ["data:image/png", "data:image/jpeg", "data:image/jpg", "data:image/gif", "data:image/webp"]

    private static func isSVG(_ element: SVGDocument.Element) -> Bool {
        element.namespace == nil || element.namespace == SVGDocument.svgNamespace
    }

    /// The element with what may not be published removed; nil when the element itself goes.
    static func clean(_ element: SVGDocument.Element) -> SVGDocument.Element? {
        guard isSVG(element), elements.contains(element.name) else { return nil }
        if ["animate", "set", "animateTransform", "animateMotion"].contains(element.name),
           let target = element.attributes.first(where: { $0.name == "attributeName" })?.value {
            let name = target.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if name.hasSuffix("href") || name.hasPrefix("on") || name == "style" || name.contains(":") { return nil }
        }
        var result = element
        result.namespace = SVGDocument.svgNamespace
        result.attributes = element.attributes.filter { isAllowed($0, in: element.name) }
        if element.name == "style" {
            let css = element.children.map { if case .text(let text) = $0 { text } else { "" } }.joined()
            guard isSafeCSS(css) else { return nil }
            result.children = css.isEmpty ? [] : [.text(css)]
            return result
        }
        result.children = element.children.compactMap { child in
            switch child {
            case .text: return child
            case .element(let inner): return clean(inner).map { .element($0) }
            }
        }
        return result
    }

    private static func isAllowed(_ attribute: SVGDocument.Attribute, in element: String) -> Bool {
        let known: Bool
        switch attribute.namespace {
        case nil: known = attributes.contains(attribute.name)
        case SVGDocument.xlinkNamespace?: known = xlinkAttributes.contains(attribute.name)
        case SVGDocument.xmlNamespace?: known = xmlAttributes.contains(attribute.name)
        default: known = false
        }
        guard known else { return false }
        let value = attribute.value
        if attribute.name == "href" && attribute.namespace != SVGDocument.xmlNamespace {
            let target = compact(value)
            if target.hasPrefix("#") { return isSafeValue(value) }
            return element == "image" && imageDataPrefixes.contains { target.hasPrefix($0) }
        }
        if attribute.name == "style" && attribute.namespace == nil { return isSafeCSS(value) }
        return isSafeValue(value)
    }

    /// Lower case without whitespace or control characters, as URL parsers read a scheme.
    private static func compact(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })).lowercased()
    }

    /// No script URL and no `url()` leading outside the document.
    private static func isSafeValue(_ value: String) -> Bool {
        let text = compact(value)
        // A backslash is a CSS escape in presentation attributes, which could spell `url(` or a scheme.
        for forbidden in ["javascript:", "vbscript:", "data:text", "data:application", "\\"] where text.contains(forbidden) { return false }
        var rest = Substring(text)
        while let start = rest.range(of: "url(") {
            rest = rest[start.upperBound...]
            let target = rest.drop { $0 == "\"" || $0 == "'" }
            guard target.hasPrefix("#") else { return false }
        }
        return true
    }

    /// CSS that fetches nothing: no `@import`, no escapes (which could spell either), no
    /// `url()` but to `#id`, no legacy script hooks.
    static func isSafeCSS(_ css: String) -> Bool {
        let text = compact(css)
        for forbidden in ["@import", "\\", "expression(", "-moz-binding", "behavior:", "image-set(", "image(", "src("]
            where text.contains(forbidden) { return false }
        return isSafeValue(css)
    }

    private static func uses(_ namespace: String, _ element: SVGDocument.Element) -> Bool {
        element.attributes.contains { $0.namespace == namespace } || element.children.contains {
            if case .element(let inner) = $0 { uses(namespace, inner) } else { false }
        }
    }

    private static func write(_ element: SVGDocument.Element, to output: inout String, declarations: String = "") {
        output += "<" + element.name + declarations
        for attribute in element.attributes {
            let prefix = attribute.namespace == SVGDocument.xlinkNamespace ? "xlink:"
                : attribute.namespace == SVGDocument.xmlNamespace ? "xml:" : ""
            output += " " + prefix + attribute.name + "=\"" + escape(attribute.value, attribute: true) + "\""
        }
        guard !element.children.isEmpty else {
            output += "/>"
            return
        }
        output += ">"
        for child in element.children {
            switch child {
            case .text(let text): output += escape(text, attribute: false)
            case .element(let inner): write(inner, to: &output)
            }
        }
        output += "</" + element.name + ">"
    }

    private static func escape(_ text: String, attribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\t" where attribute: result += "&#9;"
            case "\n" where attribute: result += "&#10;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
