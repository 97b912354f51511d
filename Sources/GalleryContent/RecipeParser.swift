import Foundation
import GallerySupport

/// Turns a recipe file's text into a `Recipe`, reporting every problem with its position.
package enum RecipeParser {
    /// Front matter keys a recipe understands; anything else draws a warning.
    package static let knownKeys = ["title", "slug", "image", "image_alt", "image_width", "image_height", "summary",
                                   "tags", "glass", "ingredients", "yield", "prep_time", "cook_time", "date",
                                   "author", "weight", "draft", "category", "cuisine", "keywords", "servings",
                                   "total_time", "nutrition", "video", "equipment", "suitable_for_diet", "source", "extra", "image_credit",
                                   "directions", "instructions", "method", "steps"]
    /// Each known key's place in `knownKeys`, for `Recipe.keyLines`' packed form.
    static let knownKeyIndex = Dictionary(uniqueKeysWithValues: knownKeys.enumerated().map { ($0.element, $0.offset) })

    /// Parses one recipe. `sourcePath` is relative to the site folder (`recipes/mojito.md`) and
    /// `displayPath` is how diagnostics name the file.
    package static func parse(_ text: String, sourcePath: String, displayPath: String,
                             slugStyle: SlugStyle = .unicode, fileStem givenStem: String? = nil) -> (Recipe?, [Diagnostic]) {
        let frontMatter: FrontMatter
        do {
            frontMatter = try FrontMatter.parse(text, path: displayPath)
        } catch {
            return (nil, [error])
        }
        var reader = FieldReader(frontMatter.yaml, path: displayPath, what: "front matter")
        let title = reader.requiredText("title")
        // A translation (`mojito.fr.md`) is named after its original.
        let fileStem = givenStem ?? sourcePath.pathLastComponent.pathDeletingExtension
        var slug = fileStem
        if let node = reader.value("slug") {
            if let text = node.scalar {
                slug = Slug.make(from: text, style: slugStyle)
                // `Slug.isValid`, without making the slug twice.
                if text.isEmpty || slug != text {
                    reader.error("invalid slug '\(text)': use \(slugStyle.allowed) (for example '\(slugStyle.example(for: text))')", at: node)
                }
            } else {
                reader.error("'slug' must be text, found \(node.kindName)", at: node)
            }
        } else if case let made = Slug.make(from: fileStem, style: slugStyle), !fileStem.isEmpty, made == fileStem {
            slug = made
        } else {
            reader.error("the file name '\(fileStem)' is not a valid slug: rename the file or set 'slug:' (\(slugStyle.allowed), for example '\(slugStyle.example(for: fileStem))')")
        }
        let image = reader.imageReference("image")
        var imageSize: [Int?] = []
        for key in ["image_width", "image_height"] {
            let value = reader.int(key)
            if let value, value <= 0, let node = reader.value(key) {
                reader.error("'\(key)' must be a positive number of pixels, found \(value)", at: node)
            }
            imageSize.append(value.flatMap { $0 > 0 ? $0 : nil })
        }
        var prepTime: RecipeDuration?
        var cookTime: RecipeDuration?
        for (key, store) in [("prep_time", 0), ("cook_time", 1)] {
            guard let node = reader.value(key) else { continue }
            guard let text = node.scalar, let duration = RecipeDuration(parsing: text) else {
                reader.error("'\(key)' must be a duration such as '5 min' or '1 h 30 min', found '\(node.scalar ?? node.kindName)'", at: node)
                continue
            }
            if store == 0 { prepTime = duration } else { cookTime = duration }
        }
        let date = reader.date("date")
        // Read in the order the fields were always read (the diagnostics come out in it).
        let imageAlt = reader.string("image_alt")
        // With the smart punctuation cmark gives bodies, wherever it is shown.
        let summary = reader.string("summary").map(Typography.smarten)
        let tags = tags(&reader)
        let glass = reader.string("glass")
        let yield = reader.string("yield")
        let author = reader.string("author")
        let weight = reader.int("weight")
        let isDraft = reader.bool("draft") ?? false
        var rare = RareFields()
        let groups = readFields(into: &rare, reader: &reader)
        let (pictures, pictureProblems) = BodyPicture.scan(frontMatter.body, sourcePath: sourcePath,
                                                           bodyLine: frontMatter.bodyLine, displayPath: displayPath)
        rare.bodyPictures = pictures
        // After the front matter's links, which `readFields` collected as it made the lines.
        rare.recipeLinks += RecipeLink.scan(frontMatter.body, bodyLine: frontMatter.bodyLine)
        (rare.imageWidth, rare.imageHeight) = (imageSize[0], imageSize[1])
        let recipe = Recipe(
            slug: slug, title: title ?? "", sourcePath: sourcePath, image: image, imageAlt: imageAlt, summary: summary,
            tags: tags, glass: glass, yield: yield, prepTime: prepTime, cookTime: cookTime, date: date, author: author,
            weight: weight, isDraft: isDraft, body: frontMatter.body, ingredientGroups: groups,
            keyLines: reader.keyLineEntries, rare: rare)
        reader.warnUnknownKeys(in: "front matter", dropped: droppedContent)
        // A picture path that leaves the site folder fails the build but keeps the recipe, so
        // that its other pictures are still checked in the same run.
        let failed = reader.diagnostics.contains { $0.severity == .error }
        return (failed ? nil : recipe, reader.diagnostics + pictureProblems)
    }
}

extension RecipeParser {
    /// `tags:` as a list, or one line of comma-separated tags (`tags: breakfast, baking`, as
    /// Jekyll recipe sites write them); an entry of a list is one tag, commas and all.
    static func tags(_ reader: inout FieldReader) -> [String] {
        reader.tags(splittingCommas: true)
    }
}

/// Checks the paths content files name: relative, inside the site folder, or https URLs.
package enum ImagePath {
    package struct Problem: Error, Sendable {
        package var message: String
    }

    /// Classifies and normalises an `image:` value.
    package static func reference(_ text: String) -> Result<ImageReference, Problem> {
        let trimmed = text.trimmingSpaces()
        let lower = trimmed.lowercased()
        if lower.hasPrefix("https://") {
            guard URL(string: trimmed)?.host != nil else {
                return .failure(Problem(message: "'\(trimmed)' is not a valid https URL"))
            }
            return .success(.remote(trimmed))
        }
        if lower.contains("://") || lower.hasPrefix("data:") || lower.hasPrefix("javascript:") {
            return .failure(Problem(message: "image '\(trimmed)' must be a path inside the site folder or an https URL"))
        }
        return normalise(trimmed).map { .local($0) }
    }

    /// Resolves `.` and `..` in a relative path and refuses one that is absolute or climbs out of
    /// the site folder.
    package static func normalise(_ path: String) -> Result<String, Problem> {
        guard !path.isEmpty else { return .failure(Problem(message: "the image path is empty")) }
        guard !path.hasPrefix("/") && !path.hasPrefix("~") else {
            return .failure(Problem(message: "image path '\(path)' must be relative to the site folder, like 'images/mojito.jpg'"))
        }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else {
                    return .failure(Problem(message: "image path '\(path)' leaves the site folder"))
                }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        guard !parts.isEmpty else { return .failure(Problem(message: "image path '\(path)' names no file")) }
        return .success(parts.joined(separator: "/"))
    }
}
