import Testing
import GalleryTestSupport
@testable import GalleryContent

/// What a Markdown body's image URLs name, and where the content phase says they are written.
@Suite struct BodyPictureTests {
    func resolved(_ url: String, from document: String = "recipes/mojito.md") -> ImageReference? {
        try? BodyPicture.resolve(url, documentPath: document).get()
    }

    @Test func pathsResolveFromTheDocumentsFolderOrTheSiteFolder() {
        #expect(resolved("../images/step1.jpg") == .local("images/step1.jpg"))
        #expect(resolved("step1.jpg") == .local("recipes/step1.jpg"))
        #expect(resolved("./../images/./a%20b.jpg?v=2#top") == .local("images/a b.jpg"))
        #expect(resolved("/images/step1.jpg") == .local("images/step1.jpg"))
        #expect(resolved("../images/x.png", from: "pages/about/team.md") == .local("pages/images/x.png"))
    }

    @Test func remoteAndOtherURLsAreKeptOrLeftAlone() {
        #expect(resolved("https://example.com/a.jpg") == .remote("https://example.com/a.jpg"))
        #expect(resolved("HTTP://example.com/a.jpg") == .remote("HTTP://example.com/a.jpg"))
        for url in ["", "data:image/png;base64,AAAA", "//cdn.example.com/a.jpg", "#anchor", "mailto:a@b.c"] {
            #expect(resolved(url) == nil, "\(url)")
            if case .failure(let problem) = BodyPicture.resolve(url, documentPath: "recipes/a.md") {
                Issue.record("\(url): \(problem.message)")
            }
        }
    }

    @Test func pathLeavingTheSiteFolderIsAProblem() {
        guard case .failure(let problem) = BodyPicture.resolve("../../secret.jpg", documentPath: "recipes/a.md") else {
            Issue.record("escaping path accepted")
            return
        }
        #expect(problem.message == "image '../../secret.jpg' leads outside the site folder")
        #expect(throws: ImagePath.Problem.self) { try BodyPicture.resolve("/../x.jpg", documentPath: "recipes/a.md").get() }
    }

    @Test func scanGivesFileLinesAndCharacterColumns() {
        let body = "Intro caf\u{E9} ![a](../images/a.jpg) and ![b](https://x.test/b.jpg).\n\n1. Step ![c](/images/c.png \"C\")\n\n> ![d](../../d.jpg)\n"
        let (pictures, problems) = BodyPicture.scan(body, sourcePath: "recipes/x.md", bodyLine: 6, displayPath: "Site/recipes/x.md")
        #expect(pictures.map(\.reference) == [.local("images/a.jpg"), .remote("https://x.test/b.jpg"), .local("images/c.png")])
        #expect(pictures.map(\.line) == [6, 6, 8])
        // "café" is five bytes but four characters: the column counts characters.
        #expect(pictures.map(\.column) == [12, 38, 9])
        #expect(problems.map(\.description) == ["Site/recipes/x.md:10:3: error: image '../../d.jpg' leads outside the site folder"])
    }

    @Test func recipeKeepsItsPicturesAndAnEscapingOneFailsIt() {
        let text = "---\ntitle: Sour\n---\nShake.\n\n![Glass](../images/sour.jpg \"Chilled\")\n\n![x](../../x.jpg)\n"
        let (recipe, diagnostics) = RecipeParser.parse(text, sourcePath: "recipes/sour.md", displayPath: "recipes/sour.md")
        #expect(recipe?.bodyPictures.map(\.url) == ["../images/sour.jpg"])
        #expect(recipe?.pictureUses.map(\.path) == ["images/sour.jpg"])
        #expect(recipe?.pictureUses.first.map { ($0.line, $0.column, $0.isInBody) } ?? (0, 0, false) == (6, 1, true))
        #expect(diagnostics.map(\.description) == ["recipes/sour.md:8:1: error: image '../../x.jpg' leads outside the site folder"])
    }
}
