import GalleryContent
import Mustache

/// One group of a recipe page's `ingredientGroups`, answered as the template asks
/// (`MustacheKeyedObject`) instead of a dictionary per group and per line (issue 37). Its lines'
/// HTML is made once, for `itemsHTML` and `ingredients` alike; their plain text (`items`), which
/// the built-in theme does not read, only when asked.
struct IngredientGroupContext: MustacheKeyedObject {
    /// What the group and each of its lines read: one reference, not a copy of the renderer per line.
    final class Group: Sendable {
        let renderer: PageRenderer
        let group: IngredientGroup
        let root: String
        /// Each line as inline HTML (`Markdown.inlineHTML`).
        let html: [String]
        /// The number of the group's first line, counted over every group from 1 (`CookStep.ingredientID`).
        let firstNumber: Int

        init(renderer: PageRenderer, group: IngredientGroup, root: String, html: [String], firstNumber: Int) {
            self.renderer = renderer
            self.group = group
            self.root = root
            self.html = html
            self.firstNumber = firstNumber
        }
    }

    let group: Group

    enum Key: Int, CaseIterable, CodingKey { case groupTitle, component, items, itemsHTML, ingredients }
    static let keyTable = MustacheKeyTable(Key.self)

    func value(_ key: Key) -> MustacheValue? {
        switch key {
        case .groupTitle: group.group.title.map(MustacheValue.string) ?? .null
        case .component: group.group.component.map { group.renderer.componentContext($0, root: group.root) } ?? .null
        case .items: .array(group.group.items.map { .string(Markdown.inlinePlainText($0)) })
        case .itemsHTML: .array(group.html.map(MustacheValue.string))
        case .ingredients: .array(group.html.indices.map { .object(Line(group: group, position: $0)) })
        }
    }

    /// One line of the group with its tick box's id and the recipe it names, if any.
    struct Line: MustacheKeyedObject {
        let group: Group
        let position: Int

        enum Key: Int, CaseIterable, CodingKey { case id, html, component }
        static let keyTable = MustacheKeyTable(Key.self)

        func value(_ key: Key) -> MustacheValue? {
            switch key {
            case .id: .string(CookStep.ingredientID(group.firstNumber + position))
            case .html: .string(group.html[position])
            // Null, not absent, when the line names no recipe: the group's own is not looked for.
            case .component: group.group.itemComponents[position].map { group.renderer.componentContext($0, root: group.root) } ?? .null
            }
        }
    }
}
