import Foundation
import GallerySupport

/// One recipe: its front matter, typed, and its Markdown body.
package struct Recipe: Sendable, Hashable {
    // Rule for every getter marked `@_effects(readonly)` (here and in the extension below): it only
    // reads `self`. No write to anything, no global or static (not even a lazy one: its first read
    // writes), no cache, no key path made on first use, no logging; the value it returns is its
    // only allocation that outlives it. The compiler does not check the promise: a getter that
    // breaks it may be reordered, merged with another read or dropped, silently, and only in
    // release builds. Why: `recipes[i].title` reads a 112-byte struct out of an array, and a
    // getter the optimizer knows nothing about might write to that array, so it first copied the
    // whole recipe (5 retains and the body's copy, about 370 instructions with the release) for
    // every field read: 58,956 copies in a 1,000-recipe build. Readonly, the getter is handed the
    // element where it lies (issue 37). A getter that needs more (`keyLines` reads a global
    // table; the `rareField` ones make key paths) stays unmarked. To check: a release build of
    // 1,000 recipes under callgrind (bench/instructions.py --keep) shows no call of
    // `outlined copy of Recipe` (`$s14GalleryContent6RecipeVWOc`) from `RecipeCardContext.value`,
    // and the Site, 1k and 10k outputs stay byte-identical.

    /// The page's name (`Slug`): lower-case letters and digits of any script and hyphens; the page
    /// lives at `recipes/<slug>/`.
    package var slug: String {
        @_effects(readonly) get { text.fixed(.slug) ?? "" }
        set { text.setFixed(.slug, newValue) }
    }
    package var title: String {
        @_effects(readonly) get { text.fixed(.title) ?? "" }
        set { text.setFixed(.title, newValue) }
    }
    /// The source file relative to the site folder, e.g. `recipes/mojito.md`.
    package var sourcePath: String {
        @_effects(readonly) get { text.fixed(.sourcePath) ?? "" }
        set { text.setFixed(.sourcePath, newValue) }
    }
    package var image: ImageReference? {
        @_effects(readonly) get { text.fixed(.image).map { text.isRemoteImage ? .remote($0) : .local($0) } }
        set {
            switch newValue {
            case .local(let path)?: text.setFixed(.image, path, remote: false)
            case .remote(let url)?: text.setFixed(.image, url, remote: true)
            case nil: text.setFixed(.image, nil)
            }
        }
    }
    package var imageAlt: String? {
        @_effects(readonly) get { text.fixed(.imageAlt) }
        set { text.setFixed(.imageAlt, newValue) }
    }
    /// With smart punctuation (`Typography.smarten`), as cmark gives bodies.
    package var summary: String? {
        @_effects(readonly) get { text.fixed(.summary) }
        set { text.setFixed(.summary, newValue) }
    }
    package var tags: [String] {
        @_effects(readonly) get { text.tags }
        set { text.tags = newValue }
    }
    /// Whether the recipe has tags, without reading them (`tags` copies every one out).
    package var hasTags: Bool { @_effects(readonly) get { text.hasTags } }
    /// How many tags the recipe has, without reading them.
    package var tagCount: Int { @_effects(readonly) get { text.numberOfTags } }
    package var glass: String? {
        @_effects(readonly) get { text.fixed(.glass) }
        set { text.setFixed(.glass, newValue) }
    }
    package var yield: String? {
        @_effects(readonly) get { text.fixed(.yield) }
        set { text.setFixed(.yield, newValue) }
    }
    /// Whether the recipe names a glass, or a yield, without copying either out of its packed
    /// text (a recipe page asks, for its facts, of every recipe).
    package var hasGlass: Bool { @_effects(readonly) get { text.has(.glass) } }
    package var hasYield: Bool { @_effects(readonly) get { text.has(.yield) } }
    package var prepTime: RecipeDuration? {
        @_effects(readonly) get { flags.contains(.prepTime) ? RecipeDuration(seconds: prepSeconds) : nil }
        set {
            prepSeconds = newValue?.seconds ?? 0
            flags.set(.prepTime, newValue != nil)
        }
    }
    package var cookTime: RecipeDuration? {
        @_effects(readonly) get { flags.contains(.cookTime) ? RecipeDuration(seconds: cookSeconds) : nil }
        set {
            cookSeconds = newValue?.seconds ?? 0
            flags.set(.cookTime, newValue != nil)
        }
    }
    package var author: String? {
        @_effects(readonly) get { text.fixed(.author) }
        set { text.setFixed(.author, newValue) }
    }
    /// Ordering hint: lower weights come first; recipes without one follow, by title.
    package var weight: Int? {
        @_effects(readonly) get { flags.contains(.weight) ? weightValue : nil }
        set {
            weightValue = newValue ?? 0
            flags.set(.weight, newValue != nil)
        }
    }
    package var isDraft: Bool {
        @_effects(readonly) get { flags.contains(.draft) }
        set { flags.set(.draft, newValue) }
    }

    package struct KeyLine: Sendable, Hashable {
        package var key: String
        package var line: Int
    }

    // A 100,000-recipe site holds every recipe's front matter while it is built, so what each
    // recipe keeps is stored compactly (issue 18): every text field, tag and ingredient in one
    // string (one allocation instead of a dozen), with the known keys' lines; the optional
    // numbers as values and presence bits, the small fields side by side where the large leave
    // room (declared in that order: a struct lays them out so), 112 bytes a recipe instead of
    // 176; and the fields most recipes leave out in one shared box that is absent when they do.
    private var text = RecipeText()
    private var flags = Flags()
    /// The Markdown after the front matter, or, past the loader's budget, where to read it back
    /// (`Site.body(of:)`, `RecipeBodySource`).
    package var body: RecipeBody
    package var date: RecipeDate?
    private var prepSeconds = 0
    private var cookSeconds = 0
    private var weightValue = 0
    private var ingredientMarks: [IngredientGroupMark] = []
    /// The lines of keys `RecipeText` cannot keep (unknown keys): rare.
    private var otherKeyLines: [KeyLine] = []
    private var rare: RareFields.Box?

    /// Which optional numbers are present, and whether the recipe is a draft.
    private struct Flags: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        static let prepTime = Flags(rawValue: 1)
        static let cookTime = Flags(rawValue: 2)
        static let weight = Flags(rawValue: 4)
        static let draft = Flags(rawValue: 8)

        mutating func set(_ flag: Flags, _ on: Bool) {
            if on { insert(flag) } else { remove(flag) }
        }
    }
}

