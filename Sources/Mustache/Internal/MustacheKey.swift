import Synchronization

/// One part of a tag's dotted name (`recipe` and `title` of `{{recipe.title}}`) with a number
/// that stands for its text: every part spelled alike has the same number in every template of
/// the process. The renderer remembers an object's answers by that number (`Renderer.lookUp`), so
/// a name read again in the same context costs a comparison of integers, not of strings, and
/// the object is not asked twice.
struct MustacheKey: Sendable {
    let name: String
    let number: Int

    /// Numbered when a template is parsed, never while one renders.
    init(_ name: String) {
        self.name = name
        number = Self.numbers.withLock { numbers in
            if let known = numbers[name] { return known }
            let next = numbers.count
            numbers[name] = next
            return next
        }
    }

    /// Every name part seen so far and its number; bounded by the text of the templates parsed.
    private static let numbers = Mutex<[String: Int]>([:])
}
