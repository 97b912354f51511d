import Foundation
import GalleryContent
import GallerySupport

/// Turns the seed iOS app's `DrinkList.plist` into recipe files. The root is an array with one item
/// per drink, either an array — name, image URL, ingredients, directions, glass, in that order — or a
/// dictionary with keys such as `name`, `imageURL`, `ingredients`, `directions` and `glass`.
package enum PlistImport {
    /// One recipe file to write.
    package struct ImportedRecipe: Sendable, Hashable {
        package var slug: String
        package var title: String
        /// Relative to the site folder: `recipes/<slug>.md`.
        package var path: String
        /// The whole file: front matter and Markdown.
        package var text: String
    }

    /// Reads and maps the property list at `url`; `displayPath` names it in diagnostics. Recipes
    /// are returned only when there is no error, so an import is all or nothing.
    package static func load(from url: URL, displayPath: String, slugStyle: SlugStyle = .unicode) -> (recipes: [ImportedRecipe], diagnostics: [Diagnostic]) {
        let data: Data
        do throws(SiteFile.Failure) {
            data = try SiteFile.read(url)
        } catch .notFound {
            return ([], [.error("cannot read the file (does it exist?)", path: displayPath)])
        } catch {
            return ([], [.error("the file \(error.message)", path: displayPath)])
        }
        return recipes(from: data, displayPath: displayPath, slugStyle: slugStyle)
    }

    /// Maps property list bytes (XML or binary) to recipe files.
    package static func recipes(from data: Data, displayPath: String, slugStyle: SlugStyle = .unicode) -> (recipes: [ImportedRecipe], diagnostics: [Diagnostic]) {
        switch BinaryPropertyListCheck.check(data) {
        case .set?:
            return ([], [.error("the binary property list holds a set, which cannot be imported: save the drinks and their fields as arrays", path: displayPath)])
        case .expandsTooMuch?:
            return ([], [.error("the binary property list refers to the same objects over and over: expanded, it holds more than \(BinaryPropertyListCheck.maximumExpandedObjects) objects, far more than any drink list", path: displayPath)])
        case nil:
            break
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            return ([], [.error("not a readable property list (XML or binary): \(reason(of: error))", path: displayPath)])
        }
        guard let entries = root as? [Any] else {
            return ([], [.error("the property list's root must be an array with one item per recipe, found \(kindName(root))", path: displayPath)])
        }
        let positions = itemPositions(data)
        var log = DiagnosticLog()
        var recipes: [ImportedRecipe] = []
        var usedSlugs: Set<String> = []
        for (index, entry) in entries.enumerated() {
            let position = index < positions.count ? positions[index] : (line: 0, column: 0)
            var item = ItemMapper(index: index, path: displayPath, line: position.line, column: position.column)
            guard let drink = item.map(entry) else {
                log.append(contentsOf: item.diagnostics)
                continue
            }
            var slug = Slug.make(from: drink.title, style: slugStyle)
            if slug.isEmpty {
                slug = "drink-\(index + 1)"
                item.warning("the name '\(drink.title)' gives no usable file name; using '\(slug)'")
            }
            if usedSlugs.contains(slug) {
                var number = 2
                while usedSlugs.contains("\(slug)-\(number)") { number += 1 }
                item.warning("another item is also called '\(drink.title)'; this one becomes '\(slug)-\(number)'")
                slug = "\(slug)-\(number)"
            }
            usedSlugs.insert(slug)
            let text = drink.recipeText
            checkWritable(slug: slug, text: text, slugStyle: slugStyle, item: &item)
            log.append(contentsOf: item.diagnostics)
            recipes.append(ImportedRecipe(slug: slug, title: drink.title, path: "recipes/\(slug).md", text: text))
        }
        if entries.isEmpty {
            log.append(.warning("the property list holds no items", path: displayPath))
        }
        return (log.hasErrors ? [] : recipes, log.sorted)
    }

    /// The longest file name most file systems take (`NAME_MAX`), in bytes.
    static let maximumFileNameBytes = 255

    /// Checks, before anything is written, that the recipe's file can be created and that the
    /// file reads back as a recipe, so that an import never stops half-way on a later item.
    static func checkWritable(slug: String, text: String, slugStyle: SlugStyle, item: inout ItemMapper) {
        let fileName = "\(slug).md"
        if fileName.utf8.count > maximumFileNameBytes {
            item.error("the name makes a file name of \(fileName.utf8.count) bytes ('\(fileName.prefix(40))…'), longer than the \(maximumFileNameBytes) a file name may have; shorten the name")
            return
        }
        let (_, diagnostics) = RecipeParser.parse(text, sourcePath: "recipes/\(fileName)", displayPath: "recipes/\(fileName)", slugStyle: slugStyle)
        for problem in diagnostics where problem.severity == .error {
            item.error("the recipe made from it would not build: \(problem.message)")
        }
    }

    /// The line and column of each item of the root array in an XML property list, so messages
    /// point at the item; empty for binary property lists.
    static func itemPositions(_ data: Data) -> [(line: Int, column: Int)] {
        let bytes = [UInt8](data)
        guard !bytes.starts(with: Array("bplist".utf8)) else { return [] }
        var positions: [(line: Int, column: Int)] = []
        var depth = 0
        var line = 1
        var lineStart = 0
        var index = 0
        func skip(to terminator: String) {
            let end = Array(terminator.utf8)
            while index < bytes.count, !bytes[index...].starts(with: end) {
                if bytes[index] == 10 { line += 1; lineStart = index + 1 }
                index += 1
            }
            index += end.count
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 {
                line += 1
                lineStart = index + 1
                index += 1
            } else if byte == UInt8(ascii: "<") {
                let rest = bytes[index...]
                if rest.starts(with: Array("<!--".utf8)) { skip(to: "-->"); continue }
                if rest.starts(with: Array("<![CDATA[".utf8)) { skip(to: "]]>"); continue }
                if rest.starts(with: Array("<?".utf8)) || rest.starts(with: Array("<!".utf8)) { skip(to: ">"); continue }
                let start = (line: line, column: index - lineStart + 1)
                let closing = rest.dropFirst().first == UInt8(ascii: "/")
                skip(to: ">")
                let selfClosing = index >= 2 && bytes[index - 2] == UInt8(ascii: "/")
                if closing {
                    depth -= 1
                } else {
                    // <plist> is depth 0, its root <array> depth 1, the items depth 2.
                    if depth == 2 { positions.append(start) }
                    if !selfClosing { depth += 1 }
                }
            } else {
                index += 1
            }
        }
        return positions
    }

    static func kindName(_ value: Any) -> String {
        switch value {
        case is String: "text"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Data: "data"
        case is Date: "a date"
        case _ where isBoolean(value): "a boolean"
        case is NSNumber: "a number"
        default: "a \(type(of: value))"
        }
    }

    /// Property list booleans: `Bool` on Linux, a boolean `NSNumber` on Apple platforms.
    static func isBoolean(_ value: Any) -> Bool {
        type(of: value) == Bool.self || String(describing: type(of: value)) == "__NSCFBoolean"
    }

    static func reason(of error: any Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo["NSDebugDescription"] as? String { return debug }
        return nsError.localizedDescription
    }
}

