import GallerySupport

/// Resolves the recipes that recipes name in their ingredients (`- recipe: pie-crust`) once every
/// recipe of the site is read: a missing recipe or a cycle of them is an error at the slug's line
/// and column; otherwise each recipe that names one gets `ingredientGroups` with the part folded in
/// (its ingredients under its title, recursively) or as one linked line ("15 ml [Simple
/// Syrup](recipe:simple-syrup)"), so the page, its scaling, the JSON-LD and the search index read
/// them as any other ingredients.
enum RecipeComponents {
    /// Resolves `recipes` in place; a slug none of them has is looked up in `fallback` (the
    /// default language's recipes, for a translation that names an untranslated part).
    /// `displayPath` names a recipe's file in messages. Nothing is resolved when there are errors.
    static func resolve(_ recipes: inout [Recipe], fallback: [Recipe] = [], displayPath: (String) -> String) -> [Diagnostic] {
        let hosts = recipes.indices.filter { !recipes[$0].ingredientParts.isEmpty }
        guard !hosts.isEmpty else { return [] }
        var index: [String: Recipe] = [:]
        for recipe in fallback where index[recipe.slug] == nil { index[recipe.slug] = recipe }
        for recipe in recipes { index[recipe.slug] = recipe }
        var problems: [Diagnostic] = []
        for host in hosts {
            for component in recipes[host].components where index[component.slug] == nil {
                problems.append(.error("the ingredients name the recipe '\(component.slug)', but no recipe has that slug",
                                       path: displayPath(recipes[host].sourcePath), line: component.line, column: component.column))
            }
        }
        guard problems.isEmpty else { return problems }
        problems = cycles(hosts.map { recipes[$0] }, index: index, displayPath: displayPath)
        guard problems.isEmpty else { return problems }
        var resolved: [String: [IngredientGroup]] = [:]
        for host in hosts {
            recipes[host].ingredientGroups = groups(of: recipes[host], index: index, resolved: &resolved)
        }
        return []
    }

    /// An error for each recipe that reaches itself through the recipes its ingredients name,
    /// at the entry that closes the cycle, with the cycle spelled out (`a → b → a`).
    private static func cycles(_ hosts: [Recipe], index: [String: Recipe], displayPath: (String) -> String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for host in hosts {
            // Depth-first from the host: a path back to it is its cycle.
            var stack: [(slug: String, path: [String])] = [(host.slug, [host.slug])]
            var seen: Set<String> = []
            search: while let (slug, path) = stack.popLast() {
                for component in index[slug]?.components ?? [] {
                    if component.slug == host.slug {
                        let first = path.count > 1 ? host.components.first { $0.slug == path[1] } : component
                        let entry = first ?? component
                        problems.append(.error("the linked recipes form a cycle: \((path + [host.slug]).joined(separator: " → "))",
                                               path: displayPath(host.sourcePath), line: entry.line, column: entry.column))
                        break search
                    }
                    if seen.insert(component.slug).inserted { stack.append((component.slug, path + [component.slug])) }
                }
            }
        }
        return problems
    }

    /// `recipe`'s ingredient groups with every part it names resolved (`resolved` keeps each
    /// recipe's, so a part used by many is folded once).
    private static func groups(of recipe: Recipe, index: [String: Recipe], resolved: inout [String: [IngredientGroup]]) -> [IngredientGroup] {
        if let known = resolved[recipe.slug] { return known }
        guard !recipe.ingredientParts.isEmpty else { return recipe.ingredientGroups }
        var groups: [IngredientGroup] = []
        for part in recipe.ingredientParts {
            switch part {
            case .group(let group):
                if group.title == nil, let last = groups.last, last.title == nil, last.component == nil {
                    // The flat list goes on after a linked line: one list, as written.
                    for (position, link) in group.itemComponents { groups[groups.count - 1].itemComponents[last.items.count + position] = link }
                    groups[groups.count - 1].items += group.items
                } else {
                    groups.append(group)
                }
            case .component(let component):
                guard let part = index[component.slug] else { continue }
                let link = ComponentLink(slug: part.slug, title: part.title, image: part.image, imageAlt: part.imageAlt)
                let named = "[" + escapeMarkdown(part.title) + "](" + RecipeLink.scheme + part.slug + ")"
                if let position = component.lineInGroup, let last = groups.indices.last, groups[last].items.indices.contains(position) {
                    // A line among a group's items: it takes the place the parser kept for it.
                    groups[last].items[position] = component.amount.map { $0 + " " + named } ?? named
                    groups[last].itemComponents[position] = link
                } else if let amount = component.amount {
                    let line = amount + " " + named
                    if let last = groups.last, last.title == nil, last.component == nil {
                        groups[groups.count - 1].itemComponents[last.items.count] = link
                        groups[groups.count - 1].items.append(line)
                    } else {
                        groups.append(IngredientGroup(title: nil, items: [line], itemComponents: [0: link]))
                    }
                } else {
                    // Folded in, the part's own headings and linked lines become plain lines of this group.
                    let items = Self.groups(of: part, index: index, resolved: &resolved).flatMap(\.items)
                    groups.append(IngredientGroup(title: component.groupTitle ?? part.title, items: items, component: link))
                }
            }
        }
        resolved[recipe.slug] = groups
        return groups
    }

    /// `text` as literal Markdown link text: the characters Markdown reads as markup escaped.
    static func escapeMarkdown(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\[]*_`<>!&".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
