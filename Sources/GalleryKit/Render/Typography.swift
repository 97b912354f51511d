/// Smart punctuation for plain text from front matter (summaries), matching what cmark's smart
/// option does to Markdown bodies: curly quotes, en and em dashes, ellipses.
public enum Typography {
    public static func smarten(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        var index = 0
        func opensQuote(_ index: Int) -> Bool {
            guard index > 0 else { return true }
            let previous = characters[index - 1]
            return previous.isWhitespace || "([{—–-".contains(previous)
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "-" where index + 2 < characters.count && characters[index + 1] == "-" && characters[index + 2] == "-":
                result.append("—")
                index += 3
                continue
            case "-" where index + 1 < characters.count && characters[index + 1] == "-":
                result.append("–")
                index += 2
                continue
            case "." where index + 2 < characters.count && characters[index + 1] == "." && characters[index + 2] == ".":
                result.append("…")
                index += 3
                continue
            case "\"":
                result.append(opensQuote(index) ? "“" : "”")
            case "'":
                result.append(opensQuote(index) ? "‘" : "’")
            default:
                result.append(character)
            }
            index += 1
        }
        return result
    }
}
