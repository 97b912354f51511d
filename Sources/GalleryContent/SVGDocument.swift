import CXML2
import Foundation
import GallerySupport

/// An SVG file parsed by libxml2 into plain values: the only Swift file that touches libxml2
/// (STYLE: C at arm's length). No network, no external entities, no DTD loading; libxml2's own
/// depth and entity-amplification limits stay on (no `XML_PARSE_HUGE`), and the input and the
/// text it expands to are bounded here.
package struct SVGDocument: Sendable, Hashable {
    /// An element with its attributes in document order.
    package struct Element: Sendable, Hashable {
        package var name: String
        /// The namespace URI, nil for none.
        package var namespace: String?
        package var attributes: [Attribute]
        package var children: [Node]
    }

    package struct Attribute: Sendable, Hashable {
        package var name: String
        package var namespace: String?
        package var value: String
    }

    package enum Node: Sendable, Hashable {
        case element(Element)
        case text(String)
    }

    package struct Failure: Error, Sendable, Hashable {
        package var message: String
    }

    package static let svgNamespace = "http://www.w3.org/2000/svg"
    package static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    package static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// SVG files above this size are refused: a picture, not a data dump.
    static let byteLimit = 8 * 1024 * 1024
    /// The parsed text (entities expanded) may not grow past this.
    static let expandedLimit = 16 * 1024 * 1024

    package var root: Element

    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses `data`; a failure names the line libxml2 stopped at.
    package static func parse(_ data: Data) throws(Failure) -> SVGDocument {
        guard data.count <= byteLimit else {
            throw Failure(message: "the SVG is \(data.count) bytes, above the limit of \(byteLimit / 1024 / 1024) MB")
        }
        guard data.count > 0 else { throw Failure(message: "the SVG file is empty") }
        _ = initialised
        guard let context = xmlNewParserCtxt() else { throw Failure(message: "cannot start the XML parser") }
        defer { xmlFreeParserCtxt(context) }
        let first = UnsafeMutablePointer<xmlError>.allocate(capacity: 1)
        first.initialize(to: xmlError())
        defer {
            xmlResetError(first)
            first.deallocate()
        }
        gg_xml_capture_first_error(context, first)
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue)
        let document = data.withUnsafeBytes { raw in
            xmlCtxtReadMemory(context, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, nil, options)
        }
        guard let document else {
            let error = first.pointee.code != 0 ? first.pointee : context.pointee.lastError
            let message = error.message.map { String(cString: $0).trimmingSpacesAndNewlines() } ?? "cannot be parsed"
            throw Failure(message: "the SVG is not well-formed XML (line \(max(error.line, 1)), column \(max(error.int2, 1))): \(message)")
        }
        defer { xmlFreeDoc(document) }
        guard let top = xmlDocGetRootElement(document) else { throw Failure(message: "the SVG has no root element") }
        var budget = expandedLimit
        guard let root = try element(top, budget: &budget) else { throw Failure(message: "the SVG has no root element") }
        guard root.name == "svg", root.namespace == nil || root.namespace == svgNamespace else {
            throw Failure(message: "not an SVG document: the root element is <\(root.name)>, not <svg>")
        }
        return SVGDocument(root: root)
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func spend(_ text: String, _ budget: inout Int) throws(Failure) {
        budget -= text.utf8.count
        if budget < 0 { throw Failure(message: "the SVG expands to more than \(expandedLimit / 1024 / 1024) MB of text (entities?)") }
    }

    private static func element(_ node: xmlNodePtr, budget: inout Int) throws(Failure) -> Element? {
        guard node.pointee.type == XML_ELEMENT_NODE else { return nil }
        var result = Element(name: string(node.pointee.name), namespace: node.pointee.ns.map { string($0.pointee.href) },
                             attributes: [], children: [])
        var attribute = node.pointee.properties
        while let current = attribute {
            let value: String
            if let text = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1) {
                value = String(cString: text)
                gg_xml_free(text)
            } else {
                value = ""
            }
            try spend(value, &budget)
            result.attributes.append(Attribute(name: string(current.pointee.name),
                                                namespace: current.pointee.ns.map { string($0.pointee.href) }, value: value))
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                if let element = try element(current, budget: &budget) { result.children.append(.element(element)) }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_ENTITY_REF_NODE:
                if let content = xmlNodeGetContent(current) {
                    let text = String(cString: content)
                    gg_xml_free(content)
                    try spend(text, &budget)
                    result.children.append(.text(text))
                }
            default:
                break // comments, processing instructions (xml-stylesheet), DTD nodes
            }
            child = current.pointee.next
        }
        return result
    }

    /// The root's value for an attribute without a namespace.
    func attribute(_ name: String) -> String? {
        root.attributes.first { $0.name == name && $0.namespace == nil }?.value
    }

    /// The picture's size in CSS pixels, as a renderer sizes it: `width`/`height` with their
    /// units, a missing or percentage one taken from the `viewBox` (in proportion when the other
    /// is given); nil when neither says.
    var size: (width: Double, height: Double)? {
        let box = attribute("viewBox").map {
            $0.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }).compactMap { Double($0) }
        }
        let viewBox = box.flatMap { $0.count == 4 && $0[2] > 0 && $0[3] > 0 ? (width: $0[2], height: $0[3]) : nil }
        let width = attribute("width").flatMap(Self.pixels)
        let height = attribute("height").flatMap(Self.pixels)
        switch (width, height, viewBox) {
        case let (width?, height?, _): return (width, height)
        case let (width?, nil, box?): return (width, width * box.height / box.width)
        case let (nil, height?, box?): return (height * box.width / box.height, height)
        case let (nil, nil, box?): return box
        default: return nil
        }
    }

    /// A length in CSS pixels (96 per inch); nil for percentages, `auto` and nonsense.
    static func pixels(_ text: String) -> Double? {
        let trimmed = text.trimmingSpacesAndNewlines().lowercased()
        let units: [(String, Double)] = [("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54),
                                         ("in", 96), ("em", 16), ("ex", 8), ("", 1)]
        for (unit, factor) in units where trimmed.hasSuffix(unit) {
            let number = trimmed.dropLast(unit.count).trimmingSpaces()
            guard let value = Double(number), value.isFinite else { return nil }
            return value * factor
        }
        return nil
    }
}
