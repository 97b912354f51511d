import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryAuthoring
@testable import GalleryContent
@testable import GallerySupport

/// The Mealie fixtures (Tests/Fixtures/import/mealie, made by make.py from the JSON beside it in
/// the layouts Mealie's exporters write) imported, built, and each page's JSON-LD compared field
/// by field with the source rows.
@Suite struct MealieReaderTests {
    static let folder = SchemaOrgImportTests.fixtures.appendingPathComponent("mealie")
    let tests = SchemaOrgImportTests()

    func json(_ name: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.folder.appendingPathComponent(name))) as? [String: Any])
    }

    func table(_ database: [String: Any], _ name: String) -> [[String: Any]] {
        (database[name] as? [[String: Any]]) ?? []
    }

    var photo: Data { (try? Data(contentsOf: Self.folder.appendingPathComponent("original.webp"))) ?? Data() }

    @Test func aV2BackupJoinsItsTablesInPositionOrder() throws {
        let (site, plan, diagnostics) = try tests.importAndBuild([Self.folder.appendingPathComponent("mealie-v2-backup.zip")])
        defer { site.remove() }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(plan.summary == ["2 recipes, 1 photo", "kept under extra: extras.spice_level (1), rating (1)", "not carried: comments (1), timeline events (1)"])
        let database = try json("v2-database.json")
        let row = try #require(table(database, "recipes").first)
        let shakshuka = try tests.builtRecipe(site, slug: "shakshuka")
        #expect(shakshuka["name"] as? String == row["name"] as? String)
        #expect(shakshuka["description"] as? String == "Eggs poached in a spiced tomato & pepper sauce.", "the entity decoded")
        // Rows come shuffled; `position` orders them, and a `title` opens a section.
        #expect(shakshuka["recipeIngredient"] as? [String] == ["2 tbsp olive oil", "800 g tinned tomatoes, drained", "1/2 teaspoon cumin, ground",
                                                              "6 eggs", "Fresh coriander, to serve"])
        let page = try String(contentsOf: site.url.appendingPathComponent("out/recipes/shakshuka/index.html"), encoding: .utf8)
        #expect(page.contains("<h3>For the sauce</h3>") && page.contains("<h3>To finish</h3>"))
        #expect(page.contains(#"<a href="https://example.org/coriander">coriander</a>"#), "Mealie's Markdown link stays a link")
        let sections = try #require(shakshuka["recipeInstructions"] as? [[String: Any]])
        #expect(sections.map { $0["name"] as? String } == ["Sauce", "Eggs"])
        #expect(tests.steps(shakshuka["recipeInstructions"]) == ["Warm the oil and fry the cumin for a minute.", "Add the tomatoes and simmer for 15 minutes.",
                                                                 "Poach: Make six wells, crack in the eggs, cover and cook for 8 minutes."])
        #expect(shakshuka["prepTime"] as? String == "PT15M" && shakshuka["cookTime"] as? String == "PT30M" && shakshuka["totalTime"] as? String == "PT45M")
        #expect(shakshuka["recipeYield"] as? String == "4", "recipe_servings")
        #expect(shakshuka["recipeCategory"] as? String == "Breakfast")
        #expect(shakshuka["recipeCuisine"] as? String == row["recipeCuisine"] as? String)
        #expect(shakshuka["keywords"] as? String == "Vegetarian, Brunch, One pan")
        #expect((shakshuka["tool"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Cast-iron pan"])
        let nutrition = try #require(shakshuka["nutrition"] as? [String: String])
        let sourceNutrition = try #require(table(database, "recipe_nutrition").first)
        #expect(nutrition["calories"] == "\(sourceNutrition["calories"]!) calories" && nutrition["fatContent"] == "\(sourceNutrition["fat_content"]!) g")
        #expect(nutrition["cholesterolContent"] == "280 mg" && nutrition["sodiumContent"] == "640 mg" && nutrition["saturatedFatContent"] == "4 g")
        #expect(((shakshuka["isBasedOn"] as? [String: Any])?["url"] as? String ?? shakshuka["isBasedOn"] as? String) == row["org_url"] as? String)
        #expect(shakshuka["datePublished"] as? String == row["date_added"] as? String)
        #expect(page.contains("Make ahead: The sauce keeps three days in the fridge."))
        // The photo of data/recipes/<dashed id>/images/original.webp, not a thumbnail or the timeline's.
        #expect(try Data(contentsOf: site.url.appendingPathComponent("site/images/shakshuka.webp")) == photo)
        let cookies = try tests.builtRecipe(site, slug: "oat-cookies")
        #expect(cookies["recipeYield"] as? String == "24 cookies", "recipe_yield_quantity with recipe_yield")
        #expect(cookies["prepTime"] == nil, "'none' is Mealie's empty time")
        #expect(cookies["cookTime"] as? String == "PT20M" && cookies["totalTime"] as? String == "PT1H15M")
        #expect(cookies["recipeIngredient"] as? [String] == ["200 g rolled oats", "125 g butter, soft", "100 g brown sugar"], "amounts off: the note alone")
        #expect(cookies["image"] == nil)
    }

    @Test func aV3BackupWithDashedIDsAndTimesInSeconds() throws {
        var source = ImportSource()
        source.read(Self.folder.appendingPathComponent("mealie-v3-backup.zip"), display: "v3.zip", format: nil, slugStyle: .unicode)
        #expect(source.identified == ["v3.zip: a Mealie v1+ backup (database.json at schema revision 27621d27c7e1 of 2026-09-24)"])
        let (site, plan, diagnostics) = try tests.importAndBuild([Self.folder.appendingPathComponent("mealie-v3-backup.zip")])
        defer { site.remove() }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(plan.summary == ["2 recipes, 1 photo", "kept under extra: rating (1), recipe_yield (1)", "not carried: ingredients linking another recipe (2 in 1 recipe)"])
        let row = try #require(table(try json("v3-database.json"), "recipes").first)
        let soup = try tests.builtRecipe(site, slug: "miso-soup")
        #expect(soup["description"] as? String == "A five-minute soup for any evening.", "tags removed")
        #expect(soup["prepTime"] as? String == "PT5M" && soup["cookTime"] as? String == "PT10M" && soup["totalTime"] as? String == "PT15M")
        #expect(soup["recipeYield"] as? String == "2")
        let text = try String(contentsOf: site.url.appendingPathComponent("site/recipes/miso-soup.md"), encoding: .utf8)
        #expect(text.contains("\"recipe_yield\": \"2 bowls\""), "the yield beside the servings is kept")
        // Three name other recipes. The import holds the Dashi: "600 ml" of it is a linked line.
        // A line with a note keeps its words (named after the recipe the backup holds, or its
        // original words when it holds none), and its link is listed as not carried.
        #expect(text.contains("\n  - { recipe: dashi, amount: 600 ml }\n"), "\(text)")
        let page = try String(contentsOf: site.url.appendingPathComponent("out/recipes/miso-soup/index.html"), encoding: .utf8)
        #expect(page.contains(#"600 ml <a href="../../recipes/dashi/index.html">Dashi</a>"#))
        #expect(soup["recipeIngredient"] as? [String] == ["600 ml Dashi", "2 1/2 tablespoon white miso", "silken tofu, in small cubes",
                                                         "1 bowl of rice, to serve", "1 Dashi, if you have no dashi"])
        let dashi = try tests.builtRecipe(site, slug: "dashi")
        #expect(dashi["recipeYield"] as? String == "1 litre" && dashi["totalTime"] as? String == "PT30M")
        #expect(soup["recipeCategory"] as? String == "Soup" && soup["keywords"] as? String == "Quick")
        #expect(soup["datePublished"] as? String == row["date_added"] as? String)
        #expect(try Data(contentsOf: site.url.appendingPathComponent("site/images/miso-soup.webp")) == photo)
    }

    @Test func preVersionOneBackupsInBothSpellings() throws {
        let (site, plan, diagnostics) = try tests.importAndBuild([Self.folder.appendingPathComponent("mealie-v0.5-backup.zip"),
                                                                 Self.folder.appendingPathComponent("mealie-v0.4-backup.zip")])
        defer { site.remove() }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(plan.summary == ["2 recipes, 2 photos", "kept under extra: extras.source_book (1), rating (2)", "not carried: assets (1)"])
        let pancakesSource = try json("v0.5-pancakes.json")
        let pancakes = try tests.builtRecipe(site, slug: "buttermilk-pancakes")
        #expect(pancakes["name"] as? String == pancakesSource["name"] as? String)
        #expect(pancakes["recipeIngredient"] as? [String] == ((pancakesSource["recipe_ingredient"] as? [[String: Any]]) ?? []).compactMap { $0["note"] as? String })
        let page = try String(contentsOf: site.url.appendingPathComponent("out/recipes/buttermilk-pancakes/index.html"), encoding: .utf8)
        #expect(page.contains("<h3>Dry</h3>") && page.contains("<h3>Wet</h3>"))
        #expect(tests.steps(pancakes["recipeInstructions"])[1] == "Fold together; a few lumps are fine.", "'Step 2:' not doubled")
        #expect(pancakes["recipeYield"] as? String == "8 pancakes")
        #expect(pancakes["prepTime"] as? String == "PT10M" && pancakes["cookTime"] as? String == "PT15M" && pancakes["totalTime"] as? String == "PT25M")
        #expect(pancakes["recipeCategory"] as? String == "Breakfast" && pancakes["keywords"] as? String == "Weekend, Kids")
        #expect((pancakes["nutrition"] as? [String: String])?["proteinContent"] == "7 g")
        #expect(page.contains("Buttermilk: Or milk with a spoon of lemon juice."))
        #expect(try Data(contentsOf: site.url.appendingPathComponent("site/images/buttermilk-pancakes.webp")) == photo)
        let gazpachoSource = try json("v0.4-gazpacho.json")
        let gazpacho = try tests.builtRecipe(site, slug: "gazpacho")
        #expect(gazpacho["recipeIngredient"] as? [String] == gazpachoSource["recipeIngredient"] as? [String])
        #expect(gazpacho["recipeYield"] as? String == "4", "'4 Servings'")
        #expect(gazpacho["totalTime"] as? String == "PT2H20M" && gazpacho["prepTime"] as? String == "PT20M")
        #expect(gazpacho["recipeCategory"] as? String == "Soup" && gazpacho["keywords"] as? String == "Summer, vegan")
        #expect((gazpacho["nutrition"] as? [String: String])?["fatContent"] == "14 g")
        #expect(gazpacho["datePublished"] as? String == gazpachoSource["dateAdded"] as? String)
        #expect(((gazpacho["isBasedOn"] as? [String: Any])?["url"] as? String ?? gazpacho["isBasedOn"] as? String) == gazpachoSource["orgURL"] as? String)
        var source = ImportSource()
        source.read(Self.folder.appendingPathComponent("mealie-v0.4-backup.zip"), display: "old.zip", format: nil, slugStyle: .unicode)
        #expect(source.identified == ["old.zip: a Mealie v0.4 backup (recipes/<slug>/<slug>.json, camelCase fields)"])
    }

    /// What an import of `sources` would write, path and bytes.
    func importedFiles(_ sources: [(URL, String)]) -> (files: [String: Data], identified: [String], diagnostics: [Diagnostic]) {
        var source = ImportSource()
        for (url, display) in sources { source.read(url, display: display, format: nil, slugStyle: .unicode) }
        let plan = ImportPlan(source.recipes, ready: source.ready, slugStyle: .unicode, fetch: nil)
        return (Dictionary(uniqueKeysWithValues: plan.files.map { ($0.path, $0.data) }), source.identified, source.diagnostics + plan.diagnostics)
    }

    @Test func anUnzippedBackupReadsAsItsZip() throws {
        for (zip, layout) in [("mealie-v2-backup.zip", "a Mealie v1+ backup (database.json at schema revision b1020f328e98 of 2024-10-23)"),
                              ("mealie-v3-backup.zip", "a Mealie v1+ backup (database.json at schema revision 27621d27c7e1 of 2026-09-24)"),
                              ("mealie-v0.5-backup.zip", "a Mealie v0.5 backup (recipes/<slug>/<slug>.json, snake_case fields)"),
                              ("mealie-v0.4-backup.zip", "a Mealie v0.4 backup (recipes/<slug>/<slug>.json, camelCase fields)")] {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            // Unzipped as a cook's file manager does: every file, thumbnails and hidden ones too.
            for entry in try ArchiveReader.zipEntries(Data(contentsOf: Self.folder.appendingPathComponent(zip))) {
                try folder.write("backup/" + entry.name, entry.data)
            }
            let backup = folder.url.appendingPathComponent("backup")
            #expect(MealieReader.isBackupFolder(backup), "\(zip)")
            let zipped = importedFiles([(Self.folder.appendingPathComponent(zip), zip)])
            let unzipped = importedFiles([(backup, "backup")])
            #expect(zipped.diagnostics.isEmpty && unzipped.diagnostics.isEmpty, "\(zip): \(unzipped.diagnostics)")
            #expect(!unzipped.files.isEmpty)
            #expect(unzipped.files == zipped.files, "\(zip)")
            #expect(unzipped.identified == ["backup: \(layout)"])
            if FileManager.default.fileExists(atPath: backup.appendingPathComponent("database.json").path) {
                // Its database.json named on its own reads the whole backup, photos included.
                let named = importedFiles([(backup.appendingPathComponent("database.json"), "backup/database.json")])
                #expect(named.files == zipped.files, "\(zip)")
                #expect(named.identified == ["backup: \(layout)"])
            }
        }
        // A folder with a database.json but no data/ beside it is not taken for a backup.
        let other = try TemporaryDirectory()
        defer { other.remove() }
        try other.write("site/database.json", "{}")
        #expect(!MealieReader.isBackupFolder(other.url.appendingPathComponent("site")))
    }

    @Test func aRecipeExportWithFoodsUnitsAndObjectTags() throws {
        let (site, plan, diagnostics) = try tests.importAndBuild([Self.folder.appendingPathComponent("yoghurt-flatbreads.zip")])
        defer { site.remove() }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(plan.summary == ["1 recipe, 1 photo"])
        let source = try json("single-flatbread.json")
        let bread = try tests.builtRecipe(site, slug: "yoghurt-flatbreads")
        #expect(bread["name"] as? String == source["name"] as? String && bread["description"] as? String == source["description"] as? String)
        #expect(bread["recipeIngredient"] as? [String] == ["250 g self-raising flour", "250 g Greek yoghurt, thick", "A pinch of salt"])
        #expect(tests.steps(bread["recipeInstructions"]) == ((source["recipe_instructions"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String })
        #expect(bread["recipeYield"] as? String == "6 flatbreads")
        #expect(bread["recipeCategory"] as? String == "Bread" && bread["keywords"] as? String == "Quick, Side")
        #expect((bread["tool"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Frying pan"])
        #expect(bread["cookTime"] as? String == "PT20M" && bread["datePublished"] as? String == "2025-02-14")
        #expect(try Data(contentsOf: site.url.appendingPathComponent("site/images/yoghurt-flatbreads.webp")) == photo)
    }

    @Test func aTornBackupOrANamelessRowIsAnErrorNamingTheEntry() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("torn-backup.zip"))
        #expect(ImportSource.recognise(data) == .mealie)
        let (recipes, diagnostics, _) = MealieReader.recipes(from: data, display: "torn.zip")
        #expect(recipes.isEmpty)
        #expect(diagnostics.count == 1 && diagnostics[0].severity == .error)
        // Cut short at byte 700: the message points at the line it broke off on, not at 1:1.
        #expect(diagnostics[0].description.hasPrefix("torn.zip/database.json:20:"), "\(diagnostics)")
        #expect(ImportSource.recognise(try Data(contentsOf: PaprikaReaderTests.folder.appendingPathComponent("cookbook.paprikarecipes"))) == .paprika)
        let database = MealieDatabase(tables: ["recipes": [["id": "1", "name": NSNull()], ["id": "2", "name": "Toast"]]])
        let rows = database.recipes()
        #expect(rows.map { MealieRecipe.recipe($0.object, origin: "x")?.title } == [nil, "Toast"])
        #expect(MealieReader.recipes(from: Data("PK\u{5}\u{6}".utf8) + Data(count: 18), display: "empty.zip").diagnostics.first?.severity == .error)
    }

    @Test func amountsReadAsACookWritesThem() {
        #expect([0.5, 1.25, 1.0 / 3, 2, 0.125, 600].map(MealieRecipe.amount) == ["1/2", "1 1/4", "1/3", "2", "0.125", "600"])
    }
}
