import Foundation
import GalleryContent
import GallerySupport

/// The formats `import` reads, each recognised from content (`--from` forces one).
package enum ImportFormat: String, Sendable, CaseIterable {
    /// schema.org Recipe JSON-LD: a saved HTML page, or a JSON file of one Recipe or an array.
    case schema
    /// A Nextcloud Cookbook folder: `<Name>/recipe.json` (schema.org) with `full.jpg` beside it.
    case nextcloud
    /// Paprika's `.paprikarecipes` export (a ZIP of gzip'd JSON), or one `.paprikarecipe`.
    case paprika
    /// Mealie's backup ZIP (v0.4, v0.5, and v1 or later with `database.json`), unpacked or not,
    /// or a recipe export ZIP.
    case mealie
    /// Cooklang `.cook` files, with `Name.jpg` (and step pictures `Name.N.jpg`) beside them.
    case cooklang
    /// Another static site's recipe pages: Jekyll's chowdown theme, Hugo recipe themes.
    case jekyll
    /// The seed iOS app's `DrinkList.plist` (XML or binary).
    case plist

    /// One line for `--help`: what it reads, and an example.
    package var help: (what: String, example: String) {
        switch self {
        case .schema: ("schema.org Recipe JSON-LD: a saved recipe page (.html), or a .json file of a Recipe or an array of them",
                       "gallerygen import saved/lasagne.html recipes.json")
        case .nextcloud: ("a Nextcloud Cookbook folder: one folder per recipe with recipe.json and full.jpg (or one such folder)",
                          "gallerygen import ~/Nextcloud/Recipes")
        case .paprika: ("Paprika's export (.paprikarecipes: photos, categories, notes, free-text times), or one .paprikarecipe",
                        "gallerygen import ~/Desktop/My\\ Recipes.paprikarecipes")
        case .mealie: ("Mealie's backup ZIP, or the folder it unzips to (v1 and later: database.json and data/recipes/<id>/images; v0.4 and v0.5: recipes/<slug>/<slug>.json), or one recipe's export ZIP (<slug>.json, original.webp)",
                       "gallerygen import mealie_2026.09.30.zip")
        case .cooklang: ("Cooklang .cook files (a file, or a folder of them): @ingredients{}, #cookware{}, ~timers{}, sections, metadata; Name.jpg beside each is its photo, Name.N.jpg the picture of step N (from 0)",
                         "gallerygen import ~/recipes/*.cook")
        case .jekyll: ("another static site's recipe pages (Markdown with ingredients and directions in front matter: Jekyll's chowdown, Hugo recipe themes), with their pictures",
                       "gallerygen import ~/my-jekyll-site/_recipes")
        case .plist: ("the seed app's DrinkList.plist (XML or binary)", "gallerygen import DrinkList.plist")
        }
    }
}

