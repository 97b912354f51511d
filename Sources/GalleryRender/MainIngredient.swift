import GalleryContent
import GallerySupport

/// A recipe's main ingredient, for the cookbook's index by ingredient: the name in its first
/// ingredient line (recipes list what they are made of first: the gin of a Negroni, the flour of
/// a loaf), without the amount, the unit, or what follows a comma or a bracket
/// (`30 ml London dry gin` → `London dry gin`, `2 cups flour, sifted` → `Flour`).
package enum MainIngredient {
    /// The main ingredient of `recipe`, capitalised; nil when it lists no ingredient or the first
    /// is only an amount.
    package static func name(of recipe: Recipe) -> String? {
        recipe.ingredients.first.flatMap { name(in: Markdown.inlinePlainText($0)) }
    }

    /// The name in one ingredient line of plain text.
    package static func name(in line: String) -> String? {
        if let name = nameOfASCII(line) { return name }
        return nameByWords(in: line)
    }

    /// `name(in:)` read from its words as strings: what `nameOfASCII` gives for an ASCII line,
    /// and the name of every other line.
    static func nameByWords(in line: String) -> String? {
        var words = asciiWords(line, cut: true)
            ?? line.prefix { !",;(（،".contains($0) }.split(whereSeparator: \.isWhitespace).map(String.init)
        // An article before a unit ("a pinch of salt"), then the amount ("1 ½", "1-2", "2x").
        if words.count > 1, articles.contains(words[0].lowercased()), isUnit(words[1]) { words.removeFirst() }
        let count = words.count
        while let first = words.first, isAmount(first) { words.removeFirst() }
        if let first = words.first, let glued = unitAfterAmount(first) {
            // "30ml gin": the amount and unit written as one word.
            if glued.isEmpty || isUnit(glued) { words.removeFirst() }
        }
        // "fl oz", "fluid ounces": units of two words; after an amount, a unit alone ("200 g") names nothing.
        while let first = words.first, isUnit(first), words.count > 1 || words.count < count { words.removeFirst() }
        if words.count > 1, connectives.contains(words[0].lowercased()) { words.removeFirst() }
        guard let first = words.first, first.contains(where: \.isLetter) else { return nil }
        words[0] = first.prefix(1).uppercased() + first.dropFirst()
        return words.joined(separator: " ")
    }

    /// The key names are grouped by: case, accents and spacing ignored.
    package static func key(of name: String) -> String {
        // A name of ASCII words, each after one space (every name of an ASCII line): its folded
        // words are its own, lowercased.
        if name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x80 || $0 == 0x20 }), name.utf8.first != 0x20, name.utf8.last != 0x20,
           !name.containsBytes("  ") {
            return name.lowercased()
        }
        let folded = SearchWords.fold(name)
        return (asciiWords(folded, cut: false) ?? folded.split(whereSeparator: \.isWhitespace).map(String.init)).joined(separator: " ")
    }

    /// The words of an ASCII `line` (split at spaces, tabs and line ends), up to its first comma,
    /// semicolon or bracket when `cut`; nil for a line with other characters, which is split by
    /// characters instead. A book reads every recipe's first line: walking each by Character was
    /// most of the cost of its index (issue 37). In ASCII a character is a byte but for "\r\n",
    /// whitespace either way, and the only whitespace is 9–13 and the space.
    static func asciiWords(_ line: String, cut: Bool) -> [String]? {
        var line = line
        return line.withUTF8 { bytes -> [String]? in
            var words: [String] = []
            var start = 0
            var end = bytes.count
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 { return nil }
                if cut, byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "(") {
                    // A combining mark after it would make it part of another character.
                    if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return nil }
                    end = index
                    break
                }
            }
            for index in 0...end {
                guard index == end || bytes[index] == UInt8(ascii: " ") || (9...13).contains(bytes[index]) else { continue }
                if index > start { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return words
        }
    }

    /// `nameByWords(in:)` of a line that is ASCII up to its cut (`asciiWords`), found in its
    /// bytes: its words as ranges of them, looked up in the tables packed (`PackedWord`), and only
    /// the name made a string; nil for another line. Each recipe's main ingredient, read as
    /// strings (a string per word, each lowercased and hashed to be looked up), was 7,700
    /// instructions, 77 M at 10,000 recipes (issue 37).
    static func nameOfASCII(_ line: String) -> String?? {
        var line = line
        return line.withUTF8 { bytes -> String?? in
            var end = bytes.count
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "(") {
                    if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return nil }
                    end = index
                    break
                }
            }
            var words: [Range<Int>] = []
            var start = 0
            for index in 0...end {
                guard index == end || bytes[index] == UInt8(ascii: " ") || (9...13).contains(bytes[index]) else { continue }
                if index > start { words.append(start..<index) }
                start = index + 1
            }
            func word(_ number: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[words[number]]) }
            // The first word left: those before it are dropped, as `nameByWords` drops them.
            var first = 0
            let count = words.count
            if count > 1, PackedWord(lowercasing: word(0), droppingDot: false).map(articleWords.contains) == true, isUnit(word(1)) {
                first = 1
            }
            let counted = count - first
            while first < count, isAmount(word(first)) { first += 1 }
            if first < count, let glued = unitAfterAmount(word(first)), glued.isEmpty || isUnit(glued) { first += 1 }
            while first < count, isUnit(word(first)), count - first > 1 || count - first < counted { first += 1 }
            if count - first > 1, PackedWord(lowercasing: word(first), droppingDot: false).map(connectiveWords.contains) == true {
                first += 1
            }
            guard first < count, word(first).contains(where: { ($0 | 0x20) &- UInt8(ascii: "a") < 26 }) else { return .some(nil) }
            let length = words[first..<count].reduce(count - first - 1) { $0 + $1.count }
            return .some(String(unsafeUninitializedCapacity: length) { name in
                var position = 0
                for number in first..<count {
                    if number > first {
                        name[position] = UInt8(ascii: " ")
                        position += 1
                    }
                    for byte in word(number) {
                        name[position] = byte
                        position += 1
                    }
                }
                // The first letter capitalised, as `Character.uppercased` does an ASCII one.
                if name[0] &- UInt8(ascii: "a") < 26 { name[0] -= 0x20 }
                return position
            })
        }
    }

    /// An ASCII word lowercased (and without one final `.`, for a unit) in two numbers, with its
    /// length: looked up in a set of them without making a string. Nil for a word longer than
    /// 16 bytes, which is none of the tables' words.
    struct PackedWord: Hashable {
        let low: UInt64
        let high: UInt64
        let count: Int

        init?(lowercasing word: UnsafeBufferPointer<UInt8>, droppingDot: Bool) {
            var count = word.count
            if droppingDot, count > 0, word[count - 1] == UInt8(ascii: ".") { count -= 1 }
            guard count <= 16 else { return nil }
            var (low, high): (UInt64, UInt64) = (0, 0)
            for index in 0..<count {
                var byte = word[index]
                if byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
                if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
            }
            (self.low, self.high, self.count) = (low, high, count)
        }

        /// The ASCII words of `words` (the others are never an ASCII word's).
        static func table(_ words: Set<String>) -> Set<PackedWord> {
            Set(words.compactMap { word in
                var word = word
                return word.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? PackedWord(lowercasing: bytes, droppingDot: false) : nil }
            })
        }
    }

    private static let unitWords = PackedWord.table(units)
    private static let articleWords = PackedWord.table(articles)
    private static let connectiveWords = PackedWord.table(connectives)

    /// `isUnit` of an ASCII word.
    private static func isUnit(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        PackedWord(lowercasing: word, droppingDot: true).map(unitWords.contains) ?? false
    }

    /// `isAmount` of an ASCII word.
    private static func isAmount(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains(where: isDigit) && bytes.allSatisfy { isDigit($0) || amountSigns.contains($0) }
    }

    /// `unitAfterAmount` of an ASCII word.
    private static func unitAfterAmount(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        let count = bytes.prefix { isDigit($0) || digitSigns.contains($0) }.count
        guard bytes[..<count].contains(where: isDigit) else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[count...])
    }

    /// Digits, vulgar fractions and the signs between them (`1`, `1/2`, `½`, `1½`, `1-2`, `0.5`, `2x`).
    static func isAmount(_ word: String) -> Bool {
        // In ASCII a number is a digit and a character a byte: read as bytes (by Character, with
        // a search of the signs for each, this was the most of a recipe's main ingredient).
        if let ascii = asciiBytes(word, isAmount) {
            return ascii
        }
        guard word.contains(where: { $0.isNumber }) else { return false }
        return word.allSatisfy { $0.isNumber || "/.,-–~x×".contains($0) }
    }

    /// What follows the leading digits of a word that starts with some (`30ml` → `ml`), or nil.
    static func unitAfterAmount(_ word: String) -> String? {
        if let ascii = asciiBytes(word, { bytes in unitAfterAmount(bytes).map { String(decoding: $0, as: UTF8.self) } }) {
            return ascii
        }
        let digits = word.prefix { $0.isNumber || "/.,".contains($0) }
        guard !digits.isEmpty, digits.contains(where: \.isNumber) else { return nil }
        return String(word.dropFirst(digits.count))
    }

    /// `read` of `word`'s bytes when they are all ASCII, else nil.
    private static func asciiBytes<Result>(_ word: String, _ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        var word = word
        return word.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? read(bytes) : nil }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    /// The ASCII signs of an amount (`isAmount`), and those among its leading digits (`unitAfterAmount`).
    private static let amountSigns: [UInt8] = Array("/.,-~x".utf8)
    private static let digitSigns: [UInt8] = Array("/.,".utf8)

    static func isUnit(_ word: String) -> Bool {
        var word = word.lowercased()
        if word.hasSuffix(".") { word.removeLast() }
        return units.contains(word)
    }

    static let articles: Set<String> = ["a", "an", "one", "un", "une", "ein", "eine", "uno", "una", "een"]
    static let connectives: Set<String> = ["of", "de", "d'", "di", "du", "des", "van"]

    /// Units and measures as cooks write them, singular and plural, in English and in the
    /// metric abbreviations every language shares, with a few other languages' spoon measures.
    static let units: Set<String> = [
        "ml", "cl", "dl", "l", "litre", "litres", "liter", "liters", "g", "gr", "gram", "grams", "gramme", "grammes",
        "kg", "mg", "oz", "ounce", "ounces", "fl", "fluid", "lb", "lbs", "pound", "pounds",
        "tsp", "tsps", "teaspoon", "teaspoons", "tbsp", "tbsps", "tbs", "tablespoon", "tablespoons",
        "cup", "cups", "pint", "pints", "quart", "quarts", "gallon", "gallons",
        "pinch", "pinches", "dash", "dashes", "drop", "drops", "splash", "splashes", "barspoon", "barspoons", "bsp",
        "shot", "shots", "part", "parts", "measure", "measures", "handful", "handfuls",
        "slice", "slices", "clove", "cloves", "sprig", "sprigs", "bunch", "bunches", "can", "cans", "tin", "tins",
        "jar", "jars", "stick", "sticks", "piece", "pieces", "sheet", "sheets", "knob", "knobs", "scoop", "scoops",
        "el", "tl", "msk", "tsk", "cs", "cc", "cda", "cdta", "cucchiaio", "cucchiai", "cucchiaino", "cucchiaini",
        "cuillère", "cuillères", "prise", "pincée", "pizzico", "pizca", "snuf", "scheutje", "eetlepel", "theelepel",
    ]
}
