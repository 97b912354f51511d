import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryCLI

@Suite struct NewCommandTests: CommandWorkspace {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    @Test func starterSiteBuildsAsItIs() throws {
        let (code, console) = run(["new", "site", "my-bar"])
        #expect(code == 0, "\(console.error)")
        #expect(console.out.contains("Created a new site in my-bar"))
        #expect(try read("my-bar/site.yml").contains("# The site's settings."))
        let (built, buildConsole) = run(["build", "--site", "my-bar"])
        #expect(built == 0, "\(buildConsole.error)")
        #expect(buildConsole.out.contains("Built 3 recipes"))
        #expect(!buildConsole.error.contains("warning"), "\(buildConsole.error)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("my-bar/public/images/lemonade.svg").path)
            || FileManager.default.fileExists(atPath: directory.appendingPathComponent("my-bar/public/recipes/lemonade/index.html").path))
        let (checked, checkConsole) = run(["check", "--site", "my-bar"])
        #expect(checked == 0, "\(checkConsole.error)")
    }

    @Test func refusesANonEmptyFolder() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("busy"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: directory.appendingPathComponent("busy/notes.txt"))
        let (code, console) = run(["new", "site", "busy"])
        #expect(code == 1)
        #expect(console.error.contains("busy:1:1: error: the folder is not empty"))
        #expect(try read("busy/notes.txt") == "mine")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("busy/site.yml").path))
        // An empty existing folder is fine.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        #expect(run(["new", "site", "empty"]).0 == 0)
    }

    @Test func newRecipeFillsInTheFrontMatterAndBuilds() throws {
        #expect(run(["new", "site", "bar"]).0 == 0)
        let (code, console) = run(["new", "recipe", "Piña Colada: the \"real\" one", "--site", "bar", "--date", "2024-07-01"])
        #expect(code == 0, "\(console.error)")
        #expect(console.out.contains("Created bar/recipes/piña-colada-the-real-one.md"))
        let text = try read("bar/recipes/piña-colada-the-real-one.md")
        #expect(text.hasPrefix("---\ntitle: \"Piña Colada: the \\\"real\\\" one\"\ndate: 2024-07-01\n"))
        #expect(text.contains("## Method\n\n1. "))
        let (built, buildConsole) = run(["build", "--site", "bar"])
        #expect(built == 0, "\(buildConsole.error)")
        #expect(buildConsole.out.contains("Built 4 recipes"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("bar/public/recipes/piña-colada-the-real-one/index.html").path))
    }

    @Test func newRecipeUsesTodayAndNeverOverwrites() throws {
        #expect(run(["new", "site", "bar"]).0 == 0)
        #expect(run(["new", "recipe", "Gimlet", "--site", "bar"]).0 == 0)
        #expect(try read("bar/recipes/gimlet.md").contains("date: \(NewCommand.today().iso8601)\n"))
        try Data("---\ntitle: Mine\n---\n".utf8).write(to: directory.appendingPathComponent("bar/recipes/gimlet.md"))
        let (code, console) = run(["new", "recipe", "Gimlet", "--site", "bar"])
        #expect(code == 1)
        #expect(console.error.contains("bar/recipes/gimlet.md:1:1: error: the recipe file already exists"))
        #expect(try read("bar/recipes/gimlet.md").contains("Mine"))
    }

    @Test func newPostIsAJournalPostThatBuilds() throws {
        #expect(run(["new", "site", "bar"]).0 == 0)
        let (code, console) = run(["new", "post", "Summer on the terrace", "--site", "bar", "--date", "2025-06-01"])
        #expect(code == 0, "\(console.error)")
        #expect(console.out.contains("Created bar/posts/summer-on-the-terrace.md"))
        let text = try read("bar/posts/summer-on-the-terrace.md")
        #expect(text.hasPrefix("---\ntitle: Summer on the terrace\ndate: 2025-06-01\n"))
        let (built, buildConsole) = run(["build", "--site", "bar"])
        #expect(built == 0, "\(buildConsole.error)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("bar/public/journal/summer-on-the-terrace/index.html").path))
        let (again, againConsole) = run(["new", "post", "Summer on the terrace", "--site", "bar"])
        #expect(again == 1 && againConsole.error.contains("bar/posts/summer-on-the-terrace.md:1:1: error: the post file already exists"))
    }

    @Test func aLongTitleGetsAShortenedUniqueFileName() throws {
        #expect(run(["new", "site", "bar"]).0 == 0)
        let words = "Grandmother's Slow Sunday Braised Short Ribs with Red Wine, Rosemary, Garlic and Winter Vegetables"
        let title = String((words + " " + words + " " + words + " " + words).prefix(300))
        let (code, console) = run(["new", "recipe", title, "--site", "bar", "--date", "2024-07-01"])
        #expect(code == 0, "\(console.error)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("bar/recipes").path)
        let made = try #require(names.first { $0.hasPrefix("grandmothers-slow") })
        #expect(made == "grandmothers-slow-sunday-braised-short-ribs-with-red-wine-rosemary-garlic-and-winter-vegetables.md")
        #expect(console.out.contains("Created bar/recipes/\(made)"))
        #expect(try read("bar/recipes/\(made)").contains(title.prefix(80)), "the title is kept whole")
        // Another long title that starts alike gets the next free name, not an error.
        let (again, againConsole) = run(["new", "recipe", title + " again", "--site", "bar"])
        #expect(again == 0, "\(againConsole.error)")
        #expect(againConsole.out.contains("Created bar/recipes/\(made.dropLast(3))-2.md"))
        let (built, buildConsole) = run(["build", "--site", "bar"])
        #expect(built == 0, "\(buildConsole.error)")
    }

    @Test func usageErrors() {
        #expect(run(["new"]).0 == 2)
        #expect(run(["new", "page", "x"]).0 == 2)
        #expect(run(["new", "site"]).0 == 2)
        #expect(run(["new", "recipe", "!!!"]).0 == 2)
        #expect(run(["new", "recipe", "Gimlet", "--date", "July"]).0 == 2)
        let (code, console) = run(["new", "recipe", "Gimlet", "--site", "nowhere"])
        #expect(code == 1)
        #expect(console.error.contains("nowhere:1:1: error: site folder not found"))
    }
}