/// The fields of one drink, gathered from either item shape.
struct ImportedDrink {
    var title: String
    var image: String?
    var summary: String?
    var glass: String?
    var tags: [String] = []
    /// Untitled unless the plist heads them: a `{group, items}` dictionary, or a line ending in ':'.
    var ingredients: [IngredientGroup] = []
    var steps: [String] = []
    var notes: String?

    /// The recipe file: front matter, then the method as an ordered list and any notes.
    var recipeText: String {
        var frontMatter = FrontMatterWriter()
        frontMatter.add("title", title)
        if let image { frontMatter.add("image", image) }
        if let summary { frontMatter.add("summary", summary) }
        frontMatter.add("tags", inlineList: tags)
        if let glass { frontMatter.add("glass", glass) }
        frontMatter.add("ingredients", groups: ingredients)
        var body: [String] = []
        if !steps.isEmpty {
            body.append("## Method\n\n" + steps.enumerated().map { "\($0.offset + 1). \(MarkdownText.escape($0.element))" }.joined(separator: "\n"))
        }
        if let notes {
            body.append("## Notes\n\n" + Self.lines(notes).map(MarkdownText.escape).joined(separator: "\n\n"))
        }
        return frontMatter.text + (body.isEmpty ? "" : "\n" + body.joined(separator: "\n\n") + "\n")
    }