/// A recipe's text: its fixed fields (`Field`), then its tags, then its ingredients, as one
/// string joined by U+001F, which YAML text does not carry in practice (when a value holds one,
/// the parts are kept as an array instead). Reading a field scans to it and copies it out.
struct RecipeText: Sendable, Hashable {
    enum Field: Int, CaseIterable {
        case slug, title, sourcePath, image, imageAlt, summary, glass, yield, author
    }

    private static let separator: UInt8 = 0x1F
    private static let separatorText = "\u{1F}"
    /// Every part joined by the separator; absent fields are empty parts (see `present`). The
    /// last part is the key lines' code (`keyLineCode`).
    private var joined = RecipeText.noFields
    /// `joined` with every field absent, made once (a recipe makes two `RecipeText`s as it is put together).
    private static let noFields = String(repeating: separatorText, count: Field.allCases.count)
    /// The parts, when one holds the separator; `joined` is then empty.
    private var list: [String] = []
    private var tagCount: UInt32 = 0
    private var ingredientCount: UInt32 = 0
    /// Bit `Field.rawValue` set: the field is present (an empty value is not absent).
    private var present: UInt16 = 0
    /// Bit 15 of `present`: the image is an https URL rather than a site file.
    private static let remoteImageBit: UInt16 = 1 << 15

    init() {}

    var isRemoteImage: Bool { present & Self.remoteImageBit != 0 }

