/// One element of a parsed template; the renderer walks arrays of these. Every payload is a
/// reference that the template keeps (`Template.kept`) and the node does not (`Unretained`): the
/// renderer copies each node it visits, and a copy that retained its name, section or call and
/// released it after cost two calls into the runtime per tag of every page (issue 37).
enum Node: Sendable {
    /// Literal text, written as is.
    case text(TemplateText)
    /// The start of a template line: writes the indentation of the standalone partial,
    /// parent or block being rendered, which is how partial indentation reaches every line.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped).
    case variable(Unretained<VariableName>, isEscaped: Bool)
    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
    case section(Unretained<Section>)
    /// `{{>name}}`.
    case partial(Unretained<TemplateCall>)
    /// `{{<name}}…{{/name}}`, with the blocks it overrides.
    case parent(Unretained<TemplateCall>)
    /// `{{$name}}…{{/name}}` outside a parent: a place a child template may fill.
    case block(Unretained<BlockSite>)
}

/// A part of a template that a node refers to without retaining it: the template keeps every
/// such object (`Template.kept`) for as long as it exists, which is longer than any render of it.
/// A render's caller holds the template it renders (`Template.render`'s `self`), `Renderer.include`
/// holds each partial or parent for as long as it renders it, and the overrides a parent passes
/// down belong to a template further up the same call stack, so every node visited is alive.
struct Unretained<Object: AnyObject & Sendable>: @unchecked Sendable {
    private let reference: Unmanaged<Object>

    init(_ object: Object) {
        reference = .passUnretained(object)
    }

    /// The object, retained for as long as the caller holds it.
    var object: Object { reference.takeUnretainedValue() }

    /// Calls `body` with the object, neither retained nor released around the call: read as
    /// `object`, a name or a section was retained and released around each tag's lookup and
    /// each section (issue 37).
    @inline(__always)
    func with<Result>(_ body: (Object) -> Result) -> Result {
        reference._withUnsafeGuaranteedRef(body)
    }
}

/// A dotted name split into its parts; `.` (the implicit iterator) has none. A class, so that a
/// node refers to it without copying its parts (`Unretained`).
final class VariableName: Sendable {
    let components: [MustacheKey]
    /// The first part (an empty one for `.`), held here as well: the part every context on the
    /// way out is asked for. Read from `components`, its text was retained and released around
    /// each question (issue 37).
    let first: MustacheKey

    init(_ name: String) {
        if name == "." {
            components = []
        } else if name.utf8.allSatisfy({ $0 < 0x80 }) {
            // Split by bytes: splitting by Character walked every grapheme of every tag's name,
            // most of parsing a theme's templates. An ASCII name's characters are its bytes.
            components = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
                .map { MustacheKey(String(decoding: $0, as: UTF8.self)) }
        } else {
            components = name.split(separator: ".", omittingEmptySubsequences: false).map { MustacheKey(String($0)) }
        }
        first = components.first ?? MustacheKey("")
    }
}

final class Section: Sendable {
    let name: VariableName
    let isInverted: Bool
    let content: [Node]
    /// Where the opening tag starts, for render errors.
    let location: SourceLocation

    init(name: VariableName, isInverted: Bool, content: [Node], location: SourceLocation) {
        self.name = name
        self.isInverted = isInverted
        self.content = content
        self.location = location
    }
}

/// A partial or parent tag: which template to include and how.
final class TemplateCall: Sendable {
    let name: String
    /// The number of `name` (`MustacheKey`), by which a partial provider finds the template.
    let number: Int
    /// The whitespace before a standalone tag, prepended to every line of the included
    /// template; `nil` when the tag shares its line with other content.
    let indentation: String?
    /// The blocks a parent tag overrides, by block name; always empty for partials.
    let overrides: [String: [Node]]
    let location: SourceLocation

    init(name: String, indentation: String?, overrides: [String: [Node]], location: SourceLocation) {
        self.name = name
        number = MustacheKey.number(of: name)
        self.indentation = indentation
        self.overrides = overrides
        self.location = location
    }
}

final class BlockSite: Sendable {
    let name: String
    let defaultContent: [Node]
    /// Added to the indentation of the content placed here; `nil` when the block shares
    /// its line with other content, in which case overrides are placed without indentation.
    let indentation: String?
    /// Whether `defaultContent` had `indentation` removed from its lines at parse time
    /// (the opening tag stood alone on its line) and so must get it back when rendered.
    let isDedented: Bool
    let location: SourceLocation

    init(name: String, defaultContent: [Node], indentation: String?, isDedented: Bool, location: SourceLocation) {
        self.name = name
        self.defaultContent = defaultContent
        self.indentation = indentation
        self.isDedented = isDedented
        self.location = location
    }
}

/// Where a tag starts, kept on the nodes that can fail while rendering.
struct SourceLocation: Sendable {
    let templateName: String
    let line: Int
    let column: Int
}

/// A run of a template's literal text, by reference to bytes the template keeps (`Template.kept`)
/// for as long as it exists, which is longer than any render of it: a node visited copies no
/// String and retains nothing, where a page's thousand or so text nodes each retained and released
/// theirs on every visit (issue 37).
struct TemplateText: @unchecked Sendable {
    private unowned(unsafe) let storage: TextStorage

    init(_ storage: TextStorage) {
        self.storage = storage
    }

    var bytes: UnsafeBufferPointer<UInt8> { storage.bytes }
}

/// The UTF-8 of one text node, in memory of its own that lives as long as its template.
final class TextStorage: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ text: String) {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        _ = bytes.initialize(from: text.utf8)
        self.bytes = UnsafeBufferPointer(bytes)
    }

    deinit { bytes.deallocate() }
}
