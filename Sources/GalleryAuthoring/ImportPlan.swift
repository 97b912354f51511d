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
    /// Pictures of single steps written (Cooklang's `Name.N.jpg`).
    package var stepPictureCount = 0
    /// For each source field that could not be carried, the recipes that had it and the items
    /// they held together.
    package var uncarried: [String: (recipes: Int, items: Int)] = [:]
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
        // Every recipe's slug first, so a recipe can link another of the import by its title.
        var slugs: [(slug: String, renamed: Bool)?] = []
        for (index, recipe) in recipes.enumerated() {
            var slug = Slug.make(from: recipe.title, style: slugStyle)
            if slug.isEmpty { slug = "recipe-\(index + 1)" }
            var renamed = false
            if used.contains(slug) {
                var number = 2
                while used.contains("\(slug)-\(number)") { number += 1 }
                slug = "\(slug)-\(number)"
                renamed = true
            }
            guard "\(slug).md".utf8.count <= PlistImport.maximumFileNameBytes else {
                slugs.append(nil)
                continue
            }
            used.insert(slug)
            slugs.append((slug, renamed))
        }
        var slugByTitle: [String: String] = [:]
        for (recipe, planned) in zip(recipes, slugs) {
            guard let planned else { continue }
            let key = Self.titleKey(recipe.title)
            if slugByTitle[key] == nil { slugByTitle[key] = planned.slug }
        }
        for (index, var recipe) in recipes.enumerated() {
            guard let (slug, renamed) = slugs[index] else {
                diagnostics.append(.error("the name '\(recipe.title.prefix(40))…' makes a file name longer than \(PlistImport.maximumFileNameBytes) bytes; shorten it",
                                          path: recipe.origin, line: recipe.line, column: recipe.column))
                continue
            }
            if renamed {
                diagnostics.append(.warning("another recipe of this import is also called '\(recipe.title)'; this one becomes '\(slug)'",
                                            path: recipe.origin, line: recipe.line, column: recipe.column))
            }
            var linkedRecipes: [String] = []
            var unlinked: [String] = []
            for name in recipe.components {
                if let target = slugByTitle[Self.titleKey(name)], target != slug {
                    if !linkedRecipes.contains(target) { linkedRecipes.append(target) }
                } else {
                    unlinked.append(name)
                }
            }
            if !unlinked.isEmpty { recipe.extra["components"] = unlinked.joined(separator: ", ") }
            // Lines naming another recipe: linked when this import holds it and the line can
            // carry the link (LinkedLine.fits); else their words stay.
            let flat = FrontMatterWriter.isFlat(recipe.ingredients)
            var linkedLines: [FrontMatterWriter.LinkedLine] = []
            for link in recipe.ingredientLinks {
                if let target = slugByTitle[Self.titleKey(link.title)], target != slug,
                   FrontMatterWriter.LinkedLine.fits(amount: link.amount, flat: flat) {
                    linkedLines.append(.init(group: link.group, line: link.line, slug: target, amount: link.amount))
                } else {
                    recipe.uncarried[ForeignRecipe.unlinkedIngredientsKey, default: 0] += 1
                }
            }
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
            if let data = bytes, let name = picture(data, named: slug, maximumBytes: maximumPhotoBytes, of: recipe, what: "the photo") {
                image = name
                photoCount += 1
            }
            var stepImages: [(step: Int, path: String)] = []
            for stepPicture in recipe.stepPictures {
                let what = "the picture of step \(stepPicture.step + 1)"
                var data: Data?
                switch stepPicture.photo {
                case .data(let bytes): data = bytes
                case .file(let url):
                    do throws(SiteFile.Failure) {
                        data = try SiteFile.read(url, upTo: maximumPhotoBytes + 1)
                    } catch {
                        diagnostics.append(.warning("\(what) (\(url.lastPathComponent)) cannot be read (\(error.message)); the recipe is imported without it",
                                                    path: recipe.origin, line: recipe.line, column: recipe.column))
                    }
                case .remote: break
                }
                if let data, let name = picture(data, named: "\(slug)-step-\(stepPicture.step + 1)", maximumBytes: maximumPhotoBytes, of: recipe, what: what) {
                    stepImages.append((stepPicture.step, name))
                    stepPictureCount += 1
                }
            }
            let text = recipe.recipeText(image: image, stepImages: stepImages, linkedRecipes: linkedRecipes,
                                         linkedLines: linkedLines, slugStyle: slugStyle)
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
            for (field, items) in recipe.uncarried {
                let before = uncarried[field] ?? (0, 0)
                uncarried[field] = (before.recipes + 1, before.items + items)
            }
            for field in recipe.extra.keys { kept[field, default: 0] += 1 }
        }
    }

    /// `data` checked to be a picture no larger than the cap, added as `images/<name>.<ext>`; its
    /// path, or nil (with a warning saying the recipe is imported without it).
    /// A title as a link names it: case and surrounding spaces aside ("Maple syrup" is "Maple Syrup").
    static func titleKey(_ title: String) -> String {
        title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    private mutating func picture(_ data: Data, named name: String, maximumBytes: Int, of recipe: ForeignRecipe, what: String) -> String? {
        if data.count > maximumBytes {
            diagnostics.append(.warning("\(what) is over \(maximumBytes / 1_048_576) MB; the recipe is imported without it",
                                        path: recipe.origin, line: recipe.line, column: recipe.column))
        } else if case .success(let info) = ImageProbe.probe(data), info.format != .svg {
            let path = "images/\(name).\(info.format == .jpeg ? "jpg" : info.format.rawValue)"
            files.append(ImportFile(path: path, data: data))
            return path
        } else {
            diagnostics.append(.warning("\(what) is not a JPEG, PNG, GIF or WebP picture; the recipe is imported without it",
                                        path: recipe.origin, line: recipe.line, column: recipe.column))
        }
        return nil
    }

    /// The closing summary: recipes and photos, then per field what went under `extra:` and what
    /// could not be carried, each with the number of recipes.
    package var summary: [String] {
        let recipeCount = files.filter { $0.path.hasPrefix("recipes/") }.count
        var lines = ["\(recipeCount) recipe\(recipeCount == 1 ? "" : "s"), \(photoCount) photo\(photoCount == 1 ? "" : "s")"
                     + (stepPictureCount > 0 ? ", \(stepPictureCount) step picture\(stepPictureCount == 1 ? "" : "s")" : "")]
        if !kept.isEmpty {
            lines.append("kept under extra: " + kept.keys.sorted().map { "\($0) (\(kept[$0]!))" }.joined(separator: ", "))
        }
        if !uncarried.isEmpty {
            // "review (3 in 2 recipes)": items and recipes, each once; "(1)" when one recipe had one.
            lines.append("not carried: " + uncarried.keys.sorted().map { field in
                let (recipes, items) = uncarried[field]!
                return items == recipes ? "\(field) (\(recipes))" : "\(field) (\(items) in \(recipes) recipe\(recipes == 1 ? "" : "s"))"
            }.joined(separator: ", "))
        }
        return lines
    }
}