    /// Part `index` (fields first, then tags, then ingredients).
    private func part(_ index: Int) -> String {
        guard list.isEmpty else { return list[index] }
        // One field is read far more often than the whole list (a card reads its title, slug and
        // summary): skip to it separator by separator (`memchr`) and copy only it out.
        var joined = joined
        return joined.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return "" }
            var start = 0
            for _ in 0..<index {
                guard let found = Self.nextSeparator(in: bytes, from: start) else { return "" }
                start = found + 1
            }
            let end = Self.nextSeparator(in: bytes, from: start) ?? bytes.count
            return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        }
    }

    /// Parts `range`, in order.
    private func parts(_ range: Range<Int>) -> [String] {
        guard list.isEmpty else { return Array(list[range]) }
        guard !range.isEmpty else { return [] }
        var joined = joined
        return joined.withUTF8 { bytes in
            // An empty text is one empty part.
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return range.lowerBound == 0 ? [""] : [] }
            var result: [String] = []
            result.reserveCapacity(range.count)
            var start = 0
            for _ in 0..<range.lowerBound {
                guard let found = Self.nextSeparator(in: bytes, from: start) else { return [] }
                start = found + 1
            }
            for _ in range {
                let end = Self.nextSeparator(in: bytes, from: start) ?? bytes.count
                result.append(String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self))
                guard end < bytes.count else { break }
                start = end + 1
            }
            return result
        }
    }

    /// The position of the first separator at or after `start` in `bytes`, nil when none (`memchr`).
    private static func nextSeparator(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(separator), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The key lines' part, after the ingredients.
    private var keyLinePart: Int { Field.allCases.count + Int(tagCount) + Int(ingredientCount) }

    private var partCount: Int { keyLinePart + 1 }

    private var allParts: [String] { parts(0..<partCount) }

    private mutating func store(_ parts: [String]) {
        // Exactly as long as it must be (`joined(separator:)` grows by doubling, and a large site
        // holds one of these per recipe); each part copied with `memcpy` after `memchr` has looked
        // for the separator in it.
        let length = parts.reduce(max(0, parts.count - 1)) { $0 + $1.utf8.count }
        var holdsSeparator = false
        let made = String(unsafeUninitializedCapacity: length) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var position = 0
            for (index, part) in parts.enumerated() {
                if index > 0 {
                    base[position] = Self.separator
                    position += 1
                }
                var part = part
                part.withUTF8 { bytes in
                    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
                    if memchr(source, Int32(Self.separator), bytes.count) != nil { holdsSeparator = true }
                    memcpy(base + position, source, bytes.count)
                    position += bytes.count
                }
                if holdsSeparator { return 0 }
            }
            return position
        }
        if holdsSeparator {
            list = parts
            joined = ""
        } else {
            list = []
            joined = made
        }
    }

    /// Whether `field` is present (an empty value is).
    func has(_ field: Field) -> Bool {
        present & 1 << field.rawValue != 0
    }

    func fixed(_ field: Field) -> String? {
        present & 1 << field.rawValue == 0 ? nil : part(field.rawValue)
    }

    mutating func setFixed(_ field: Field, _ value: String?, remote: Bool = false) {
        var parts = allParts
        parts[field.rawValue] = value ?? ""
        store(parts)
        if value != nil { present |= 1 << field.rawValue } else { present &= ~(1 << field.rawValue) }
        if field == .image { present = remote ? present | Self.remoteImageBit : present & ~Self.remoteImageBit }
    }

    var tags: [String] {
        get { parts(Field.allCases.count..<Field.allCases.count + Int(tagCount)) }
        set {
            var parts = allParts
            parts.replaceSubrange(Field.allCases.count..<Field.allCases.count + Int(tagCount), with: newValue)
            store(parts)
            tagCount = UInt32(newValue.count)
        }
    }

    var ingredients: [String] {
        get { parts(Field.allCases.count + Int(tagCount)..<keyLinePart) }
        set {
            var parts = allParts
            parts.replaceSubrange(Field.allCases.count + Int(tagCount)..<keyLinePart, with: newValue)
            store(parts)
            ingredientCount = UInt32(newValue.count)
        }
    }

    /// The lines of the front matter's known keys (`Recipe.keyLines`), a few bytes each in the
    /// recipe's one string rather than an array of their own (8 MB at 100,000 recipes): each
    /// key's place in `RecipeParser.knownKeys` as one character from `@` (below 64, as every
    /// known key is), then its line in decimal digits.
    var keyLineCode: String {
        get { part(keyLinePart) }
        set {
            guard list.isEmpty else {
                list[keyLinePart] = newValue
                return
            }
            // The last part, after the last separator (there are always some): replaced in one
            // copy of the string, not split into parts and joined again (5% of reading a site).
            var joined = joined
            self.joined = joined.withUTF8 { bytes in
                let kept = (bytes.lastIndex(of: Self.separator) ?? -1) + 1
                let code = Array(newValue.utf8)
                return String(unsafeUninitializedCapacity: kept + code.count) { buffer in
                    var position = 0
                    for byte in bytes[..<kept] {
                        buffer[position] = byte
                        position += 1
                    }
                    for byte in code {
                        buffer[position] = byte
                        position += 1
                    }
                    return position
                }
            }
        }
    }

    var hasIngredients: Bool { ingredientCount > 0 }
    var hasTags: Bool { tagCount > 0 }
    var numberOfTags: Int { Int(tagCount) }

    /// The same text in a new allocation made by the calling thread (see `Recipe.relocated`).
    func relocated() -> RecipeText {
        var copy = self
        copy.joined = joined.relocated
        return copy
    }

    /// Every part at once: the one string is made once.
    mutating func setAll(slug: String, title: String, sourcePath: String, image: ImageReference?, imageAlt: String?, summary: String?,
                         glass: String?, yield: String?, author: String?, tags: [String], ingredients: [String],
                         keyLineCode: String? = nil) {
        let imageText: String?
        switch image {
        case .local(let path)?: imageText = path
        case .remote(let url)?: imageText = url
        case nil: imageText = nil
        }
        let keyLines = keyLineCode ?? self.keyLineCode
        let fields: [String?] = [slug, title, sourcePath, imageText, imageAlt, summary, glass, yield, author]
        present = 0
        for (index, value) in fields.enumerated() where value != nil { present |= 1 << index }
        if case .remote? = image { present |= Self.remoteImageBit }
        tagCount = UInt32(tags.count)
        ingredientCount = UInt32(ingredients.count)
        store(fields.map { $0 ?? "" } + tags + ingredients + [keyLines])
    }
}

/// The front matter fields most recipes leave out, kept apart so that a recipe without them
/// carries one absent reference instead of their space.
struct RareFields: Sendable, Hashable {
    var imageWidth: Int?
    var imageHeight: Int?
    var bodyPictures: [BodyPicture] = []
    var recipeLinks: [RecipeLink] = []
    var imageCredit: ImageCredit?
    var category: String?
    var cuisine: String?
    var keywords: [String] = []
    var servings: RecipeServings?
    var totalTime: RecipeDuration?
    var nutrition: [NutritionFact] = []
    var video: RecipeVideo?
    var equipment: [String] = []
    var suitableForDiet: [String] = []
    var source: RecipeSource?
    var method: [MethodGroup] = []
    var ingredientParts: [IngredientPart] = []
    var extra: YAMLNode?
    var translationOf: String?

    /// Immutable, so a copy of a recipe shares it safely; a change makes a new one.
    final class Box: Sendable, Hashable {
        let fields: RareFields
        init(_ fields: RareFields) { self.fields = fields }
        static func == (a: Box, b: Box) -> Bool { a === b || a.fields == b.fields }
        func hash(into hasher: inout Hasher) { hasher.combine(fields) }
    }
}

/// A titled or untitled ingredient group's heading and item count, kept only when a recipe has
/// more than one group or a heading (the items themselves are in `RecipeText`).
struct IngredientGroupMark: Sendable, Hashable {
    var title: String?
    var count: Int
    var component: ComponentLink?
    var itemComponents: [Int: ComponentLink] = [:]
}