    /// Non-empty trimmed lines, without list markers or step numbers ("1. ", "- ", "• ").
    static func lines(_ text: String) -> [String] {
        text.components(separatedBy: .newlines).map { line -> String in
            var line = Substring(line.trimmingCharacters(in: .whitespaces))
            if let marker = line.first, "-•*".contains(marker), line.dropFirst().first == " " {
                line = line.dropFirst(2)
            } else if let end = line.firstIndex(where: { !$0.isNumber }), end != line.startIndex,
                      line[end] == "." || line[end] == ")", line[line.index(after: end)...].first == " " {
                line = line[line.index(after: end)...]
            }
            return line.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }
}

/// Maps one root item, collecting diagnostics that name the file, the item and its line.
struct ItemMapper {
    let index: Int
    let path: String
    let line: Int
    let column: Int
    private(set) var diagnostics: [Diagnostic] = []

    init(index: Int, path: String, line: Int, column: Int) {
        self.index = index
        self.path = path
        self.line = line
        self.column = column
    }

    mutating func error(_ message: String) {
        diagnostics.append(.error("item \(index): \(message)", path: path, line: line, column: column))
    }

    mutating func warning(_ message: String) {
        diagnostics.append(.warning("item \(index): \(message)", path: path, line: line, column: column))
    }

    /// The drink, or nil after recording an error.
    mutating func map(_ entry: Any) -> ImportedDrink? {
        var fields: [(field: Field, value: Any, label: String)] = []
        if let array = entry as? [Any] {
            let order: [Field] = [.title, .image, .ingredients, .directions, .glass]
            for (position, value) in array.enumerated() {
                guard position < order.count else {
                    warning("ignored element \(position) (\(PlistImport.kindName(value))): an array item holds name, image URL, ingredients, directions and glass")
                    continue
                }
                fields.append((order[position], value, "element \(position) (\(order[position].name))"))
            }
        } else if let dictionary = entry as? [String: Any] {
            for key in dictionary.keys.sorted() {
                guard let field = Field(key: key) else {
                    warning("ignored the unknown key '\(key)'")
                    continue
                }
                if fields.contains(where: { $0.field == field }) {
                    error("the keys '\(fields.first { $0.field == field }!.label)' and '\(key)' both give the \(field.name)")
                    continue
                }
                fields.append((field, dictionary[key]!, key))
            }
        } else {
            error("each item must be an array or a dictionary describing one drink, found \(PlistImport.kindName(entry))")
            return nil
        }
        var drink = ImportedDrink(title: "")
        for (field, value, label) in fields {
            switch field {
            case .title: drink.title = text(value, label) ?? ""
            case .image: drink.image = image(value, label)
            case .summary: drink.summary = text(value, label)
            case .glass: drink.glass = text(value, label)
            case .notes: drink.notes = text(value, label)
            case .tags: drink.tags = list(value, label, splittingCommas: true)
            case .ingredients: drink.ingredients = ingredientGroups(value, label)
            case .directions: drink.steps = list(value, label, splittingCommas: false)
            }
        }
        drink.title = drink.title.trimmingCharacters(in: .whitespacesAndNewlines)
        if drink.title.isEmpty, !diagnostics.contains(where: { $0.severity == .error }) {
            error("the drink has no name (an array item starts with it; a dictionary names it 'name' or 'title')")
        }
        return diagnostics.contains { $0.severity == .error } ? nil : drink
    }

