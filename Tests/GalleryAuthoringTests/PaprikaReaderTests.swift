import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryAuthoring
@testable import GalleryContent
@testable import GallerySupport

/// The Paprika fixtures (Tests/Fixtures/import/paprika, made by make.py from the JSON beside it)
/// imported, built, and each page's JSON-LD compared field by field with the source JSON.
@Suite struct PaprikaReaderTests {
    static let folder = SchemaOrgImportTests.fixtures.appendingPathComponent("paprika")

    func sourceJSON(_ name: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.folder.appendingPathComponent(name))) as? [String: Any])
    }

    @Test func anExportWithPhotosGroupsAndFreeTextTimes() throws {
        let tests = SchemaOrgImportTests()
        let (site, plan, diagnostics) = try tests.importAndBuild([Self.folder.appendingPathComponent("cookbook.paprikarecipes"),
                                                                 Self.folder.appendingPathComponent("creme-brulee.paprikarecipe")])
        defer { site.remove() }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(plan.summary == ["3 recipes, 1 photo", "kept under extra: difficulty (2), nutritional_info (1), rating (2), total_time (1)",
                                 "not carried: extra photos (1)"])
        let source = try sourceJSON("tikka.json")
        let tikka = try tests.builtRecipe(site, slug: "chicken-tikka")
        #expect(tikka["name"] as? String == source["name"] as? String)
        #expect(tikka["description"] as? String == source["description"] as? String)
        #expect(tikka["recipeIngredient"] as? [String] == (source["ingredients"] as? String)?.split(separator: "\n").map(String.init).filter { !$0.hasSuffix(":") })
        #expect(tests.steps(tikka["recipeInstructions"]) == ["Mix the marinade.", "Coat the chicken and leave for 1 hour.", "Grill until charred, about 15 minutes."])
        #expect(tikka["prepTime"] as? String == "PT1H15M" && tikka["cookTime"] as? String == "PT20M")
        #expect(tikka["recipeYield"] as? String == "4")
        #expect(tikka["keywords"] as? String == "Dinner, Indian")
        #expect(tikka["datePublished"] as? String == "2021-05-14")
        #expect(((tikka["isBasedOn"] as? [String: Any])?["url"] as? String) == source["source_url"] as? String)
        let photo = try Data(contentsOf: site.url.appendingPathComponent("site/images/chicken-tikka.jpg"))
        // make.py put lemonade.jpg's bytes in photo_data: they come out as they went in.
        #expect(photo == (try Data(contentsOf: Repository.fixtures.appendingPathComponent("images-basic/images/lemonade.jpg"))))
        let page = try String(contentsOf: site.url.appendingPathComponent("out/recipes/chicken-tikka/index.html"), encoding: .utf8)
        #expect(page.contains("<h3>For the marinade</h3>") && page.contains("Keeps two days in the fridge."))
        let pancakes = try tests.builtRecipe(site, slug: "pancakes")
        #expect(pancakes["recipeYield"] as? String == "12 pancakes")
        #expect(pancakes["cookTime"] as? String == "PT20M", "'about 20 minutes'")
        let brulee = try tests.builtRecipe(site, slug: "crème-brûlée")
        #expect(brulee["description"] as? String == "Silky & crisp.")
        #expect(brulee["recipeIngredient"] as? [String] == ["500 ml double cream", "5 egg yolks", "100 g sugar & more to burn", "1 vanilla pod"])
        #expect(tests.steps(brulee["recipeInstructions"]) == ["Warm the cream with the vanilla.", "Whisk into the yolks and sugar.",
                                                             "Bake at 150°C in a water bath for 40 minutes, chill, then burn the sugar."])
        #expect(brulee["prepTime"] as? String == "PT20M" && brulee["cookTime"] as? String == "PT40M" && brulee["totalTime"] as? String == "PT1H")
    }

    @Test func aTornOrNamelessEntryIsAnErrorNamingTheEntry() {
        let data = (try? Data(contentsOf: Self.folder.appendingPathComponent("broken.paprikarecipes"))) ?? Data()
        let (recipes, diagnostics) = PaprikaReader.recipes(from: data, display: "broken.paprikarecipes")
        #expect(recipes.map(\.title) == ["Pancakes"])
        #expect(diagnostics.map(\.description) == [
            "broken.paprikarecipes/Torn.paprikarecipe:1:1: error: the recipe cannot be unpacked: truncated gzip input",
            "broken.paprikarecipes/Nameless.paprikarecipe:1:1: error: the recipe has no name",
        ])
        #expect(PaprikaReader.recipes(from: Data("PK\u{3}\u{4}garbage".utf8), display: "x.paprikarecipes").diagnostics.first?.severity == .error)
    }

    @Test func anArchiveBombIsRefused() throws {
        // 300 MB of zeros gzip to about 300 KB: more than one entry may expand to.
        let zeros = Data(count: 300 * 1024 * 1024)
        let bomb = try #require(try? gzipped(zeros))
        #expect(throws: ArchiveReader.Failure.self) { try ArchiveReader.gunzip(bomb) }
    }

    /// gzip through /bin/gzip, which the test machines have (make test installs it).
    func gzipped(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-1"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return result
    }
}