extension Recipe {
    /// Every ingredient of every group, in order; setting it makes one untitled group.
    package var ingredients: [String] {
        @_effects(readonly) get { text.ingredients }
        set {
            text.ingredients = newValue
            ingredientMarks = []
        }
    }

    /// The recipe with its text copied into memory the calling thread allocates. Recipes are
    /// parsed on every core, each next to the parse's own short-lived allocations; copied out
    /// by the thread that keeps them, they are packed together instead of pinning the parsing
    /// threads' memory, which can then go back to the system (`FreeMemory`).
    package func relocated() -> Recipe {
        var copy = self
        copy.text = text.relocated()
        return copy
    }

    /// Whether there is any ingredient, without assembling the list.
    package var hasIngredients: Bool { @_effects(readonly) get { text.hasIngredients } }

    /// The ingredients as written: one untitled group for a flat list, else the `- group:` entries.
    /// `ingredients` holds every item of every group, in order.
    package var ingredientGroups: [IngredientGroup] {
        @_effects(readonly) get {
            let items = text.ingredients
            guard !ingredientMarks.isEmpty else { return items.isEmpty ? [] : [IngredientGroup(title: nil, items: items)] }
            var result: [IngredientGroup] = []
            var start = 0
            for mark in ingredientMarks {
                let end = min(items.count, start + mark.count)
                result.append(IngredientGroup(title: mark.title, items: Array(items[start..<end]), component: mark.component,
                                              itemComponents: mark.itemComponents))
                start = end
            }
            return result
        }
        set {
            text.ingredients = newValue.flatMap(\.items)
            ingredientMarks = Self.marks(of: newValue)
        }
    }

    /// What `ingredientGroups` keeps beside the items: nothing for one untitled group.
    private static func marks(of groups: [IngredientGroup]) -> [IngredientGroupMark] {
        groups.count > 1 || groups.contains(where: { $0.title != nil || $0.component != nil || !$0.itemComponents.isEmpty })
            ? groups.map { IngredientGroupMark(title: $0.title, count: $0.items.count, component: $0.component,
                                               itemComponents: $0.itemComponents) } : []
    }

    /// The line of each front matter key in the source file, for diagnostics found after parsing.
    package var keyLines: [KeyLine] {
        get {
            var known: [KeyLine] = []
            var code = text.keyLineCode
            code.withUTF8 { bytes in
                var position = 0
                while position < bytes.count {
                    let key = RecipeParser.knownKeys[Int(bytes[position] - Self.firstKeyCode)]
                    position += 1
                    var line = 0
                    while position < bytes.count, bytes[position] < Self.firstKeyCode {
                        line = line * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                        position += 1
                    }
                    known.append(KeyLine(key: key, line: line))
                }
            }
            return (known + otherKeyLines).sorted { $0.key < $1.key }
        }
        set {
            (text.keyLineCode, otherKeyLines) = Self.keyLineCode(newValue.lazy.map { ($0.key, $0.line) })
        }
    }

    /// The known keys' lines packed as `RecipeText.keyLineCode` keeps them, and the other keys'.
    private static func keyLineCode(_ lines: some Sequence<(String, Int)>) -> (code: String, other: [KeyLine]) {
        var code: [UInt8] = []
        code.reserveCapacity(64)
        var other: [KeyLine] = []
        // Looked up once, not for every key (each access of a global checks its initialisation).
        let knownKeyIndex = RecipeParser.knownKeyIndex
        for (key, line) in lines {
            if let index = knownKeyIndex[key], index < 64, line >= 0 {
                code.append(Self.firstKeyCode + UInt8(index))
                // The line's digits, most significant first.
                var divisor = 1
                while divisor <= line / 10 { divisor *= 10 }
                while divisor > 0 {
                    code.append(UInt8(ascii: "0") + UInt8(line / divisor % 10))
                    divisor /= 10
                }
            } else {
                other.append(KeyLine(key: key, line: line))
            }
        }
        return (String(decoding: code, as: UTF8.self), other)
    }

    /// The character of `RecipeParser.knownKeys[0]` in `RecipeText.keyLineCode`: `@`, above the digits.
    private static let firstKeyCode = UInt8(ascii: "@")

    private func rareField<Value>(_ path: KeyPath<RareFields, Value>, default fallback: Value) -> Value {
        rare?.fields[keyPath: path] ?? fallback
    }

    private mutating func setRare<Value>(_ path: WritableKeyPath<RareFields, Value>, _ value: Value) {
        var fields = rare?.fields ?? RareFields()
        fields[keyPath: path] = value
        rare = fields == RareFields() ? nil : RareFields.Box(fields)
    }