    /// Text, trimmed; numbers are accepted as text. Empty text counts as absent.
    private mutating func text(_ value: Any, _ label: String) -> String? {
        let result: String
        if let string = value as? String {
            result = string
        } else if !PlistImport.isBoolean(value), let number = value as? NSNumber {
            result = number.stringValue
        } else {
            error("'\(label)' must be text, found \(PlistImport.kindName(value))")
            return nil
        }
        let trimmed = result.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A list from an array of texts (or of `{name, amount}` dictionaries), or from one text with
    /// one entry per line (or per comma, for tags).
    private mutating func list(_ value: Any, _ label: String, splittingCommas: Bool) -> [String] {
        if let array = value as? [Any] {
            return array.enumerated().flatMap { position, element in listEntry(element, label, position) }
        }
        guard let whole = text(value, label) else { return [] }
        if splittingCommas {
            return whole.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return ImportedDrink.lines(whole)
    }

    /// One element of a list: a text (one entry per line) or a `{name, amount}` dictionary.
    private mutating func listEntry(_ element: Any, _ label: String, _ position: Int) -> [String] {
        if let measured = element as? [String: Any] {
            let name = measured["name"] ?? measured["ingredient"]
            let amount = measured["amount"] ?? measured["measure"] ?? measured["quantity"]
            guard let name, let nameText = text(name, "\(label)[\(position)].name") else {
                error("'\(label)' element \(position) is a dictionary without a 'name'")
                return []
            }
            let amountText = amount.flatMap { text($0, "\(label)[\(position)].amount") }
            return [[amountText, nameText].compactMap { $0 }.joined(separator: " ")]
        }
        return text(element, "\(label)[\(position)]").map(ImportedDrink.lines) ?? []
    }

    /// Ingredients in groups: an array element `{group, items}` (or `section`/`heading`) is a headed
    /// group, and so is every line ending in ':' ("For the syrup:") up to the next such line.
    private mutating func ingredientGroups(_ value: Any, _ label: String) -> [IngredientGroup] {
        var groups: [IngredientGroup] = []
        func append(_ items: [String]) {
            for item in items {
                if item.hasSuffix(":"), item.count > 1 {
                    groups.append(IngredientGroup(title: String(item.dropLast()).trimmingCharacters(in: .whitespaces), items: []))
                } else if groups.isEmpty {
                    groups.append(IngredientGroup(title: nil, items: [item]))
                } else {
                    groups[groups.count - 1].items.append(item)
                }
            }
        }
        guard let elements = value as? [Any] else {
            append(list(value, label, splittingCommas: false))
            return groups.filter { !$0.items.isEmpty }
        }
        for (position, element) in elements.enumerated() {
            if let dictionary = element as? [String: Any],
               let heading = dictionary["group"] ?? dictionary["section"] ?? dictionary["heading"] {
                let title = text(heading, "\(label)[\(position)].group")
                let items = dictionary["items"].map { list($0, "\(label)[\(position)].items", splittingCommas: false) } ?? []
                groups.append(IngredientGroup(title: title, items: items))
            } else {
                append(listEntry(element, label, position))
            }
        }
        return groups.filter { !$0.items.isEmpty }
    }

    /// An https URL kept as a remote image; anything else is left out with a warning.
    private mutating func image(_ value: Any, _ label: String) -> String? {
        guard let url = text(value, label) else { return nil }
        if url.lowercased().hasPrefix("https://"), case .success = ImagePath.reference(url) { return url }
        if url.lowercased().hasPrefix("http://") {
            warning("left out the image '\(url)': only https URLs are allowed (change it to https if the host supports it)")
        } else {
            warning("left out the image '\(url)': it is not an https URL; copy the picture into images/ and set 'image:' in the recipe")
        }
        return nil
    }

    /// The recipe fields an item can give, with the dictionary keys that name each.
    enum Field: Equatable {
        case title, image, summary, glass, notes, tags, ingredients, directions

        init?(key: String) {
            let normalised = String(key.lowercased().filter { $0.isLetter || $0.isNumber })
            switch normalised {
            case "name", "title", "drinkname", "drink": self = .title
            case "image", "imageurl", "imageuri", "picture", "pictureurl", "photo", "photourl", "thumbnail", "thumbnailurl":
                self = .image
            case "summary", "description", "subtitle": self = .summary
            case "glass", "glassware", "glasstype": self = .glass
            case "notes", "note", "tip", "tips": self = .notes
            case "tags", "tag", "category", "categories": self = .tags
            case "ingredients", "ingredient": self = .ingredients
            case "directions", "instructions", "method", "steps", "preparation": self = .directions
            default: return nil
            }
        }

        var name: String {
            switch self {
            case .title: "name"
            case .image: "image URL"
            case .summary: "summary"
            case .glass: "glass"
            case .notes: "notes"
            case .tags: "tags"
            case .ingredients: "ingredients"
            case .directions: "directions"
            }
        }
    }
}
