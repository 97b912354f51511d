import Foundation
import GallerySupport

/// A headed part of a recipe's ingredients ("For the syrup"); a flat list is one group without a title.
package struct IngredientGroup: Sendable, Hashable {
    /// The heading; nil for the ingredients of a flat list.
    package var title: String?
    package var items: [String]
    /// The linked recipe whose ingredients these are (`- recipe: pie-crust`); nil for a group written out.
    package var component: ComponentLink?
    /// The linked recipe each linked line names (`- { recipe: simple-syrup, amount: 15 ml }`), by item position.
    package var itemComponents: [Int: ComponentLink]

    package init(title: String?, items: [String], component: ComponentLink? = nil, itemComponents: [Int: ComponentLink] = [:]) {
        self.title = title
        self.items = items
        self.component = component
        self.itemComponents = itemComponents
    }
}

/// A headed part of a recipe's method ("For the sauce") and its steps, as front matter's
/// `directions:` (or `instructions:`, `method:`, `steps:`) writes it; a flat list is one group
/// without a title. A schema.org `HowToSection` when it has a title, else its `HowToStep`s.
package struct MethodGroup: Sendable, Hashable {
    /// The heading; nil for the steps of a flat list.
    package var title: String?
    /// Each step as written (inline Markdown), without a number of its own.
    package var steps: [String]

    package init(title: String?, steps: [String]) {
        self.title = title
        self.steps = steps
    }
}

/// How many a recipe makes: a number with an optional unit ("4", "12 cookies").
package struct RecipeServings: Sendable, Hashable {
    package var count: Double
    /// What is counted ("cookies"); nil for people served.
    package var unit: String?

    /// Parses "4", "4 servings", "12 cookies", "1.5 l"; nil when it does not start with a positive number.
    package init?(parsing text: String) {
        let trimmed = text.trimmingSpaces()
        let numberPart = trimmed.prefix { $0.isNumber || $0 == "." }
        guard let count = Double(numberPart), count > 0, count < 100_000 else { return nil }
        let rest = trimmed.dropFirst(numberPart.count).trimmingSpaces()
        self.count = count
        self.unit = rest.isEmpty ? nil : rest
    }

    /// The count as written: "4", "1.5".
    package var countText: String {
        count.rounded() == count ? String(Int(count)) : String(count)
    }

    /// "4", "12 cookies": schema.org's `recipeYield`.
    package var description: String {
        unit.map { "\(countText) \($0)" } ?? countText
    }
}

/// One nutrition fact, its schema.org `NutritionInformation` property and its value with a unit.
package struct NutritionFact: Sendable, Hashable {
    /// The front matter key (`fat`), the schema.org property (`fatContent`) and a label (`Fat`).
    package var key: String
    package var property: String
    package var label: String
    /// "12 g", "240 calories", "1 cup" (serving size is free text).
    package var value: String

    /// The keys `nutrition:` understands, in the order pages list them, with their units.
    package static let fields: [(key: String, property: String, label: String, units: [String])] = [
        ("serving_size", "servingSize", "Serving size", []),
        ("calories", "calories", "Calories", ["kcal", "calories", "cal", "kj"]),
        ("fat", "fatContent", "Fat", ["g", "mg"]),
        ("saturated_fat", "saturatedFatContent", "Saturated fat", ["g", "mg"]),
        ("unsaturated_fat", "unsaturatedFatContent", "Unsaturated fat", ["g", "mg"]),
        ("trans_fat", "transFatContent", "Trans fat", ["g", "mg"]),
        ("carbohydrate", "carbohydrateContent", "Carbohydrate", ["g", "mg"]),
        ("sugar", "sugarContent", "Sugar", ["g", "mg"]),
        ("fiber", "fiberContent", "Fibre", ["g", "mg"]),
        ("protein", "proteinContent", "Protein", ["g", "mg"]),
        ("cholesterol", "cholesterolContent", "Cholesterol", ["mg", "g"]),
        ("sodium", "sodiumContent", "Sodium", ["mg", "g"]),
    ]
}

