import Foundation
import Testing
import GalleryTestSupport

@Suite struct ImportCommandTests: CommandWorkspace {
    let folder: TemporaryDirectory
    static let fixture = Paths.root.appendingPathComponent("Tests/Fixtures/seed-plist/DrinkList.plist").path

    init() throws {
        folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("site"), withIntermediateDirectories: true)
        try Data("title: Imported Bar\n".utf8).write(to: directory.appendingPathComponent("site/site.yml"))
    }

    @Test func importsTheSeedListIntoRecipesThatBuild() throws {
        let (code, console) = run(["import", Self.fixture, "--site", "site"])
        #expect(code == 0, "\(console.error)")
        #expect(console.out.contains("site/recipes/mojito.md"))
        #expect(console.out.contains("Imported 4 recipes"))
        #expect(console.error.contains("DrinkList.plist:48:2: warning: item 3: left out the image 'shirley-temple.png'"))
        let (built, buildConsole) = run(["build", "--site", "site"])
        #expect(built == 0, "\(buildConsole.error)")
        #expect(buildConsole.out.contains("Built 4 recipes"))
    }

    @Test func runningItAgainChangesNothingAndAnEditedRecipeIsKeptUnlessForced() throws {
        #expect(run(["import", Self.fixture, "--site", "site"]).0 == 0)
        let (same, sameConsole) = run(["import", Self.fixture, "--site", "site"])
        #expect(same == 0, "\(sameConsole.error)")
        #expect(sameConsole.out.contains("Imported 4 recipes, 0 photos (4 files already as imported)."), "\(sameConsole.out)")
        try Data("---\ntitle: My own mojito\n---\n".utf8).write(to: directory.appendingPathComponent("site/recipes/mojito.md"))
        let (again, console) = run(["import", Self.fixture, "--site", "site"])
        #expect(again == 1)
        #expect(console.error.contains("site/recipes/mojito.md:1:1: error: a recipe file with this name already exists; pass --force to replace it"))
        #expect(console.error.contains("nothing was written or replaced"))
        #expect(run(["import", Self.fixture, "--site", "site", "--force"]).0 == 0)
    }

    @Test func aMealieBackupSaysWhichVersionItIs() throws {
        let fixtures = Paths.root.appendingPathComponent("Tests/Fixtures/import/mealie").path
        let (code, console) = run(["import", "-s", "site", fixtures + "/mealie-v2-backup.zip", fixtures + "/yoghurt-flatbreads.zip"])
        #expect(code == 0, "\(console.error)")
        #expect(console.out.contains("mealie-v2-backup.zip: a Mealie v1+ backup (database.json at schema revision b1020f328e98 of 2024-10-23)\n"), "\(console.out)")
        #expect(console.out.contains("yoghurt-flatbreads.zip: a Mealie recipe export (<slug>.json with original.webp)\n"))
        #expect(console.out.contains("Imported 3 recipes, 2 photos.\n"))
        #expect(console.out.hasSuffix("not carried: comments (1), timeline events (1)"))
        let (built, buildConsole) = run(["build", "--site", "site"])
        #expect(built == 0, "\(buildConsole.error)")
    }

    @Test func schemaPagesAndNextcloudFoldersAreRecognisedAndSummarised() throws {
        let fixtures = Paths.root.appendingPathComponent("Tests/Fixtures/import").path
        let (code, console) = run(["import", "-s", "site", "--no-download", fixtures + "/schema/lasagne.html", fixtures + "/nextcloud"])
        #expect(code == 0, "\(console.error)")
        #expect(console.out.contains("Imported 3 recipes, 1 photo."), "\(console.out)")
        #expect(console.out.contains("kept under extra: aggregateRating (1), nutrition.potassiumContent (1), url (1)"))
        #expect(console.out.hasSuffix("not carried: recipeInstructions pictures (1), review (1)"), "\(console.out)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("site/images/banana-bread.jpg").path))
        let (built, buildConsole) = run(["build", "--site", "site"])
        #expect(built == 0, "\(buildConsole.error)")
    }

    @Test func keepGoingImportsWhatCanBeReadAndListsTheRest() throws {
        let fixtures = Paths.root.appendingPathComponent("Tests/Fixtures/import").path
        let sources = [fixtures + "/schema/broken.html", fixtures + "/schema/collection.json"]
        let (stopped, stoppedConsole) = run(["import", "-s", "site"] + sources)
        #expect(stopped == 1)
        #expect(stoppedConsole.error.contains("broken.html:4:31: error: the JSON-LD cannot be read"), "\(stoppedConsole.error)")
        #expect(stoppedConsole.error.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("site/recipes").path))
        let (code, console) = run(["import", "-s", "site", "--keep-going", "--no-download"] + sources)
        #expect(code == 1)
        #expect(console.out.contains("Imported 2 recipes, 0 photos."), "\(console.out)")
        #expect(console.out.contains("skipped what the 1 error above names (--keep-going)"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("site/recipes/lemon-posset.md").path))
        #expect(run(["import", "-s", "site", "--from", "recipe-box", sources[1]]).0 == 2)
    }

    @Test func unreadableFilesNameTheFile() throws {
        try Data("not a plist".utf8).write(to: directory.appendingPathComponent("broken.plist"))
        let (code, console) = run(["import", "broken.plist", "--site", "site"])
        #expect(code == 1)
        #expect(console.error.contains("broken.plist:1:1: error: not a format gallerygen imports"))
        #expect(run(["import", "broken.plist", "--site", "site", "--from", "plist"]).1.error.contains("broken.plist:1:1: error: not a readable property list"))
        let (missing, missingConsole) = run(["import", "nope.plist", "--site", "site"])
        #expect(missing == 1)
        #expect(missingConsole.error.contains("nope.plist:1:1: error: cannot read it (does it exist?)"))
        #expect(run(["import"]).0 == 2)
        #expect(run(["import", Self.fixture, "--site", "no-site"]).0 == 1)
    }

    /// The fault run's case: `--force` replaced an edited mojito.md, then stopped on a later item
    /// whose name is too long for a file name. Now every item is checked first and nothing changes.
    @Test func forcedImportThatFailsOnALaterItemChangesNothing() throws {
        #expect(run(["import", Self.fixture, "--site", "site"]).0 == 0)
        let mojito = directory.appendingPathComponent("site/recipes/mojito.md")
        try Data("---\ntitle: My edited mojito\n---\n".utf8).write(to: mojito)
        let long = String(repeating: "x", count: 300)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array>
            <dict><key>name</key><string>Mojito</string></dict>
            <dict><key>name</key><string>\(long)</string></dict>
            </array>
            </plist>
            """.utf8).write(to: directory.appendingPathComponent("long.plist"))
        let (code, console) = run(["import", "long.plist", "--site", "site", "--force"])
        #expect(code == 1)
        #expect(console.error.contains("long.plist:5:1: error: item 1: the name makes a file name of 303 bytes"), "\(console.error)")
        #expect(console.error.contains("nothing was written"))
        #expect(try String(contentsOf: mojito, encoding: .utf8) == "---\ntitle: My edited mojito\n---\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("site").path).sorted() == ["recipes", "site.yml"])
    }
}