/// Reads the sources named on the command line into recipes, reporting what it cannot read with
/// the file (and line) and going on to the next source, so one run lists every problem.
package struct ImportSource: Sendable {
    package var recipes: [ForeignRecipe] = []
    /// Recipes of the seed app's plist, already written as recipe files.
    package var ready: [PlistImport.ImportedRecipe] = []
    package var diagnostics: [Diagnostic] = []
    /// What versioned sources were read as ("mealie.zip: a Mealie v1+ backup (…)"), for the summary.
    package var identified: [String] = []

    /// The largest source file read, in bytes (a saved page or an export).
    static let maximumFileBytes = 256 * 1024 * 1024

    package init() {}

    /// Reads `url` (a file or a folder), named `display` in messages, as `format` or as its content says.
    package mutating func read(_ url: URL, display: String, format: ImportFormat?, slugStyle: SlugStyle) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            diagnostics.append(.error("cannot read it (does it exist?)", path: display))
            return
        }
        if isDirectory.boolValue {
            readFolder(url, display: display, format: format, slugStyle: slugStyle)
            return
        }
        // An unpacked backup's database.json names the whole backup (its photos are beside it).
        if format == nil || format == .mealie, url.lastPathComponent == "database.json",
           MealieReader.isBackupFolder(url.deletingLastPathComponent()) {
            readMealieFolder(url.deletingLastPathComponent(), display: (display as NSString).deletingLastPathComponent)
            return
        }
        let data: Data
        do throws(SiteFile.Failure) {
            data = try SiteFile.read(url, upTo: Self.maximumFileBytes + 1)
        } catch {
            diagnostics.append(.error("the file \(error.message)", path: display))
            return
        }
        guard data.count <= Self.maximumFileBytes else {
            diagnostics.append(.error("the file is over \(Self.maximumFileBytes / 1_048_576) MB, more than any recipe export", path: display))
            return
        }
        // A .cook file is plain text: its name says what it is.
        let recognised = url.pathExtension.lowercased() == "cook" ? .cooklang : Self.recognise(data)
        switch format ?? recognised {
        case .cooklang?:
            readCooklang(data, url: url, display: display)
        case .jekyll?:
            do throws(Diagnostic) {
                recipes.append(try StaticSiteReader.recipe(SourceTextDecoding.decode(data), url: url, origin: display))
            } catch {
                diagnostics.append(error)
            }
        case .plist?:
            let (plistRecipes, problems) = PlistImport.recipes(from: data, displayPath: display, slugStyle: slugStyle)
            ready += plistRecipes
            diagnostics += problems
        case .mealie?:
            let (mealieRecipes, problems, layout) = MealieReader.recipes(from: data, display: display)
            recipes += mealieRecipes
            diagnostics += problems
            if let layout { identified.append("\(display): \(layout.description)") }
        case .paprika?:
            let (paprikaRecipes, problems) = PaprikaReader.recipes(from: data, display: display)
            recipes += paprikaRecipes
            diagnostics += problems
        case .schema?, .nextcloud?:
            readSchema(data, display: display, folder: url.deletingLastPathComponent())
        case nil:
            diagnostics.append(.error("not a format gallerygen imports (\(ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))); name one with --from if it is one of them", path: display))
        }
    }

    /// The format `data` is in, from its first bytes; nil when none.
    package static func recognise(_ data: Data) -> ImportFormat? {
        if ArchiveReader.isGzip(data) { return .paprika }
        if ArchiveReader.isZip(data) {
            // Each local file header names its entry, and the central directory at the end names
            // them all: a Paprika export's end in .paprikarecipe; any other ZIP is read as Mealie's.
            let marker = Data(".paprikarecipe".utf8)
            let isPaprika = data.prefix(64 * 1024).range(of: marker) != nil || data.suffix(4 * 1024 * 1024).range(of: marker) != nil
            return isPaprika ? .paprika : .mealie
        }
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        if StaticSiteReader.isRecipePage(String(decoding: data.prefix(64 * 1024), as: UTF8.self)) { return .jekyll }
        if data.starts(with: Array("bplist".utf8)) || (head.contains("<plist") && head.contains("<?xml")) { return .plist }
        let start = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("{") || start.hasPrefix("[") { return .schema }
        let lower = head.lowercased()
        if lower.contains("<html") || lower.contains("<!doctype html") || lower.contains("application/ld+json") { return .schema }
        return nil
    }

    /// A folder: a Nextcloud Cookbook recipe folder (`recipe.json`), a folder of them, or a
    /// folder of files each read as its content says.
    mutating func readFolder(_ url: URL, display: String, format: ImportFormat?, slugStyle: SlugStyle) {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: url.appendingPathComponent("recipe.json").path) {
            readNextcloud(url, display: display)
            return
        }
        if format == .mealie || (format == nil && MealieReader.isBackupFolder(url)) {
            readMealieFolder(url, display: display)
            return
        }
        let names = ((try? fileManager.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        var readAny = false
        for name in names {
            let entry = url.appendingPathComponent(name)
            let entryDisplay = (display as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: entry.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if ["_recipes", "recipes", "_components", "_posts"].contains(name) {
                    readFolder(entry, display: entryDisplay, format: format, slugStyle: slugStyle)
                    readAny = true
                } else if fileManager.fileExists(atPath: entry.appendingPathComponent("recipe.json").path) {
                    readNextcloud(entry, display: entryDisplay)
                    readAny = true
                }
                continue
            }
            let lower = name.lowercased()
            guard [".html", ".htm", ".json", ".jsonld", ".plist", ".paprikarecipes", ".paprikarecipe", ".zip", ".cook", ".md", ".markdown"].contains(where: { lower.hasSuffix($0) }) else { continue }
            if (lower.hasSuffix(".md") || lower.hasSuffix(".markdown")) && format == nil,
               !StaticSiteReader.isRecipePage(SourceTextDecoding.decode((try? SiteFile.read(entry, upTo: 64 * 1024)) ?? Data())) {
                continue // a page that is not a recipe (about.md, a README)
            }
            read(entry, display: entryDisplay, format: format, slugStyle: slugStyle)
            readAny = true
        }
        if !readAny {
            diagnostics.append(.error("the folder holds nothing to import (recipe pages, .json files, Nextcloud Cookbook folders with recipe.json)", path: display))
        }
    }

    /// An unpacked Mealie backup: the folder its ZIP unzips to.
    mutating func readMealieFolder(_ url: URL, display: String) {
        let (mealieRecipes, problems, layout) = MealieReader.recipes(inFolder: url, display: display.isEmpty ? "." : display)
        recipes += mealieRecipes
        diagnostics += problems
        if let layout { identified.append("\(display.isEmpty ? "." : display): \(layout.description)") }
    }

    /// A `.cook` file, its photo `Name.jpg` (or `.jpeg`, `.png`) beside it, and the pictures of
    /// its steps `Name.N.jpg` (N counting steps from 0, as cooklang.org's specification names them).
    mutating func readCooklang(_ data: Data, url: URL, display: String) {
        let name = url.deletingPathExtension().lastPathComponent
        do throws(Diagnostic) {
            var recipe = try CooklangReader.recipe(SourceTextDecoding.decode(data), name: name, origin: display)
            let folder = url.deletingLastPathComponent()
            let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if let photo = ["jpg", "jpeg", "png", "JPG", "PNG"].map({ "\(name).\($0)" }).first(where: siblings.contains) {
                recipe.photo = .file(folder.appendingPathComponent(photo))
            }
            for sibling in siblings.sorted() where sibling.hasPrefix(name + ".")
                && ["jpg", "jpeg", "png"].contains((sibling as NSString).pathExtension.lowercased()) {
                guard let step = Int(((sibling.dropFirst(name.count + 1)) as NSString).deletingPathExtension), step >= 0, step < 10_000,
                      !recipe.stepPictures.contains(where: { $0.step == step }) else { continue }
                recipe.stepPictures.append(.init(step: step, photo: .file(folder.appendingPathComponent(sibling))))
            }
            recipe.stepPictures.sort { $0.step < $1.step }
            recipes.append(recipe)
        } catch {
            diagnostics.append(error)
        }
    }

    /// One Nextcloud Cookbook recipe folder: `recipe.json`, and `full.jpg` as its photo.
    mutating func readNextcloud(_ folder: URL, display: String) {
        let json = folder.appendingPathComponent("recipe.json")
        let jsonDisplay = (display as NSString).appendingPathComponent("recipe.json")
        let data: Data
        do throws(SiteFile.Failure) {
            data = try SiteFile.read(json, upTo: Self.maximumFileBytes)
        } catch {
            diagnostics.append(.error("the file \(error.message)", path: jsonDisplay))
            return
        }
        let before = recipes.count
        readSchema(data, display: jsonDisplay, folder: folder)
        let photo = folder.appendingPathComponent("full.jpg")
        for index in before..<recipes.count where FileManager.default.fileExists(atPath: photo.path) {
            recipes[index].photo = .file(photo)
        }
    }

    /// JSON or an HTML page: every Recipe object of every JSON-LD script.
    package mutating func readSchema(_ data: Data, display: String, folder: URL) {
        let text = SourceTextDecoding.decode(data)
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        let scripts: [JSONLDScripts.Script] = trimmed.hasPrefix("{") || trimmed.hasPrefix("[")
            ? [JSONLDScripts.Script(text: text, line: 1)] : JSONLDScripts.scripts(in: text)
        guard !scripts.isEmpty else {
            diagnostics.append(.error("the page has no schema.org JSON-LD (<script type=\"application/ld+json\">); save the recipe's own page", path: display))
            return
        }
        var found = 0
        var unreadable: [Diagnostic] = []
        for script in scripts {
            let value: Any
            do throws(LenientJSON.Failure) {
                value = try LenientJSON.parse(script.text)
            } catch {
                unreadable.append(.error("the JSON-LD cannot be read: \(error.message)", path: display,
                                         line: script.line + error.line - 1, column: error.column))
                continue
            }
            for (index, object) in SchemaOrgReader.recipeObjects(in: value).enumerated() {
                guard var recipe = SchemaOrgReader.recipe(from: object, origin: display) else {
                    diagnostics.append(.error("recipe \(index + 1) has no name", path: display, line: script.line, column: 1))
                    continue
                }
                recipe.line = script.line
                recipe.column = 1
                if case .remote(let address)? = recipe.photo, !address.contains("://") {
                    // A relative picture (a Nextcloud export's "full.jpg", a page saved with its files).
                    recipe.photo = .file(folder.appendingPathComponent(address))
                }
                recipes.append(recipe)
                found += 1
            }
        }
        if found == 0 {
            diagnostics += unreadable.isEmpty
                ? [.error("no schema.org Recipe here (\(scripts.count) JSON-LD block\(scripts.count == 1 ? "" : "s") read)", path: display)]
                : unreadable
        } else {
            // Other blocks of a page that could not be read do not stop its recipe.
            diagnostics += unreadable.map { .warning($0.message, path: $0.path, line: $0.line, column: $0.column) }
        }
    }
}

/// Bytes of a foreign file as text: UTF-8 (a byte-order mark dropped), else Latin-1, which old
/// saved pages use; never a failure.
enum SourceTextDecoding {
    static func decode(_ data: Data) -> String {
        if let text = String(data: data, encoding: .utf8) { return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text }
        return String(data: data, encoding: .isoLatin1) ?? String(decoding: data, as: UTF8.self)
    }
}
