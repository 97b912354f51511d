import Foundation
import GalleryContent
import GallerySupport

/// What an import will write: each recipe's file and photo (`images/<slug>.<ext>`, named after
/// the recipe), slugs unique among themselves, every photo checked to be a picture, and the
/// summary the command prints at the end. Photos known only by address are downloaded here
/// (`fetch`), unless `--no-download`.
package struct ImportPlan: Sendable {
    package var files: [ImportFile] = []
    package var diagnostics: [Diagnostic] = []
    /// The recipes, by title, in the order they are written.
    package var titles: [String] = []
    package var photoCount = 0
    /// For each source field that could not be carried, the recipes that had it.
    package var uncarried: [String: Int] = [:]
    /// For each field kept under `extra:`, the recipes that had it.
    package var kept: [String: Int] = [:]

    /// A photo's address and what to do with it: nil skips downloads (`--no-download`).
    package typealias Fetch = @Sendable (String) -> PhotoFetcher.Outcome

    package init(_ recipes: [ForeignRecipe], ready: [PlistImport.ImportedRecipe] = [], slugStyle: SlugStyle,
                 fetch: Fetch?, maximumPhotoBytes: Int = 25 * 1024 * 1024) {
        var used: Set<String> = []
        for recipe in ready {
            used.insert(recipe.slug)
            files.append(ImportFile(path: recipe.path, data: Data(recipe.text.utf8)))
            titles.append(recipe.title)
        }
        // Downloads run in parallel; everything else in order, so the output is the same each run.
        let photos: [PhotoFetcher.Outcome?] = concurrentMap(count: recipes.count) { index in
            guard let fetch, case .remote(let address)? = recipes[index].photo else { return nil }
            return fetch(address)
        }
        for (index, recipe) in recipes.enumerated() {
            var slug = Slug.make(from: recipe.title, style: slugStyle)
            if slug.isEmpty { slug = "recipe-\(index + 1)" }
            if used.contains(slug) {
                var number = 2
                while used.contains("\(slug)-\(number)") { number += 1 }
                diagnostics.append(.warning("another recipe of this import is also called '\(recipe.title)'; this one becomes '\(slug)-\(number)'",
                                            path: recipe.origin, line: recipe.line, column: recipe.column))
                slug = "\(slug)-\(number)"
            }
            guard "\(slug).md".utf8.count <= PlistImport.maximumFileNameBytes else {
                diagnostics.append(.error("the name '\(recipe.title.prefix(40))…' makes a file name longer than \(PlistImport.maximumFileNameBytes) bytes; shorten it",
                                          path: recipe.origin, line: recipe.line, column: recipe.column))
                continue
            }
            used.insert(slug)
            var image: String?
            var bytes: Data?
            switch recipe.photo {
            case .data(let data)?:
                bytes = data
            case .file(let url)?:
                do throws(SiteFile.Failure) {
                    bytes = try SiteFile.read(url, upTo: maximumPhotoBytes + 1)
                } catch {
                    diagnostics.append(.warning("the photo \(url.lastPathComponent) cannot be read (\(error.message)); the recipe is imported without it",
                                                path: recipe.origin, line: recipe.line, column: recipe.column))
                }
            case .remote(let address)?:
                switch photos[index] {
                case .photo(let data)?:
                    bytes = data
                case .failed(let reason)?:
                    image = address.lowercased().hasPrefix("https://") ? address : nil
                    diagnostics.append(.warning("the photo \(address) was not downloaded: \(reason); "
                                                + (image == nil ? "the recipe is imported without it" : "the recipe shows it from its address"),
                                                path: recipe.origin, line: recipe.line, column: recipe.column))
                case nil:
                    image = address.lowercased().hasPrefix("https://") ? address : nil
                    if image == nil {
                        diagnostics.append(.warning("the photo \(address) is not https and was not downloaded (--no-download); the recipe is imported without it",
                                                    path: recipe.origin, line: recipe.line, column: recipe.column))
                    }
                }
            case nil:
                break
            }
            if let data = bytes {
                if data.count > maximumPhotoBytes {
                    diagnostics.append(.warning("the photo is over \(maximumPhotoBytes / 1_048_576) MB; the recipe is imported without it",
                                                path: recipe.origin, line: recipe.line, column: recipe.column))
                } else if case .success(let info) = ImageProbe.probe(data), info.format != .svg {
                    let name = "images/\(slug).\(info.format == .jpeg ? "jpg" : info.format.rawValue)"
                    files.append(ImportFile(path: name, data: data))
                    image = name
                    photoCount += 1
                } else {
                    diagnostics.append(.warning("the photo is not a JPEG, PNG, GIF or WebP picture; the recipe is imported without it",
                                                path: recipe.origin, line: recipe.line, column: recipe.column))
                }
            }
            let text = recipe.recipeText(image: image, slugStyle: slugStyle)
            let (_, problems) = RecipeParser.parse(text, sourcePath: "recipes/\(slug).md", displayPath: "recipes/\(slug).md", slugStyle: slugStyle)
            let errors = problems.filter { $0.severity == .error }
            guard errors.isEmpty else {
                for problem in errors {
                    diagnostics.append(.error("the recipe made from it would not build: \(problem.message)", path: recipe.origin, line: recipe.line, column: recipe.column))
                }
                continue
            }
            files.append(ImportFile(path: "recipes/\(slug).md", data: Data(text.utf8)))
            titles.append(recipe.title)
            for field in recipe.uncarried { uncarried[field, default: 0] += 1 }
            for field in recipe.extra.keys { kept[field, default: 0] += 1 }
        }
    }

    /// The closing summary: recipes and photos, then per field what went under `extra:` and what
    /// could not be carried, each with the number of recipes.
    package var summary: [String] {
        let recipeCount = files.filter { $0.path.hasPrefix("recipes/") }.count
        var lines = ["\(recipeCount) recipe\(recipeCount == 1 ? "" : "s"), \(photoCount) photo\(photoCount == 1 ? "" : "s")"]
        if !kept.isEmpty {
            lines.append("kept under extra: " + kept.keys.sorted().map { "\($0) (\(kept[$0]!))" }.joined(separator: ", "))
        }
        if !uncarried.isEmpty {
            lines.append("not carried: " + uncarried.keys.sorted().map { "\($0) (\(uncarried[$0]!))" }.joined(separator: ", "))
        }
        return lines
    }
}
