import Foundation
import Testing
import GalleryTestSupport
@testable import GalleryCLI

/// What a site of 26 recipes without pictures prints (issue 36): the warning that content was
/// dropped first, the rich-result advice in one line on `build` and cut short on `check`.
@Suite struct BuildWarningsTests: CommandWorkspace {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        try write("site/site.yml", "title: Test Bar\nbase_url: https://example.com/\n")
        for number in 1...26 {
            try write("site/recipes/drink-\(number + 10).md", """
                ---
                title: Drink \(number)
                summary: A drink.
                ingredients: [50 ml gin]
                servings: 1
                prep_time: 5 min
                \(number == 26 ? "colour: red\n" : "")---
                1. Stir.

                """)
        }
    }

    @Test func buildPrintsTheDroppedContentFirstAndTheAdviceInOneLine() {
        let (code, console) = run(["build", "--site", "site"])
        #expect(code == 0, "\(console.error)")
        let lines = console.error.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(console.error)")
        #expect(lines.first?.hasPrefix("site/recipes/drink-36.md:7:1: warning: unknown key 'colour'") == true, "\(console.error)")
        #expect(lines.last == "warning: Google's recipe rich results: 26 recipes without a picture; `gallerygen check` lists them")
    }

    @Test func checkListsTheFirstThreeOfAKindAndCountsTheRest() {
        let (code, console) = run(["check", "--site", "site"])
        #expect(code == 0, "\(console.error)")
        let lines = console.error.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(console.error)")
        #expect(lines.first?.contains("unknown key 'colour'") == true)
        #expect(lines[1].hasPrefix("site/recipes/drink-11.md:1:1: warning: the recipe has no picture"))
        #expect(lines[4] == "note: and 23 more recipes without a picture; `gallerygen check --warnings all` lists them")
        #expect(console.out.contains("no errors, 27 warnings."), "\(console.out)")
    }

    @Test func checkWithAllWarningsListsEveryOne() {
        let (code, console) = run(["check", "--site", "site", "--warnings", "all"])
        #expect(code == 0, "\(console.error)")
        #expect(console.error.split(separator: "\n").count == 27, "\(console.error)")
        #expect(run(["check", "--site", "site", "--warnings", "some"]).0 == 2)
    }
}
