import Foundation
import GalleryContent
import GallerySupport
import Mustache

/// The recipe page's context for the fields beyond the basics: ingredient groups, servings,
/// nutrition, video, equipment, diets, source and `extra:`.
extension PageRenderer {
    /// The keys `fieldValue` answers, each named as its case.
    enum FieldKey: Int, CaseIterable, CodingKey {
        case ingredientGroups, methodGroups, hasMethod, category, cuisine, keywords, hasKeywords
        case servings, totalTime, totalTimeISO, nutrition, hasNutrition, equipment, hasEquipment
        case diets, hasDiets, source, video, extra
    }
    static let fieldKeyTable = MustacheKeyTable(FieldKey.self)
    static var fieldKeys: [String] { fieldKeyTable.names }

    func fieldsContext(_ recipe: Recipe, root: String) -> [String: MustacheValue] {
        var context: [String: MustacheValue] = [:]
        for key in FieldKey.allCases {
            if let value = fieldValue(key, of: recipe, root: root) { context[key.stringValue] = value }
        }
        return context
    }

    /// Field `key` of `recipe`'s page (whose root is `root`); nil for another key, or for
    /// `servings`, `source` and `video` when the recipe has none.
    func fieldValue(_ key: String, of recipe: Recipe, root: String) -> MustacheValue? {
        guard let raw = Self.fieldKeyTable[key], let known = FieldKey(rawValue: raw) else { return nil }
        return fieldValue(known, of: recipe, root: root)
    }

    /// Field `key` of `recipe`'s page (whose root is `root`); nil for `servings`, `source` and
    /// `video` when the recipe has none.
    func fieldValue(_ key: FieldKey, of recipe: Recipe, root: String) -> MustacheValue? {
        switch key {
        case .ingredientGroups:
            var ingredientCount = 0
            let links = recipeLinks(root: root)
            return .array(recipe.ingredientGroups.map { group in
                let html = group.items.map { Markdown.inlineHTML($0, allowRawHTML: site.config.unsafeHTML, recipeLinks: links) }
                defer { ingredientCount += html.count }
                return .object(IngredientGroupContext(group: .init(renderer: self, group: group, root: root, html: html,
                                                                   firstNumber: ingredientCount + 1)))
            })
        case .methodGroups:
            let stepCount = recipe.method.reduce(0) { $0 + $1.steps.count }
            var stepNumber = 0
            let links = recipeLinks(root: root)
            return .array(recipe.method.map { group in
                let html = group.steps.map { Markdown.inlineHTML($0, allowRawHTML: site.config.unsafeHTML, always: true, recipeLinks: links) }
                return [
                    "groupTitle": group.title.map(MustacheValue.string) ?? .null,
                    "stepsHTML": .array(html.map(MustacheValue.string)),
                    "cookSteps": .array(html.map { html in
                        stepNumber += 1
                        let step = CookStep(number: stepNumber, count: stepCount)
                        return ["id": .string(CookStep.id(stepNumber)), "html": .string(step.html(around: html, strings: strings))]
                    }),
                ]
            })
        case .hasMethod: return .bool(!recipe.method.isEmpty)
        case .category: return .optional(recipe.category)
        case .cuisine: return .optional(recipe.cuisine)
        case .keywords: return .array(recipe.keywords.map(MustacheValue.string))
        case .hasKeywords: return .bool(!recipe.keywords.isEmpty)
        case .servings:
            guard let servings = recipe.servings else { return nil }
            return [
                "label": .string(strings.text(servings.unit == nil ? "serves" : "makes")),
                "count": .string(servings.countText),
                "unit": .optional(servings.unit),
                "scriptURL": .string(URLPath.link(to: AssetPaths.scaleScript, root: root)),
                "units": .string(scaleUnits.text),
                "nouns": .string(scaleNouns.text),
            ]
        case .totalTime: return .optional(recipe.shownTotalTime.map(strings.duration))
        case .totalTimeISO: return .optional(recipe.shownTotalTime?.iso8601)
        case .nutrition: return .array(recipe.nutrition.map { ["label": .string(nutritionLabel($0)), "value": .string($0.value)] })
        case .hasNutrition: return .bool(!recipe.nutrition.isEmpty)
        case .equipment: return .array(recipe.equipment.map(MustacheValue.string))
        case .hasEquipment: return .bool(!recipe.equipment.isEmpty)
        case .diets: return .array(recipe.suitableForDiet.map { .string(dietLabel($0)) })
        case .hasDiets: return .bool(!recipe.suitableForDiet.isEmpty)
        case .source:
            guard let source = recipe.source else { return nil }
            return ["name": .optional(source.name ?? source.url), "url": .optional(source.url)]
        case .video:
            guard let video = recipe.video else { return nil }
            let name = video.name ?? recipe.title
            // Where the player comes from, for the notice under the poster: YouTube, Vimeo, or the file's host.
            let host = video.hostName ?? URLComponents(string: video.url)?.host
            return [
                "isFile": .bool(video.kind == .file),
                "url": .string(video.url),
                "watchURL": .string(video.watchURL),
                "playerURL": .string(video.autoplayURL ?? video.url),
                "host": .optional(video.hostName),
                "name": .string(name),
                "watchText": .string(video.hostName.map { strings.phrase("watch_on", ["name": name, "host": $0]) } ?? strings.text("watch_video")),
                "poster": recipe.image.flatMap { image in
                    // Only the site's own picture: a remote one would be a request to another origin before the click.
                    guard case .local = image else { return nil }
                    return imageContext(image, alt: "", root: root)
                } ?? .null,
                "noticeText": .optional(host.map { strings.phrase("video_notice", ["host": $0]) }),
                "scriptURL": .string(URLPath.link(to: AssetPaths.videoScript, root: root)),
            ]
        case .extra: return recipe.extra.map(Self.templateValue) ?? .null
        }
    }

