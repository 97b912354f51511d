import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryAuthoring
@testable import GalleryContent
import GalleryKit
@testable import GallerySupport

/// The schema.org fixtures (Tests/Fixtures/import) imported, built, and each built page's JSON-LD
/// compared field by field with the source's.
@Suite struct SchemaOrgImportTests {
    static let fixtures = Repository.fixtures.appendingPathComponent("import")

    /// Imports `sources` into a new site and builds it; the site folder and the build's output.
    func importAndBuild(_ sources: [URL], fetch: ImportPlan.Fetch? = nil) throws -> (TemporaryDirectory, ImportPlan, [Diagnostic]) {
        let folder = try TemporaryDirectory()
        try folder.write("site/site.yml", "title: Imported\nbase_url: https://imported.example/\n")
        var source = ImportSource()
        for url in sources { source.read(url, display: url.lastPathComponent, format: nil, slugStyle: .unicode) }
        let plan = ImportPlan(source.recipes, ready: source.ready, slugStyle: .unicode, fetch: fetch)
        let site = folder.url.appendingPathComponent("site")
        _ = try ImportWriter.write(plan.files, to: site, displayRoot: "site", force: false)
        _ = try SiteBuilder(options: BuildOptions(siteDirectory: site, outputDirectory: folder.url.appendingPathComponent("out"),
                                                  themeDirectory: Repository.templates)).build()
        return (folder, plan, source.diagnostics + plan.diagnostics)
    }

    /// The Recipe JSON-LD of a built page.
    func builtRecipe(_ folder: TemporaryDirectory, slug: String) throws -> [String: Any] {
        let page = try String(contentsOf: folder.url.appendingPathComponent("out/recipes/\(slug)/index.html"), encoding: .utf8)
        let scripts = JSONLDScripts.scripts(in: page)
        let objects = try scripts.flatMap { SchemaOrgReader.recipeObjects(in: try LenientJSON.parse($0.text)) }
        return try #require(objects.first)
    }

    func source(_ name: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
        let scripts = name.hasSuffix(".html") ? JSONLDScripts.scripts(in: text) : [JSONLDScripts.Script(text: text, line: 1)]
        return try scripts.flatMap { SchemaOrgReader.recipeObjects(in: try LenientJSON.parse($0.text)) }
    }

    func steps(_ value: Any?) -> [String] {
        if let text = value as? String { return ImportedText.lines(text).map { RecipeParser.withoutStepNumber($0) } }
        if let array = value as? [Any] { return array.flatMap(steps) }
        guard let object = value as? [String: Any] else { return [] }
        if let list = object["itemListElement"] { return steps(list) }
        return steps(object["text"] ?? object["name"])
    }

    func seconds(_ value: Any?) -> Int? { (value as? String).flatMap(ImportedDuration.seconds) }

