import Foundation
import GalleryContent
import GallerySupport

/// Mealie's exports, in each form Mealie has written them (from its backup exporters, recipe
/// schema and database migrations; Mealie is AGPL, nothing of it is copied here):
/// - v1.0 (2022) and later backups: `database.json` (every table, with the Alembic revision in
///   `alembic_version`) and `data/recipes/<id>/images/original.webp`;
/// - v0.4 and v0.5 backups: `recipes/<slug>/<slug>.json` (camelCase fields in v0.4, snake_case
///   in v0.5) with `recipes/<slug>/images/original.webp`;
/// - v1+ single-recipe exports: `<slug>.json` and `original.webp` at the top of the ZIP.
package enum MealieReader {
    /// Which of Mealie's forms an archive is in, for the line the import prints.
    package enum Layout: Sendable, Equatable {
        case database(revision: String?)
        case perRecipeFolders(camelCase: Bool)
        case singleRecipe

        package var description: String {
            switch self {
            case .database(let revision?):
                "a Mealie v1+ backup (database.json at schema revision \(revision)\(MealieReader.revisionDates[revision].map { " of \($0)" } ?? ", not one gallerygen knows: read by column names"))"
            case .database(nil): "a Mealie v1+ backup (database.json without a schema revision)"
            case .perRecipeFolders(true): "a Mealie v0.4 backup (recipes/<slug>/<slug>.json, camelCase fields)"
            case .perRecipeFolders(false): "a Mealie v0.5 backup (recipes/<slug>/<slug>.json, snake_case fields)"
            case .singleRecipe: "a Mealie recipe export (<slug>.json with original.webp)"
            }
        }
    }

    /// Schema revisions that changed what a recipe holds, with their dates: the initial v1 tables,
    /// ingredients' original text, households (v2), more nutrition, step summaries, yields as
    /// numbers, referenced recipes, times in seconds. A revision between two of them reads the same.
    static let revisionDates: [String: String] = [
        "6b0f5f32d602": "2022-02-21", "263dd6707191": "2022-03-23", "f1a2dbee5fe9": "2022-03-27", "089bfa50d0ed": "2022-08-13",
        "5ab195a474eb": "2023-02-14", "ba1e4a6cfe99": "2023-10-19", "d7c6efd2de42": "2024-03-18", "feecc8ffb956": "2024-07-12",
        "602927e1013e": "2024-10-01", "3897397b4631": "2024-10-20", "b1020f328e98": "2024-10-23", "1d9a002d7234": "2025-09-10",
        "27621d27c7e1": "2026-09-24",
    ]

    /// Whether a ZIP's entry names are one of Mealie's forms.
    static func layout(of names: [String]) -> Layout? {
        if names.contains(where: { $0 == "database.json" || $0.hasSuffix("/database.json") }) { return .database(revision: nil) }
        if names.contains(where: isPerRecipeJSON) { return .perRecipeFolders(camelCase: false) }
        if names.contains(where: { !$0.contains("/") && $0.lowercased().hasSuffix(".json") }) { return .singleRecipe }
        return nil
    }

    /// `recipes/<slug>/<slug>.json` (or `recipes/<slug>.json`, as v0.3 wrote it).
    static func isPerRecipeJSON(_ name: String) -> Bool {
        let parts = name.split(separator: "/")
        guard let recipes = parts.firstIndex(of: "recipes"), parts.count - recipes <= 3, parts.count - recipes >= 2 else { return false }
        return name.lowercased().hasSuffix(".json") && !parts.contains("templates")
    }

    /// The photo of a recipe folder: `images/original.*`, not the thumbnails beside it.
    static func isOriginalImage(_ name: String) -> Bool {
        let parts = name.split(separator: "/")
        guard parts.count >= 1, let file = parts.last, file.lowercased().hasPrefix("original.") else { return false }
        return parts.count == 1 || parts[parts.count - 2] == "images"
    }

    /// Which files of a backup are read: the JSON, and the photos (thumbnails such as
    /// `min-original.webp`, timeline pictures and assets are left unread).
    static func isKept(_ name: String) -> Bool {
        name.lowercased().hasSuffix(".json") || isOriginalImage(name)
    }

    /// The recipes of a Mealie ZIP; `display` names it in messages.
    package static func recipes(from data: Data, display: String) -> (recipes: [ForeignRecipe], diagnostics: [Diagnostic], layout: Layout?) {
        let entries: [ArchiveReader.Entry]
        do throws(ArchiveReader.Failure) {
            entries = try ArchiveReader.zipEntries(data, keep: isKept)
        } catch {
            return ([], [.error("not a readable ZIP archive: \(error.message)", path: display)], nil)
        }
        guard layout(of: entries.map(\.name)) != nil else {
            return ([], [.error("a ZIP archive that is neither a Paprika export nor a Mealie backup or recipe export (no database.json, recipes/<slug>/<slug>.json or <slug>.json)", path: display)], nil)
        }
        return recipes(from: entries, display: display)
    }

    /// Whether `folder` is an unpacked Mealie backup: `database.json` with `data/` beside it
    /// (v1 and later), or `recipes/<slug>/<slug>.json` (v0.4, v0.5).
    package static func isBackupFolder(_ folder: URL) -> Bool {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: folder.appendingPathComponent("database.json").path) {
            return fileManager.fileExists(atPath: folder.appendingPathComponent("data").path)
        }
        let recipes = folder.appendingPathComponent("recipes")
        let slugs = (try? fileManager.contentsOfDirectory(atPath: recipes.path)) ?? []
        return slugs.contains { slug in
            fileManager.fileExists(atPath: recipes.appendingPathComponent(slug).appendingPathComponent(slug + ".json").path)
        }
    }

    /// The recipes of an unpacked backup (the folder its ZIP unzips to), read as the ZIP would
    /// be, within the same limits.
    package static func recipes(inFolder folder: URL, display: String) -> (recipes: [ForeignRecipe], diagnostics: [Diagnostic], layout: Layout?) {
        var entries: [ArchiveReader.Entry] = []
        var total = 0
        let names = ((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []).sorted()
        for name in names where isKept(name) && !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            guard entries.count < ArchiveReader.maximumEntries else {
                return ([], [.error("the backup holds more than \(ArchiveReader.maximumEntries) files to read", path: display)], nil)
            }
            do throws(SiteFile.Failure) {
                let data = try SiteFile.read(url, upTo: ArchiveReader.maximumEntryBytes + 1)
                total += data.count
                guard data.count <= ArchiveReader.maximumEntryBytes, total <= ArchiveReader.maximumTotalBytes else {
                    return ([], [.error("the backup's files are larger than any recipe backup (over \(ArchiveReader.maximumEntryBytes / 1_048_576) MB in one file or \(ArchiveReader.maximumTotalBytes / 1_073_741_824) GB in all)", path: (display as NSString).appendingPathComponent(name))], nil)
                }
                entries.append(ArchiveReader.Entry(name: name, data: data))
            } catch {
                return ([], [.error("the file \(error.message)", path: (display as NSString).appendingPathComponent(name))], nil)
            }
        }
        guard layout(of: entries.map(\.name)) != nil else {
            return ([], [.error("not a Mealie backup (no database.json or recipes/<slug>/<slug>.json)", path: display)], nil)
        }
        return recipes(from: entries, display: display)
    }

    /// The recipes of a backup's files (from a ZIP or a folder), whose names say its layout.
    static func recipes(from entries: [ArchiveReader.Entry], display: String) -> (recipes: [ForeignRecipe], diagnostics: [Diagnostic], layout: Layout?) {
        guard var layout = layout(of: entries.map(\.name)) else { return ([], [], nil) }
        var recipes: [ForeignRecipe] = []
        var diagnostics: [Diagnostic] = []
        var images: [String: Data] = [:]
        for entry in entries where isOriginalImage(entry.name) {
            images[(entry.name as NSString).deletingLastPathComponent] = entry.data
        }
        func object(_ entry: ArchiveReader.Entry) -> Any? {
            do throws(LenientJSON.Failure) {
                return try LenientJSON.parse(SourceTextDecoding.decode(entry.data))
            } catch {
                diagnostics.append(.error("not readable JSON: \(error.message)", path: "\(display)/\(entry.name)", line: error.line, column: error.column))
                return nil
            }
        }
        switch layout {
        case .database:
            guard let entry = entries.first(where: { $0.name == "database.json" || $0.name.hasSuffix("/database.json") }),
                  let value = object(entry) else { break }
            let origin = "\(display)/\(entry.name)"
            guard let tables = value as? [String: Any], tables["recipes"] is [Any] else {
                diagnostics.append(.error("database.json has no recipes table: not a Mealie backup gallerygen can read", path: origin))
                break
            }
            let database = MealieDatabase(tables: tables)
            layout = .database(revision: database.revision)
            let byKey = Dictionary(images.map { (MealieDatabase.key(($0.key as NSString).deletingLastPathComponent.split(separator: "/").last.map(String.init)) ?? "", $0.value) },
                                   uniquingKeysWith: { first, _ in first })
            for (index, (id, row)) in database.recipes().enumerated() {
                guard var recipe = MealieRecipe.recipe(row, origin: origin) else {
                    diagnostics.append(.error("recipe \(index + 1) of the recipes table has no name", path: origin))
                    continue
                }
                recipe.origin = "\(origin) (recipe '\(recipe.title)')"
                if let id, let photo = byKey[id] { recipe.photo = .data(photo) }
                recipes.append(recipe)
            }
        case .perRecipeFolders, .singleRecipe:
            var camelCase = false
            for entry in entries where entry.name.lowercased().hasSuffix(".json") {
                if case .perRecipeFolders = layout, !isPerRecipeJSON(entry.name) { continue }
                if case .singleRecipe = layout, entry.name.contains("/") { continue }
                guard let value = object(entry) else { continue }
                let origin = "\(display)/\(entry.name)"
                guard let row = value as? [String: Any], var recipe = MealieRecipe.recipe(row, origin: origin) else {
                    diagnostics.append(.error("not a Mealie recipe (a JSON object with a name)", path: origin))
                    continue
                }
                camelCase = camelCase || row["recipeIngredient"] != nil || row["orgURL"] != nil || row["dateAdded"] != nil
                let folder = (entry.name as NSString).deletingLastPathComponent
                if let photo = images[(folder as NSString).appendingPathComponent("images")] ?? (folder.isEmpty ? images[""] : nil) {
                    recipe.photo = .data(photo)
                }
                recipes.append(recipe)
            }
            if case .perRecipeFolders = layout { layout = .perRecipeFolders(camelCase: camelCase) }
        }
        if recipes.isEmpty && diagnostics.isEmpty {
            diagnostics.append(.error("\(layout.description) that holds no recipes", path: display))
        }
        return (recipes, diagnostics, layout)
    }
}
