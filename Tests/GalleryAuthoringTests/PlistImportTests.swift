import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryAuthoring
@testable import GalleryContent
import GalleryKit
@testable import GallerySupport

@Suite struct PlistImportTests {
    static let fixture = Repository.fixtures.appendingPathComponent("seed-plist/DrinkList.plist")

    func plist(_ items: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>
            \(items)
            </array>
            </plist>
            """.utf8)
    }

    @Test func mapsArrayAndDictionaryItemsOfTheSeedList() throws {
        let (recipes, diagnostics) = PlistImport.load(from: Self.fixture, displayPath: "DrinkList.plist")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        #expect(recipes.map(\.path) == ["recipes/mojito.md", "recipes/piña-colada.md",
                                        "recipes/dark-n-stormy-the-sailors-drink.md", "recipes/shirley-temple.md"])
        // The Shirley Temple's picture is a bundle file name, not a URL: left out with a warning at its item.
        #expect(diagnostics.map(\.description) == [
            "DrinkList.plist:48:2: warning: item 3: left out the image 'shirley-temple.png': it is not an https URL; copy the picture into images/ and set 'image:' in the recipe",
        ])

        let mojito = try #require(RecipeParser.parse(recipes[0].text, sourcePath: "recipes/mojito.md", displayPath: "mojito.md").0)
        #expect(mojito.title == "Mojito")
        #expect(mojito.image == .remote("https://images.example.com/drinks/mojito.jpg"))
        #expect(mojito.glass == "Highball")
        #expect(mojito.ingredients.count == 5)
        #expect(mojito.body.heldText!.contains("1. Muddle the mint with the sugar and lime juice.\n2. Add the rum"))

        let colada = try #require(RecipeParser.parse(recipes[1].text, sourcePath: "recipes/piña-colada.md", displayPath: "p.md").0)
        #expect(colada.ingredients == ["50 ml white rum", "30 ml coconut cream", "50 ml pineapple juice"])

        let stormy = try #require(RecipeParser.parse(recipes[2].text, sourcePath: recipes[2].path, displayPath: "s.md").0)
        #expect(stormy.title == "Dark 'n' Stormy: \"the sailor's drink\"")
        #expect(stormy.ingredients.last == "A wedge of lime # to garnish")
        #expect(stormy.body.heldText!.contains("2. Float the rum on top; do \\*not\\* stir."))

        let temple = try #require(RecipeParser.parse(recipes[3].text, sourcePath: recipes[3].path, displayPath: "t.md").0)
        #expect(temple.image == nil)
        #expect(temple.tags == ["zero-proof", "classic"])
        #expect(temple.body.heldText!.contains("1. Fill a glass with ice.\n2. Pour in the ginger ale and add the grenadine.\n3. Garnish"))
    }

    @Test func importedRecipesBuild() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("site/site.yml", "title: Imported\n")
        let site = folder.url.appendingPathComponent("site")
        let (recipes, _) = PlistImport.load(from: Self.fixture, displayPath: "DrinkList.plist")
        let written = try PlistImport.write(recipes, to: site, displayRoot: "site", force: false)
        #expect(written.count == 4)
        let options = BuildOptions(siteDirectory: site, outputDirectory: folder.url.appendingPathComponent("out"),
                                   themeDirectory: Repository.templates)
        let report = try SiteBuilder(options: options).build()
        #expect(report.recipeCount == 4)
        let page = try String(contentsOf: folder.url.appendingPathComponent("out/recipes/dark-n-stormy-the-sailors-drink/index.html"), encoding: .utf8)
        #expect(page.contains("Dark &#39;n&#39; Stormy") || page.contains("Dark 'n' Stormy") || page.contains("Dark &apos;n&apos; Stormy"))
    }

    @Test func reportsItemsItCannotMapWithTheirIndexAndLine() {
        let data = plist("""
            <array><string>Good</string></array>
            <integer>7</integer>
            <dict>
              <key>glass</key><string>Coupe</string>
            </dict>
            <array><true/></array>
            """)
        let (recipes, diagnostics) = PlistImport.recipes(from: data, displayPath: "list.plist")
        #expect(recipes.isEmpty)
        let messages = diagnostics.map(\.description)
        #expect(messages.contains("list.plist:6:1: error: item 1: each item must be an array or a dictionary describing one drink, found a number"))
        #expect(messages.contains("list.plist:7:1: error: item 2: the drink has no name (an array item starts with it; a dictionary names it 'name' or 'title')"))
        #expect(messages.contains("list.plist:10:1: error: item 3: 'element 0 (name)' must be text, found a boolean"))
    }

    @Test func reportsFilesThatAreNotAList() {
        let notPlist = PlistImport.recipes(from: Data("<plist><array><string>unclosed</array>".utf8), displayPath: "x.plist").diagnostics
        #expect(notPlist.first?.description.hasPrefix("x.plist:1:1: error: not a readable property list") == true, "\(notPlist)")
        let dictionary = Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>".utf8)
        #expect(PlistImport.recipes(from: dictionary, displayPath: "d.plist").diagnostics.map(\.description)
            == ["d.plist:1:1: error: the property list's root must be an array with one item per recipe, found a dictionary"])
        let missing = PlistImport.load(from: URL(fileURLWithPath: "/nonexistent/DrinkList.plist"), displayPath: "DrinkList.plist")
        #expect(missing.diagnostics.first?.description == "DrinkList.plist:1:1: error: cannot read the file (does it exist?)")
    }

    @Test func readsBinaryPropertyLists() throws {
        let items: [Any] = [["Gimlet", "https://example.com/gimlet.jpg", ["60 ml gin", "20 ml lime cordial"], "Shake with ice.", "Coupe"],
                            ["name": "Gimlet", "glass": "Rocks"]]
        let data = try PropertyListSerialization.data(fromPropertyList: items, format: .binary, options: 0)
        let (recipes, diagnostics) = PlistImport.recipes(from: data, displayPath: "b.plist")
        #expect(recipes.map(\.path) == ["recipes/gimlet.md", "recipes/gimlet-2.md"])
        #expect(diagnostics.map(\.description) == ["b.plist:1:1: warning: item 1: another item is also called 'Gimlet'; this one becomes 'gimlet-2'"])
    }

    /// 24 levels of arrays, each referring twice to the next, then a string: 223 bytes that
    /// expand to 2²⁵ objects once every shared reference is copied.
    static func doublingBinaryPlist(levels: Int = 24) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<levels {
            offsets.append(bytes.count)
            bytes += [0xA2, UInt8(level + 1), UInt8(level + 1)]
        }
        offsets.append(bytes.count)
        let text = Array(String(repeating: "x", count: 83).utf8)
        bytes += [0x5F, 0x10, UInt8(text.count)] + text
        let tableStart = bytes.count
        bytes += offsets.map { UInt8($0) }
        func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + be64(offsets.count) + be64(0) + be64(tableStart)
        return Data(bytes)
    }

    @Test func sharedReferencesThatMultiplyAreRefusedQuickly() throws {
        let data = Self.doublingBinaryPlist()
        #expect(data.count == 223)
        // Refused by counting (a bound on objects, below), not by a clock: the suite shares its cores.
        let (recipes, diagnostics) = PlistImport.recipes(from: data, displayPath: "Bomb.plist")
        #expect(recipes.isEmpty)
        #expect(diagnostics.map(\.description) == [
            "Bomb.plist:1:1: error: the binary property list refers to the same objects over and over: expanded, it holds more than 1000000 objects, far more than any drink list",
        ])
        // Sharing that does not multiply is counted, not refused: 12 levels expand to 8,191 objects.
        let small = Self.doublingBinaryPlist(levels: 12)
        #expect(try #require(BinaryPropertyListCheck.ObjectTable(small)).expandedCount(limit: 1_000_000) == 8_191)
        #expect(BinaryPropertyListCheck.check(small) == nil)
    }

    @Test func namesTooLongForAFileNameAreRefusedBeforeAnythingIsWritten() {
        let long = String(repeating: "Very ", count: 60)
        let data = plist("<dict><key>name</key><string>Mojito</string></dict>\n<dict><key>name</key><string>\(long)</string></dict>")
        let (recipes, diagnostics) = PlistImport.recipes(from: data, displayPath: "b.plist")
        #expect(recipes.isEmpty)
        #expect(diagnostics.map(\.description) == [
            "b.plist:6:1: error: item 1: the name makes a file name of 302 bytes ('very-very-very-very-very-very-very-very-…'), longer than the 255 a file name may have; shorten the name",
        ])
    }


    @Test func aPropertyListThatIsANamedPipeIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("DrinkList.plist")
        #expect(mkfifo(url.path, 0o644) == 0)
        // Should the reader block on the pipe (the bug), a writer opens it after a few seconds so
        // the reader sees an empty file and the test fails instead of hanging.
        let path = url.path
        DispatchQueue.global().asyncAfter(deadline: .now() + 4) {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
        let started = ContinuousClock.now
        let (recipes, diagnostics) = PlistImport.load(from: url, displayPath: "DrinkList.plist")
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(recipes.isEmpty)
        #expect(diagnostics.map(\.description) == ["DrinkList.plist:1:1: error: the file is a named pipe (FIFO), not a regular file"])
    }
}

@Suite struct PlistImportGroupTests {
    @Test func headedIngredientsBecomeGroupsAndFlatListsStayFlat() throws {
        let data = PlistImportTests().plist("""
            <dict><key>name</key><string>Sour</string>
            <key>ingredients</key><array>
              <dict><key>group</key><string>For the syrup</string><key>items</key><array><string>100 g sugar</string></array></dict>
              <string>To finish:</string><string>50 ml whisky</string><string>Ice</string>
            </array></dict>
            <dict><key>name</key><string>Flat</string><key>ingredients</key><string>50 ml gin
            Tonic</string></dict>
            """)
        let (recipes, diagnostics) = PlistImport.recipes(from: data, displayPath: "List.plist")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let sour = try #require(RecipeParser.parse(recipes[0].text, sourcePath: "recipes/sour.md", displayPath: "sour.md").0)
        #expect(sour.ingredientGroups == [IngredientGroup(title: "For the syrup", items: ["100 g sugar"]),
                                          IngredientGroup(title: "To finish", items: ["50 ml whisky", "Ice"])])
        #expect(recipes[1].text.contains("ingredients:\n  - 50 ml gin\n  - Tonic\n"))
    }
}