    /// A remote picture's size from `image_width`/`image_height` (it is not downloaded to measure).
    package var imageWidth: Int? {
        @_effects(readonly) get { rare?.fields.imageWidth }
        set { setRare(\.imageWidth, newValue) }
    }
    package var imageHeight: Int? {
        @_effects(readonly) get { rare?.fields.imageHeight }
        set { setRare(\.imageHeight, newValue) }
    }
    /// The pictures the body shows, with their positions in the file (`BodyPicture.scan`).
    package var bodyPictures: [BodyPicture] {
        get { rareField(\.bodyPictures, default: []) }
        set { setRare(\.bodyPictures, newValue) }
    }
    /// `image_credit:`: who made the picture (site.yml's default applies when nil).
    package var imageCredit: ImageCredit? {
        @_effects(readonly) get { rare?.fields.imageCredit }
        set { setRare(\.imageCredit, newValue) }
    }
    /// The body's links to other recipes by slug (`RecipeLink.scan`), checked when the site is read.
    package var recipeLinks: [RecipeLink] {
        get { rareField(\.recipeLinks, default: []) }
        set { setRare(\.recipeLinks, newValue) }
    }
    /// `category:`; pages and JSON-LD fall back to site.yml, the glass or the first tag without it.
    package var category: String? {
        @_effects(readonly) get { rare?.fields.category }
        set { setRare(\.category, newValue) }
    }
    /// `cuisine:`; without it nothing is guessed.
    package var cuisine: String? {
        @_effects(readonly) get { rare?.fields.cuisine }
        set { setRare(\.cuisine, newValue) }
    }
    /// `keywords:`, kept apart from the tags (JSON-LD `keywords` lists both).
    package var keywords: [String] {
        get { rareField(\.keywords, default: []) }
        set { setRare(\.keywords, newValue) }
    }
    package var servings: RecipeServings? {
        @_effects(readonly) get { rare?.fields.servings }
        set { setRare(\.servings, newValue) }
    }
    /// `total_time:`; without it the total is prep + cook.
    package var totalTime: RecipeDuration? {
        @_effects(readonly) get { rare?.fields.totalTime }
        set { setRare(\.totalTime, newValue) }
    }
    /// `nutrition:` facts, in `NutritionFact.fields` order.
    package var nutrition: [NutritionFact] {
        get { rareField(\.nutrition, default: []) }
        set { setRare(\.nutrition, newValue) }
    }
    package var video: RecipeVideo? {
        @_effects(readonly) get { rare?.fields.video }
        set { setRare(\.video, newValue) }
    }
    /// `equipment:` (schema.org `tool`).
    package var equipment: [String] {
        get { rareField(\.equipment, default: []) }
        set { setRare(\.equipment, newValue) }
    }
    /// schema.org `RestrictedDiet` values such as `VeganDiet`.
    package var suitableForDiet: [String] {
        get { rareField(\.suitableForDiet, default: []) }
        set { setRare(\.suitableForDiet, newValue) }
    }
    package var source: RecipeSource? {
        @_effects(readonly) get { rare?.fields.source }
        set { setRare(\.source, newValue) }
    }
    /// The method written in the front matter (`directions:` and its synonyms), shown before the
    /// body; empty when the body holds the method, as usual.
    package var method: [MethodGroup] {
        get { rareField(\.method, default: []) }
        set { setRare(\.method, newValue) }
    }
    /// `ingredients:` as written when it names another recipe (`- recipe: simple-syrup`); empty
    /// otherwise. `ingredientGroups` holds them resolved once the site is read (`RecipeComponents`).
    package var ingredientParts: [IngredientPart] {
        get { rareField(\.ingredientParts, default: []) }
        set { setRare(\.ingredientParts, newValue) }
    }

    /// The recipes its `ingredients:` names, as written.
    package var components: [RecipeComponent] {
        ingredientParts.compactMap { part in
            if case .component(let component) = part { component } else { nil }
        }
    }

    /// `extra:` as written (any YAML), for templates; never checked.
    package var extra: YAMLNode? {
        @_effects(readonly) get { rare?.fields.extra }
        set { setRare(\.extra, newValue) }
    }
    /// For a translation (`recipes/mojito.fr.md`), its original's source path; nil for an original.
    package var translationOf: String? {
        @_effects(readonly) get { rare?.fields.translationOf }
        set { setRare(\.translationOf, newValue) }
    }
}

extension [Recipe.KeyLine] {
    /// The line of `key:`, or 1 when the key is absent.
    package func line(of key: String) -> Int {
        first { $0.key == key }?.line ?? 1
    }
}

extension Recipe {

    /// The line of `key:` in the source file, or 1 when the key is absent.
    package func line(of key: String) -> Int {
        keyLines.line(of: key)
    }

    package init(slug: String, title: String, sourcePath: String, image: ImageReference? = nil,
                imageAlt: String? = nil, summary: String? = nil, tags: [String] = [], glass: String? = nil,
                ingredients: [String] = [], yield: String? = nil, prepTime: RecipeDuration? = nil,
                cookTime: RecipeDuration? = nil, date: RecipeDate? = nil, author: String? = nil,
                weight: Int? = nil, isDraft: Bool = false, body: String = "") {
        self.body = .text(body)
        self.prepTime = prepTime
        self.cookTime = cookTime
        self.date = date
        self.weight = weight
        self.isDraft = isDraft
        var text = RecipeText()
        text.setAll(slug: slug, title: title, sourcePath: sourcePath, image: image, imageAlt: imageAlt, summary: summary,
                    glass: glass, yield: yield, author: author, tags: tags, ingredients: ingredients)
        self.text = text
    }