    /// A folded linked recipe (`ComponentLink`): its title, its page and its picture.
    func componentContext(_ link: ComponentLink, root: String) -> MustacheValue {
        [
            "title": .string(link.title),
            "url": .string(URLPath.link(to: RecipePage.path(slug: link.slug), root: root)),
            "image": link.image.map { imageContext($0, alt: "", root: root) } ?? .null,
        ]
    }

    /// The units scale.js converts between, as JSON for the control's `data-units`: each unit's
    /// phrase in the site's language by plural form (`{"cup":{"one":"{count} cup","other":"{count} cups"},…}`).
    var scaleUnits: JSONValue { pluralForms(Self.scaleUnitKeys, prefix: "unit_") }

    /// The counted things scale.js puts in the plural a new amount takes ("2 loaves"), as JSON
    /// for the control's `data-nouns`, shaped like `scaleUnits`.
    var scaleNouns: JSONValue { pluralForms(Self.scaleNounKeys, prefix: "noun_") }

    private func pluralForms(_ keys: [String], prefix: String) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: keys.map { key in
            (key, .object(Dictionary(uniqueKeysWithValues: strings.forms(prefix + key).map { ($0.key.rawValue, .string($0.value)) })))
        }))
    }

    /// The units scale.js knows, as their `unit_…` keys in the theme's tables.
    static let scaleUnitKeys = ["ml", "cl", "l", "g", "kg", "tsp", "tbsp", "fl_oz", "cup", "oz", "lb"]

    /// The counted things it knows, as their `noun_…` keys.
    static let scaleNounKeys = ["loaf", "clove", "slice", "egg", "can", "pinch", "sprig", "leaf", "piece", "bunch", "dash", "drop", "wedge"]

    /// A nutrition fact's label in the site's language (`nutrition_fat`), else its English one.
    func nutritionLabel(_ fact: NutritionFact) -> String {
        let text = strings.text("nutrition_" + fact.key)
        return text.isEmpty ? fact.label : text
    }

    /// A schema.org diet's label in the site's language: `GlutenFreeDiet` → `diet_gluten_free`.
    func dietLabel(_ value: String) -> String {
        let english = RestrictedDiet.label(of: value)
        let text = strings.text("diet_" + english.lowercased().replacingOccurrences(of: " ", with: "_"))
        return text.isEmpty ? english : text
    }

    /// A YAML value typed for templates: plain scalars as booleans, numbers or null, anything
    /// quoted as text, lists and mappings as themselves.
    static func templateValue(_ node: YAMLNode) -> MustacheValue {
        switch node.kind {
        case .scalar(let text, let isPlain):
            guard isPlain else { return .string(text) }
            if node.isNull { return .null }
            if let flag = node.bool { return .bool(flag) }
            if let number = node.int { return .int(number) }
            if let number = node.double { return .double(number) }
            return .string(text)
        case .sequence(let items): return .array(items.map(templateValue))
        case .mapping(let pairs):
            var members: [String: MustacheValue] = [:]
            for pair in pairs {
                guard let key = pair.key.scalar, members[key] == nil else { continue }
                members[key] = templateValue(pair.value)
            }
            return .dictionary(members)
        }
    }
}

extension MustacheValue {
    /// A string, or null when there is none.
    static func optional(_ text: String?) -> MustacheValue {
        text.map(MustacheValue.string) ?? .null
    }
}

extension Recipe {
    /// Prep + cook, when either is given. Added as they are, without a list of the two made
    /// and freed for each page's facts and structured data (issue 37).
    var summedTime: RecipeDuration? {
        let (prep, cook) = (prepTime, cookTime)
        guard prep != nil || cook != nil else { return nil }
        return RecipeDuration(seconds: (prep?.seconds ?? 0) + (cook?.seconds ?? 0))
    }

    /// The total for the page's facts: `total_time:` or prep + cook, but not when it only repeats
    /// the one time given (a prep of 5 min would otherwise read "Prep 5 min, Total 5 min").
    var shownTotalTime: RecipeDuration? {
        guard let total = totalTime ?? summedTime else { return nil }
        let (prep, cook) = (prepTime, cookTime)
        if (prep == nil) != (cook == nil), (prep ?? cook)?.seconds == total.seconds { return nil }
        return total
    }
}