/// A recipe's video: a file, or a YouTube or Vimeo page.
package struct RecipeVideo: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// A video file at an https URL.
        case file
        case youTube(id: String)
        case vimeo(id: String)
    }

    package var kind: Kind
    /// The URL as written.
    package var url: String
    package var name: String?
    package var description: String?
    /// A picture for `thumbnailUrl`; YouTube videos get YouTube's own when none is given.
    package var thumbnail: String?
    package var uploadDate: RecipeDate?

    /// The player page (YouTube's no-cookie domain, Vimeo without tracking): JSON-LD's `embedUrl`.
    package var embedURL: String? {
        switch kind {
        case .file: return nil
        case .youTube(let id): return "https://www.youtube-nocookie.com/embed/\(id)"
        case .vimeo(let id): return "https://player.vimeo.com/video/\(id)?dnt=1"
        }
    }

    /// The player the page's embed loads after the reader's click, starting at once.
    package var autoplayURL: String? {
        embedURL.map { $0 + ($0.contains("?") ? "&" : "?") + "autoplay=1" }
    }

    /// The public page of the video, for the link shown without JavaScript.
    package var watchURL: String {
        switch kind {
        case .file: return url
        case .youTube(let id): return "https://www.youtube.com/watch?v=\(id)"
        case .vimeo(let id): return "https://vimeo.com/\(id)"
        }
    }

    /// The thumbnail given, else YouTube's standard one (Vimeo's needs its API, so none).
    package var thumbnailURL: String? {
        if let thumbnail { return thumbnail }
        if case .youTube(let id) = kind { return "https://i.ytimg.com/vi/\(id)/hqdefault.jpg" }
        return nil
    }

    /// "YouTube", "Vimeo" or nil for a file.
    package var hostName: String? {
        switch kind {
        case .file: return nil
        case .youTube: return "YouTube"
        case .vimeo: return "Vimeo"
        }
    }

    /// Classifies a video URL; nil with a reason when it is neither a file nor a YouTube or Vimeo page.
    package static func kind(of text: String) -> Result<(Kind, String), ImagePath.Problem> {
        let trimmed = text.trimmingSpaces()
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
            return .failure(.init(message: "video '\(trimmed)' must be an https URL: a YouTube or Vimeo page or a video file"))
        }
        guard let components = URLComponents(string: trimmed), let host = components.host?.lowercased() else {
            return .failure(.init(message: "'\(trimmed)' is not a valid URL"))
        }
        let pathParts = components.path.split(separator: "/").map(String.init)
        func isVideoID(_ id: String, length: ClosedRange<Int>, allowed: (Character) -> Bool) -> Bool {
            length.contains(id.count) && id.allSatisfy(allowed)
        }
        let youTubeID: (String) -> Bool = { id in
            isVideoID(id, length: 11...11) { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }
        if ["youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com", "youtu.be"].contains(host) {
            var id: String?
            if host == "youtu.be" {
                id = pathParts.first
            } else if pathParts.first == "watch" {
                id = components.queryItems?.first { $0.name == "v" }?.value
            } else if pathParts.count >= 2, ["embed", "shorts", "live", "v"].contains(pathParts[0]) {
                id = pathParts[1]
            }
            guard let id, youTubeID(id) else {
                return .failure(.init(message: "'\(trimmed)' is not the address of a YouTube video (like https://www.youtube.com/watch?v=…)"))
            }
            return .success((.youTube(id: id), trimmed))
        }
        if ["vimeo.com", "www.vimeo.com", "player.vimeo.com"].contains(host) {
            guard let id = pathParts.last(where: { $0.allSatisfy(\.isNumber) }), isVideoID(id, length: 1...12, allowed: \.isNumber) else {
                return .failure(.init(message: "'\(trimmed)' is not the address of a Vimeo video (like https://vimeo.com/76979871)"))
            }
            return .success((.vimeo(id: id), trimmed))
        }
        guard lower.hasPrefix("https://") else {
            return .failure(.init(message: "video '\(trimmed)' must be an https URL"))
        }
        let fileExtension = (components.path as NSString).pathExtension.lowercased()
        guard ["mp4", "webm", "mov", "m4v", "ogv"].contains(fileExtension) else {
            return .failure(.init(message: "video '\(trimmed)' must be a YouTube or Vimeo page or a video file (.mp4, .webm, .mov, .m4v, .ogv)"))
        }
        return .success((.file, trimmed))
    }
}

/// Where a recipe comes from: a credit, a URL, or both.
package struct RecipeSource: Sendable, Hashable {
    package var name: String?
    package var url: String?
}

/// schema.org's `RestrictedDiet` values, which `suitable_for_diet` must name.
package enum RestrictedDiet {
    package static let values = ["DiabeticDiet", "GlutenFreeDiet", "HalalDiet", "HinduDiet", "KosherDiet", "LowCalorieDiet",
                                 "LowFatDiet", "LowLactoseDiet", "LowSaltDiet", "VeganDiet", "VegetarianDiet"]

    /// "vegan", "Gluten-free", "GlutenFreeDiet" → the schema.org value; nil when none matches.
    package static func value(for text: String) -> String? {
        var folded = text.lowercased().filter { $0.isLetter }
        if folded.hasSuffix("diet") { folded.removeLast(4) }
        return values.first { $0.lowercased().dropLast(4) == folded }
    }
}

extension RestrictedDiet {
    /// "GlutenFreeDiet" → "Gluten free", for pages.
    package static func label(of value: String) -> String {
        var words: [String] = []
        for character in value.dropLast(4) {
            if character.isUppercase || words.isEmpty { words.append(String(character)) } else { words[words.count - 1].append(character) }
        }
        return words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.lowercased() }.joined(separator: " ")
    }
}