    /// A recipe as the parser reads it, put together in one go: its text packed once, with the
    /// ingredient groups and each key's line, and its
    /// rare fields boxed once, where each setter would pack or box them again.
    init(slug: String, title: String, sourcePath: String, image: ImageReference?, imageAlt: String?, summary: String?,
         tags: [String], glass: String?, yield: String?, prepTime: RecipeDuration?, cookTime: RecipeDuration?,
         date: RecipeDate?, author: String?, weight: Int?, isDraft: Bool, body: String,
         ingredientGroups: [IngredientGroup], keyLines: some Sequence<(String, Int)>, rare fields: RareFields) {
        self.body = .text(body)
        self.prepTime = prepTime
        self.cookTime = cookTime
        self.date = date
        self.weight = weight
        self.isDraft = isDraft
        let (code, others) = Self.keyLineCode(keyLines)
        otherKeyLines = others
        ingredientMarks = Self.marks(of: ingredientGroups)
        var text = RecipeText()
        text.setAll(slug: slug, title: title, sourcePath: sourcePath, image: image, imageAlt: imageAlt, summary: summary,
                    glass: glass, yield: yield, author: author, tags: tags,
                    ingredients: ingredientGroups.count == 1 ? ingredientGroups[0].items : ingredientGroups.flatMap(\.items),
                    keyLineCode: code)
        self.text = text
        rare = fields == RareFields() ? nil : RareFields.Box(fields)
    }

    /// The order of the gallery: weight, then title, then slug, so ties never depend on file order.
    package static func galleryOrder(_ a: Recipe, _ b: Recipe) -> Bool {
        galleryOrder(SortKey(a), SortKey(b))
    }

    /// What `galleryOrder` compares, worked out once per recipe.
    struct SortKey {
        var weight: Int?
        var title: String
        var slug: String

        init(_ recipe: Recipe) {
            weight = recipe.weight
            title = recipe.title.lowercased()
            slug = recipe.slug
        }
    }

    static func galleryOrder(_ a: SortKey, _ b: SortKey) -> Bool {
        switch (a.weight, b.weight) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a.title != b.title ? a.title < b.title : a.slug < b.slug
        }
    }
}

extension [Recipe] {
    /// Sorts in `Recipe.galleryOrder`, each recipe's keys worked out once rather than at every
    /// comparison (a recipe's title is copied out of its packed text when read).
    package mutating func sortInGalleryOrder() {
        let keys = map(Recipe.SortKey.init)
        let order = indices.sorted { Recipe.galleryOrder(keys[$0], keys[$1]) }
        self = order.map { self[$0] }
    }
}

/// Where a recipe's picture comes from.
package enum ImageReference: Sendable, Hashable {
    /// A file inside the site folder, as a normalised relative path (`images/mojito.jpg`).
    case local(String)
    /// An https URL used as it is.
    case remote(String)
}