    @Test func aSavedPageWithAGraphCarriesEveryField() throws {
        let (folder, plan, diagnostics) = try importAndBuild([Self.fixtures.appendingPathComponent("schema/lasagne.html")])
        defer { folder.remove() }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let original = try #require(try source("schema/lasagne.html").first)
        let built = try builtRecipe(folder, slug: "weeknight-lasagne")
        #expect(built["name"] as? String == original["name"] as? String)
        #expect(built["description"] as? String == "Layers of ragù & béchamel, ready in under two hours. Good on day two.")
        #expect(built["recipeIngredient"] as? [String] == ["12 lasagne sheets", "500 g ragù (see our ragù)", "1 l béchamel",
                                                          "100 g Parmigiano Reggiano, grated", "Salt & pepper"])
        let sections = try #require(built["recipeInstructions"] as? [[String: Any]])
        #expect(sections.map { $0["name"] as? String } == ["The sauces", "Assembly"])
        #expect(steps(built["recipeInstructions"]) == ["Warm the ragù.", "Make the béchamel and season it.",
                                                       "Layer sheets, ragù and béchamel, four times.", "Bake at 180 °C for 45 minutes; rest 15 minutes."])
        for key in ["prepTime", "cookTime", "totalTime"] {
            #expect(seconds(built[key]) == seconds(original[key]), "\(key)")
        }
        #expect(built["recipeYield"] as? String == "6")
        #expect(built["recipeCategory"] as? String == "Main course")
        #expect(built["recipeCuisine"] as? String == "Italian")
        #expect(built["keywords"] as? String == "Home cooking, pasta, oven, make-ahead")
        #expect(built["suitableForDiet"] as? [String] == ["https://schema.org/VegetarianDiet"])
        #expect((built["tool"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Baking dish", "Saucepan"])
        let nutrition = try #require(built["nutrition"] as? [String: String])
        #expect(nutrition["calories"] == "640 calories" && nutrition["fatContent"] == "28 g" && nutrition["proteinContent"] == "31 g")
        #expect(nutrition["servingSize"] == "1 slice")
        #expect((built["author"] as? [String: Any])?["name"] as? String == "Ada Lovelace, Charles Babbage")
        #expect(built["datePublished"] as? String == "2023-10-05")
        #expect((built["isBasedOn"] as? String ?? (built["isBasedOn"] as? [String: Any])?["url"] as? String) == "https://grandma.example/lasagne")
        let video = try #require(built["video"] as? [String: Any])
        #expect(video["embedUrl"] as? String == "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" || video["embedUrl"] as? String == "https://www.youtube.com/embed/dQw4w9WgXcQ")
        #expect(video["uploadDate"] as? String == "2023-10-05")
        #expect((built["image"] as? [String])?.first == "https://kitchen.example/img/lasagne-1200.jpg")
        // What gallerygen has no field for is kept under extra:, and listed.
        let text = try String(contentsOf: folder.url.appendingPathComponent("site/recipes/weeknight-lasagne.md"), encoding: .utf8)
        #expect(text.contains("\"aggregate_rating\": \"ratingCount: 212, ratingValue: 4.8\""))
        #expect(text.contains("\"nutrition.potassium_content\": \"800 mg\""))
        #expect(plan.summary == ["1 recipe, 0 photos",
                                 "kept under extra: aggregateRating (1), nutrition.potassiumContent (1), url (1)",
                                 "not carried: recipeInstructions pictures (1), review (1)"])
    }

    @Test func aJSONArrayWithMainEntityTextInstructionsAndLinks() throws {
        let (folder, _, diagnostics) = try importAndBuild([Self.fixtures.appendingPathComponent("schema/collection.json")])
        defer { folder.remove() }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let posset = try builtRecipe(folder, slug: "lemon-posset")
        #expect(posset["description"] as? String == "Three ingredients, no oven.")
        #expect(posset["recipeIngredient"] as? [String] == ["600 ml double cream", "150 g caster sugar", "2 unwaxed lemons, juiced"])
        #expect(steps(posset["recipeInstructions"]) == ["Boil the cream and sugar for 3 minutes.", "Stir in the lemon juice.",
                                                        "Pour into glasses and chill for 3 hours."])
        #expect(posset["prepTime"] as? String == "PT20M" && posset["cookTime"] as? String == "PT5M")
        #expect(posset["recipeYield"] as? String == "4")
        #expect(posset["recipeCategory"] as? String == "Dessert")
        #expect(posset["keywords"] as? String == "Summer, dessert, lemon, make-ahead")
        let page = try String(contentsOf: folder.url.appendingPathComponent("out/recipes/lemon-posset/index.html"), encoding: .utf8)
        #expect(page.contains("2 <a href=\"https://desserts.example/lemons\">unwaxed lemons</a>, juiced"))
        let frappe = try builtRecipe(folder, slug: "café-frappé")
        #expect(frappe["totalTime"] as? String == "PT15M")
        #expect(frappe["recipeYield"] as? String == "2 glasses")
        #expect(frappe["recipeIngredient"] as? [String] == ["2 tsp instant coffee", "2 tsp sugar", "250 ml cold milk"])
        #expect(steps(frappe["recipeInstructions"]) == ["Shake the coffee, sugar and a splash of water until foamy.", "Top with milk and ice."])
    }

    @Test func aNextcloudCookbookFolderBringsItsPhoto() throws {
        let (folder, plan, diagnostics) = try importAndBuild([Self.fixtures.appendingPathComponent("nextcloud")])
        defer { folder.remove() }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(plan.summary.first == "2 recipes, 1 photo")
        let photo = try Data(contentsOf: folder.url.appendingPathComponent("site/images/banana-bread.jpg"))
        #expect(photo == (try Data(contentsOf: Self.fixtures.appendingPathComponent("nextcloud/Banana Bread/full.jpg"))))
        let bread = try builtRecipe(folder, slug: "banana-bread")
        #expect(bread["prepTime"] as? String == "PT15M" && bread["cookTime"] as? String == "PT1H")
        #expect(bread["totalTime"] as? String == "PT1H15M", "an unset PT0H0M0S is prep + cook")
        #expect(bread["keywords"] as? String == "bread, banana, breakfast")
        #expect((bread["image"] as? [String])?.isEmpty == false)
        #expect((bread["nutrition"] as? [String: String])?["sugarContent"] == "180 g")
        let text = try String(contentsOf: folder.url.appendingPathComponent("site/recipes/banana-bread.md"), encoding: .utf8)
        #expect(!text.contains("total_time"))
        let salad = try builtRecipe(folder, slug: "green-salad")
        #expect(salad["description"] == nil && salad["recipeYield"] as? String == "2")
    }

    @Test func anUnreadablePageIsAnErrorAtItsLine() {
        var source = ImportSource()
        source.read(Self.fixtures.appendingPathComponent("schema/broken.html"), display: "broken.html", format: nil, slugStyle: .unicode)
        #expect(source.recipes.isEmpty)
        #expect(source.diagnostics.count == 1)
        #expect(source.diagnostics.first?.severity == .error)
        #expect(source.diagnostics.first?.path == "broken.html")
        #expect(source.diagnostics.first?.line == 4, "\(source.diagnostics)")
        var missing = ImportSource()
        missing.read(Self.fixtures.appendingPathComponent("README.md"), display: "README.md", format: nil, slugStyle: .unicode)
        #expect(missing.diagnostics.map(\.description) == ["README.md:1:1: error: not a format gallerygen imports (schema, nextcloud, paprika, mealie, cooklang, jekyll, plist); name one with --from if it is one of them"])
    }

    @Test func photosAreDownloadedFromTheirAddressAndAFailureKeepsTheRecipe() throws {
        let jpeg = try Data(contentsOf: Self.fixtures.appendingPathComponent("nextcloud/Banana Bread/full.jpg"))
        let server = try PhotoServer([
            "/tart.jpg": .init(contentType: "image/jpeg", body: jpeg),
            "/page.jpg": .init(contentType: "text/html", body: Data("<html>".utf8)),
        ])
        defer { server.stop() }
        func recipe(_ title: String, _ path: String) -> ForeignRecipe {
            var recipe = ForeignRecipe(origin: "tarts.json", title: title)
            recipe.photo = .remote(server.url(path))
            recipe.ingredients = [IngredientGroup(title: nil, items: ["1 tart"])]
            return recipe
        }
        let fetcher = PhotoFetcher()
        let plan = ImportPlan([recipe("Tart", "/tart.jpg"), recipe("Pie", "/page.jpg"), recipe("Flan", "/gone.jpg")],
                              slugStyle: .unicode, fetch: { fetcher.fetch($0) })
        #expect(plan.files.map(\.path) == ["images/tart.jpg", "recipes/tart.md", "recipes/pie.md", "recipes/flan.md"])
        #expect(plan.files[0].data == jpeg)
        #expect(plan.diagnostics.map(\.description) == [
            "tarts.json:1:1: warning: the photo \(server.url("/page.jpg")) was not downloaded: the server sent 'text/html', not a picture; the recipe is imported without it",
            "tarts.json:1:1: warning: the photo \(server.url("/gone.jpg")) was not downloaded: the server answered 404; the recipe is imported without it",
        ])
        #expect(String(decoding: plan.files[1].data, as: UTF8.self).contains("image: images/tart.jpg"))
        #expect(Set(server.requested) == ["/tart.jpg", "/page.jpg", "/gone.jpg"])
        // With no download (and so with no network at all) nothing is asked for.
        let offline = ImportPlan([recipe("Tart", "/tart.jpg")], slugStyle: .unicode, fetch: nil)
        #expect(offline.files.map(\.path) == ["recipes/tart.md"])
        #expect(offline.diagnostics.count == 1)
    }

    @Test func runningTheSameImportAgainChangesNothingAndADifferentRecipeIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/site.yml", "title: Again\n")
        let site = folder.url.appendingPathComponent("site")
        var source = ImportSource()
        source.read(Self.fixtures.appendingPathComponent("nextcloud"), display: "nextcloud", format: nil, slugStyle: .unicode)
        let plan = ImportPlan(source.recipes, slugStyle: .unicode, fetch: nil)
        #expect(try ImportWriter.write(plan.files, to: site, displayRoot: "site", force: false).count == 3)
        let before = treeContents(site)
        #expect(try ImportWriter.write(plan.files, to: site, displayRoot: "site", force: false).isEmpty)
        #expect(treeContents(site) == before)
        try folder.write("site/recipes/green-salad.md", "---\ntitle: My own salad\n---\n")
        #expect {
            _ = try ImportWriter.write(plan.files, to: site, displayRoot: "site", force: false)
        } throws: { error in
            (error as? ImportFailure)?.description == "site/recipes/green-salad.md:1:1: error: a recipe file with this name already exists; pass --force to replace it"
        }
    }
}
