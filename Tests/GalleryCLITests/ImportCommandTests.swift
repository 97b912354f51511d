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

    @Test func refusesToOverwriteUnlessForced() throws {
        #expect(run(["import", Self.fixture, "--site", "site"]).0 == 0)
        let (again, console) = run(["import", Self.fixture, "--site", "site"])
        #expect(again == 1)
        #expect(console.error.contains("site/recipes/mojito.md:1:1: error: a recipe file with this name already exists; pass --force to replace it"))
        #expect(console.error.contains("no recipe was written"))
        #expect(run(["import", Self.fixture, "--site", "site", "--force"]).0 == 0)
    }

    @Test func unreadableFilesNameTheFile() throws {
        try Data("not a plist".utf8).write(to: directory.appendingPathComponent("broken.plist"))
        let (code, console) = run(["import", "broken.plist", "--site", "site"])
        #expect(code == 1)
        #expect(console.error.contains("broken.plist:1:1: error: not a readable property list"))
        let (missing, missingConsole) = run(["import", "nope.plist", "--site", "site"])
        #expect(missing == 1)
        #expect(missingConsole.error.contains("nope.plist:1:1: error: cannot read the file"))
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
        #expect(console.error.contains("no recipe was written"))
        #expect(try String(contentsOf: mojito, encoding: .utf8) == "---\ntitle: My edited mojito\n---\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("site").path).sorted() == ["recipes", "site.yml"])
    }
}