/// A preparation or cooking time such as "5 min" or "1 h 30 min".
package struct RecipeDuration: Sendable, Hashable {
    package var seconds: Int

    package init(seconds: Int) {
        self.seconds = seconds
    }

    /// Parses "90 s", "5 min", "1 h 30 min", "2 hours", "1.5 h"; nil for anything else.
    package init?(parsing text: String) {
        guard let seconds = text.utf8.allSatisfy({ $0 < 0x80 }) ? Self.seconds(ofASCII: text) : Self.seconds(of: text) else {
            return nil
        }
        self.seconds = seconds
    }

    /// The seconds `text` says, read character by character.
    static func seconds(of text: String) -> Int? {
        let words = text.lowercased()
            .replacingOccurrences(of: ",", with: " ")
            .split(separator: " ")
        // "1h30m" reads as "1" "h" "30" "m": a token ends where digits meet letters.
        var tokens: [Substring] = []
        for word in words {
            var start = word.startIndex
            for index in word.indices.dropFirst() where word[index].isLetter != word[word.index(before: index)].isLetter {
                tokens.append(word[start..<index])
                start = index
            }
            tokens.append(word[start...])
        }
        return seconds(ofTokens: tokens)
    }

    /// The seconds of lowercased tokens that alternate amount and unit ("1", "h", "30", "min");
    /// nil when one is neither, or an amount has no unit.
    private static func seconds<Token: StringProtocol>(ofTokens tokens: [Token]) -> Int? {
        guard !tokens.isEmpty, tokens.count.isMultiple(of: 2) else { return nil }
        var total = 0.0
        var index = 0
        while index < tokens.count {
            guard let amount = Double(tokens[index]), amount >= 0, amount < 1_000_000 else { return nil }
            let unit: Double
            switch tokens[index + 1] {
            case "s", "sec", "secs", "second", "seconds": unit = 1
            case "m", "min", "mins", "minute", "minutes": unit = 60
            case "h", "hr", "hrs", "hour", "hours": unit = 3600
            case "d", "day", "days": unit = 86_400
            default: return nil
            }
            total += amount * unit
            index += 2
        }
        return Int(total.rounded())
    }

    /// `init(parsing:)` for ASCII text, as durations nearly always are, read from its bytes: the
    /// same words and tokens (in ASCII a character is a byte, a letter is `a`…`z` once lowercased),
    /// each token read where it lies as it is cut, without a `String` for it (amounts of plain
    /// digits are read exactly as `Double` reads them; anything else is handed to `Double`).
    static func seconds(ofASCII text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            @inline(__always) func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
            @inline(__always) func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") }
            // Tokens alternate amount and unit, as in `seconds(ofTokens:)`: an amount waits here
            // for its unit.
            var total = 0.0
            var amount = 0.0
            var tokens = 0
            var failed = false
            func take(_ start: Int, _ end: Int) {
                guard !failed else { return }
                let token = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if tokens.isMultiple(of: 2) {
                    guard let value = Self.amount(token), value >= 0, value < 1_000_000 else { failed = true; return }
                    amount = value
                } else {
                    guard let unit = Self.unitSeconds(token) else { failed = true; return }
                    total += amount * unit
                }
                tokens += 1
            }
            var index = 0
            while index < bytes.count {
                if isSpace(bytes[index]) {
                    index += 1
                    continue
                }
                // A word, cut where letters meet anything else.
                var start = index
                index += 1
                while index < bytes.count, !isSpace(bytes[index]) {
                    if isLetter(bytes[index]) != isLetter(bytes[index - 1]) {
                        take(start, index)
                        start = index
                    }
                    index += 1
                }
                take(start, index)
            }
            guard !failed, tokens > 0, tokens.isMultiple(of: 2) else { return nil }
            return Int(total.rounded())
        }
    }

    /// What `Double(String)` reads from `token`. Plain decimals of at most 15 digits (`5`, `1.5`)
    /// are read here, exactly: the digits as a whole number, divided by a power of ten, both
    /// exact in a `Double`, so the one rounding is the correctly rounded quotient, as `Double`'s own.
    static func amount(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
        var digits = 0
        var whole: Int64 = 0
        var point: Int? = nil
        for (offset, byte) in token.enumerated() {
            if byte &- UInt8(ascii: "0") < 10 {
                whole = whole &* 10 &+ Int64(byte &- UInt8(ascii: "0"))
                digits += 1
            } else if byte == UInt8(ascii: "."), point == nil {
                point = offset
            } else {
                digits = 16
                break
            }
        }
        guard digits > 0, digits <= 15 else { return Double(String(decoding: token, as: UTF8.self)) }
        let places = point.map { token.count - 1 - $0 } ?? 0
        return places == 0 ? Double(whole) : Double(whole) / Self.powersOfTen[places]
    }

    /// 10⁰ … 10¹⁵, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

    /// The seconds of a unit (`seconds(ofTokens:)`'s names, any case), nil for another word.
    static func unitSeconds(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
        guard token.count <= 8 else { return nil }
        // Lower case as `| 0x20` does it for letters; a byte that is not a letter never becomes
        // one, and none becomes 0, so words of different lengths never pack alike.
        var packed: UInt64 = 0
        for (offset, byte) in token.enumerated() { packed |= UInt64(byte | 0x20) << (8 * offset) }
        return units.first { $0.name == packed }?.seconds
    }

    /// The unit names `seconds(ofTokens:)` knows, each packed as `unitSeconds` packs a word.
    private static let units: [(name: UInt64, seconds: Double)] = [
        (["s", "sec", "secs", "second", "seconds"], 1.0), (["m", "min", "mins", "minute", "minutes"], 60),
        (["h", "hr", "hrs", "hour", "hours"], 3600), (["d", "day", "days"], 86_400),
    ].flatMap { names, seconds in
        names.map { name in (name.utf8.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }, seconds) }
    }

    /// ISO 8601 duration, e.g. `PT1H30M`, as schema.org wants.
    package var iso8601: String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        // Appended piece by piece rather than interpolated: a page writes up to six (issue 37).
        var text = "PT"
        if hours > 0 {
            text += String(hours)
            text += "H"
        }
        if minutes > 0 {
            text += String(minutes)
            text += "M"
        }
        if rest > 0 || (hours <= 0 && minutes <= 0) {
            text += String(rest)
            text += "S"
        }
        return text
    }

    /// Human form: "5 min", "1 h 30 min".
    package var description: String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 { parts.append("\(minutes) min") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest) s") }
        return parts.joined(separator: " ")
    }
}

