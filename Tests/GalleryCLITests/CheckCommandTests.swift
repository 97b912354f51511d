import Foundation
import Testing
import GalleryTestSupport

@Suite struct CheckCommandTests: CommandWorkspace {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    @Test func sampleSiteHasNoBrokenLinks() throws {
        let site = Paths.root.appendingPathComponent("Site").path
        let (code, console) = run(["check", "--site", site])
        #expect(code == 0, "\(console.error)")
        // The one warning is the stand-in video's missing upload date (Site/recipes/negroni.md says why).
        #expect(console.out.contains(": no errors, 1 warning."), "\(console.out)")
        #expect(console.error.contains("Site/recipes/negroni.md:18:1: warning: the video has no upload date"), "\(console.error)")
        // The check built into a temporary folder: the sample site's own output was not touched.
        #expect(!console.error.contains("error"))
    }

    @Test func findsABrokenLinkInARecipe() throws {
        try write("site/site.yml", "title: Links\n")
        try write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nA cousin of the [Sidecar](../sidecar/) and the [Daiquiri](../daiquiri/).\n")
        try write("site/recipes/daiquiri.md", "---\ntitle: Daiquiri\n---\nShake.\n")
        let (code, console) = run(["check", "--site", "site"])
        #expect(code == 1)
        let lines = console.error.split(separator: "\n").filter { $0.contains(": error: broken link") }
        // One error, at the recipe's page; the cookbook that prints its body (the link moved to
        // its folder) is named in the note after it, not as a second error.
        #expect(lines.count == 1, "\(console.error)")
        #expect(lines.first?.hasPrefix("site/public/recipes/gimlet/index.html:") == true)
        #expect(lines.first?.contains(": error: broken link '../sidecar/': no file 'recipes/sidecar/index.html' in the output") == true)
        let notes = console.error.split(separator: "\n").filter { $0.contains(": note: ") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("also linked from 1 more place: site/public/cookbook/index.html:") == true, "\(console.error)")
        #expect(console.error.contains("check failed: 1 broken link in"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("site/public").path))
    }

    @Test func checksAnExistingOutputAsItIs() throws {
        try write("site/site.yml", "title: Links\n")
        try write("site/recipes/gimlet.md", "---\ntitle: Gimlet\n---\nShake.\n")
        #expect(run(["build", "--site", "site", "--output", "out"]).0 == 0)
        #expect(run(["check", "--site", "site", "--output", "out"]).0 == 0)
        try write("out/extra.html", "<p>\n  <a href=\"recipes/negroni/\">Negroni</a></p>")
        let (code, console) = run(["check", "--site", "site", "--output", "out"])
        #expect(code == 1)
        #expect(console.error.contains("out/extra.html:2:12: error: broken link 'recipes/negroni/'"))
        let (missing, missingConsole) = run(["check", "--site", "site", "--output", "nothing-here"])
        #expect(missing == 1)
        #expect(missingConsole.error.contains("nothing-here:1:1: error: no website here"))
    }

    @Test func contentErrorsFailTheCheck() throws {
        try write("site/site.yml", "title: Links\n")
        try write("site/recipes/bad.md", "---\ntitle: [oops\n---\n")
        let (code, console) = run(["check", "--site", "site"])
        #expect(code == 1)
        #expect(console.error.contains("site/recipes/bad.md:"))
        #expect(console.error.contains("check failed: the site does not build"))
    }
}