/// A calendar date from front matter (`2024-03-14`), kept as written: no time zone, no clock.
package struct RecipeDate: Sendable, Hashable, Comparable {
    // Four bytes rather than three `Int`s: every recipe of a large site holds one.
    private var storedYear: Int16
    private var storedMonth: UInt8
    private var storedDay: UInt8

    /// 1…9999.
    package var year: Int {
        get { Int(storedYear) }
        set { storedYear = Int16(clamping: newValue) }
    }
    /// 1…12.
    package var month: Int {
        get { Int(storedMonth) }
        set { storedMonth = UInt8(clamping: newValue) }
    }
    /// 1…31.
    package var day: Int {
        get { Int(storedDay) }
        set { storedDay = UInt8(clamping: newValue) }
    }

    /// Parses `YYYY-MM-DD` (an optional time after it is ignored); nil when not a real date.
    package init?(parsing text: String) {
        let year: Int, month: Int, day: Int
        if let digits = Self.plainDigits(text) {
            (year, month, day) = digits
        } else {
            guard let fields = Self.fieldsOfASCII(text) ?? Self.fields(of: text), fields.count == 3,
                  let parsedYear = Int(fields[0]), let parsedMonth = Int(fields[1]), let parsedDay = Int(fields[2]) else { return nil }
            (year, month, day) = (parsedYear, parsedMonth, parsedDay)
        }
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...lengths[month - 1]).contains(day) else { return nil }
        storedYear = Int16(year)
        storedMonth = UInt8(month)
        storedDay = UInt8(day)
    }

    /// The numbers of `DDDD-DD-DD` (ASCII digits, then the end or a byte below 0x80 other than a
    /// carriage return), read from the bytes: what `fields` and `Int` make of such a text, without
    /// the three strings (a date is read for every recipe; issue 37). Nil for anything else.
    static func plainDigits(_ text: String) -> (Int, Int, Int)? {
        var text = text
        return text.withUTF8 { bytes -> (Int, Int, Int)? in
            guard bytes.count >= 10, bytes.count == 10 || (bytes[10] < 0x80 && bytes[10] != UInt8(ascii: "\r")) else { return nil }
            var numbers = (0, 0, 0)
            for position in 0..<10 {
                let byte = bytes[position]
                if position == 4 || position == 7 {
                    guard byte == UInt8(ascii: "-") else { return nil }
                    continue
                }
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                switch position {
                case ..<4: numbers.0 = numbers.0 * 10 + digit
                case ..<7: numbers.1 = numbers.1 * 10 + digit
                default: numbers.2 = numbers.2 * 10 + digit
                }
            }
            return numbers
        }
    }

    /// The texts between the hyphens of the first ten characters; nil when there are fewer.
    static func fields(of text: String) -> [String]? {
        let datePart = text.prefix(10)
        guard datePart.count == 10 else { return nil }
        return datePart.split(separator: "-").map(String.init)
    }

    /// `fields(of:)` from the bytes, when the first eleven are ASCII other than a carriage return
    /// (so that the first ten bytes are the first ten characters); nil otherwise.
    static func fieldsOfASCII(_ text: String) -> [String]?? {
        let bytes = text.utf8
        guard !bytes.prefix(11).contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }) else { return nil }
        guard bytes.count >= 10 else { return .some(nil) }
        var fields: [String] = []
        var start = bytes.startIndex
        let end = bytes.index(start, offsetBy: 10)
        var position = start
        while true {
            if position == end || bytes[position] == UInt8(ascii: "-") {
                if position > start { fields.append(String(text[start..<position])) }
                guard position < end else { break }
                start = bytes.index(after: position)
            }
            position = bytes.index(after: position)
        }
        return .some(fields)
    }

    /// `2024-03-14`.
    package var iso8601: String {
        let (year, month, day) = (self.year, self.month, self.day)
        // A date as parsed (every one a site has) is ten digits and hyphens, written in place:
        // padded and interpolated, it cost 2,600 instructions, and a recipe page writes three
        // (its byline, its meta tags, its JSON-LD; issue 37).
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            func pad(_ value: Int, _ width: Int) -> String {
                let text = String(value)
                return String(repeating: "0", count: max(0, width - text.count)) + text
            }
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        }
        return String(unsafeUninitializedCapacity: 10) { text in
            func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(value % 10) }
            (text[0], text[1], text[2], text[3]) = (digit(year / 1000), digit(year / 100), digit(year / 10), digit(year))
            (text[4], text[5], text[6]) = (UInt8(ascii: "-"), digit(month / 10), digit(month))
            (text[7], text[8], text[9]) = (UInt8(ascii: "-"), digit(day / 10), digit(day))
            return 10
        }
    }

    package static func < (a: RecipeDate, b: RecipeDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

extension String {
    /// A copy of exactly this length made by the calling thread: what a parsing thread made then
    /// goes back to the system when the thread's work is done, not pinned by what the site keeps.
    var relocated: String {
        var source = self
        return source.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { buffer in
                _ = buffer.initialize(fromContentsOf: bytes)
                return bytes.count
            }
        }
    }

    /// Lowercased, without accents ("Piña" → "pina"): the form search compares. ASCII
    /// text, by far the most common, skips Foundation's Unicode folding, which leaves it as
    /// lowercasing does.
    package var foldedForSearch: String {
        utf8.allSatisfy { $0 < 0x80 } ? lowercased()
            : folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
    }
}

/// A recipe's Markdown body: the text itself, handed on from the reading to every step that needs
/// it, or, for a site whose bodies pass the loader's budget (`HeldRecipeBodies`), only its place in
/// the file and a checksum: the bodies are most of a site's text, so a 100,000-recipe site is not
/// held in memory whole. Then each step that needs one reads it back through the load step's
/// `RecipeBodySource` (`Site.body(of:)`), and the checksum proves it is the text that was validated.
package enum RecipeBody: Sendable, Hashable {
    case text(String)
    /// The body is the file's bytes at `place`.
    case file(RecipeBodyPlace)

    /// The text, when it is held rather than read again.
    package var heldText: String? {
        if case .text(let text) = self { text } else { nil }
    }

    /// Cheap, and enough to notice a file that changed during the build: eight bytes a step, each
    /// word mixed in by a 128-bit multiply folded back to 64 bits, the last few bytes one by one
    /// (FNV-1a a byte at a time was a tenth of reading a recipe's text). Over the bytes in place
    /// when they are contiguous (a native string's are), else over a copy.
    package static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        bytes.withContiguousStorageIfAvailable(checksum) ?? Array(bytes).withUnsafeBufferPointer(checksum)
    }

    private static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let product = (hash ^ word).multipliedFullWidth(by: multiplier)
            return product.high ^ product.low
        }
        var hash = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        var offset = 0
        while offset &+ 8 <= bytes.count {
            hash = mix(hash, UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)))
            offset &+= 8
        }
        while offset < bytes.count {
            hash = mix(hash, UInt64(base[offset]) | 0x100)
            offset &+= 1
        }
        return hash
    }
}
